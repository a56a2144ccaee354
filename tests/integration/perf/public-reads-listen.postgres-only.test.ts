// The LISTEN connection of the public-read cache on PostgreSQL: when the server drops it (failover, network
// cut) the cache turns off and is cleared at once (no missed invalidation can leave a stale answer), and
// comes back on after the listener reconnects by itself.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../fixtures/test-app';

describe('public-read cache LISTEN connection (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('is off while its connection is lost and on again once it reconnects', async () => {
    const until = Date.now() + 10_000;
    while (!t.context.publicCache.enabled && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(t.context.publicCache.enabled).toBe(true);
    await t.request('/api/spaces');
    expect(t.context.publicCache.size).toBe(1);

    const states: boolean[] = [];
    const timer = setInterval(() => states.push(t.context.publicCache.enabled), 5);
    await t.db.execute(sql.raw(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`));
    const back = Date.now() + 10_000;
    while (!(states.includes(false) && t.context.publicCache.enabled) && Date.now() < back) await new Promise((r) => setTimeout(r, 20));
    clearInterval(timer);
    expect(states).toContain(false);
    expect(t.context.publicCache.enabled).toBe(true);
    expect(t.context.publicCache.size).toBe(0);
  });
});
