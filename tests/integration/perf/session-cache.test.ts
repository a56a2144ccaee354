// The session cache (docs/decisions/0704) over HTTP: a signed-in read is answered without a session query,
// and a session stops signing in as soon as it is revoked — by its own sign-out on this instance (the very
// next request), by a write to the sessions or users table from anywhere (within the notification), and
// never while the cache cannot hear about changes. On PostgreSQL also across two instances.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheListening, within } from '../../fixtures/caches';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { openDatabase } from '#db/client';
import { testDatabaseKind } from '../../fixtures/test-database';
import { createSignedInUser } from '../../fixtures/users';

describe('session cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await cacheListening(t.context.sessionCache, 'session cache');
  });
  afterAll(async () => t.close());

  const me = (cookie: string) => t.request('/api/auth/user', { cookie });

  /** Signs in and reads once, so the session is cached; checks the next read is a cache hit. */
  async function cachedUser() {
    const user = await createSignedInUser(t);
    expect((await me(user.cookie)).status).toBe(200);
    const hits = t.context.sessionCache.hits;
    expect((await me(user.cookie)).json).toMatchObject({ id: user.id, email: user.email });
    expect(t.context.sessionCache.hits).toBe(hits + 1);
    return user;
  }

  it('answers a signed-in read from the cache, with the same visitor', async () => {
    const user = await cachedUser();
    const { json } = await me(user.cookie);
    expect(json).toMatchObject({ id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName });
  });

  it('refuses a signed-out session on the very next request', async () => {
    const user = await cachedUser();
    expect((await t.request('/api/auth/logout', { method: 'POST', cookie: user.cookie })).status).toBe(200);
    expect((await me(user.cookie)).status).toBe(401);
  });

  it('refuses a session signed out through the GET /api/logout link at once', async () => {
    const user = await cachedUser();
    expect((await t.request('/api/logout', { cookie: user.cookie, headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(302);
    expect((await me(user.cookie)).status).toBe(401);
  });

  it('refuses a session deleted by another connection (revocation, suspension) within the notification', async () => {
    const user = await cachedUser();
    await t.db.execute(sql`delete from sessions where user_id = ${user.id}`);
    const took = await within(1_000, async () => (await me(user.cookie)).status === 401);
    expect(took).toBeLessThan(1_000);
  });

  it('forgets a user whose account changed in the database (a suspension writes the users row)', async () => {
    const user = await cachedUser();
    const other = await cachedUser();
    await t.db.execute(sql`update users set first_name = 'Renamed' where id = ${user.id}`);
    await within(1_000, async () => {
      const hits = t.context.sessionCache.hits;
      await me(user.cookie);
      return t.context.sessionCache.hits === hits;
    });
    // Only that user's entries went: the other user is still a hit.
    const hits = t.context.sessionCache.hits;
    await me(other.cookie);
    expect(t.context.sessionCache.hits).toBe(hits + 1);
  });

  it("forgets a signed-in visitor's cached session once one of their writes is answered", async () => {
    const user = await cachedUser();
    // Refused (nothing written, so no notification): the forgetting is this instance's own.
    expect((await t.request('/api/auth/profile', { method: 'PATCH', cookie: user.cookie, body: { firstName: '' } })).status).toBe(400);
    const hits = t.context.sessionCache.hits;
    expect((await me(user.cookie)).status).toBe(200);
    expect(t.context.sessionCache.hits).toBe(hits);
  });

  it('is off, and empty, while it cannot hear about changes', async () => {
    const user = await cachedUser();
    t.context.sessionCache.setListening(false);
    try {
      expect(t.context.sessionCache.size).toBe(0);
      const hits = t.context.sessionCache.hits;
      await me(user.cookie);
      await me(user.cookie);
      expect(t.context.sessionCache.hits).toBe(hits);
      expect(t.context.sessionCache.size).toBe(0);
    } finally {
      t.context.sessionCache.setListening(true);
    }
  });

  it('never signs in with a cookie whose signature was altered, cached or not', async () => {
    const user = await cachedUser();
    const forged = user.cookie.replace(/(session_token=[^.;]+\.)([^;])/, (_m, head: string, c: string) => `${head}${c === 'A' ? 'B' : 'A'}`);
    expect(forged).not.toBe(user.cookie);
    expect((await me(forged)).status).toBe(401);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('session cache across two instances (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    // A second instance on the same database, as behind a load balancer.
    b = await startTestApp({ database: openDatabase({ databaseUrl: a.database.url!, poolSize: 5 }) });
    await cacheListening(a.context.sessionCache, 'session cache');
    await cacheListening(b.context.sessionCache, 'session cache');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a sign-out on one instance is refused by the other within the notification', async () => {
    const user = await createSignedInUser(a);
    expect((await b.request('/api/auth/user', { cookie: user.cookie })).status).toBe(200);
    const hits = b.context.sessionCache.hits;
    expect((await b.request('/api/auth/user', { cookie: user.cookie })).status).toBe(200);
    expect(b.context.sessionCache.hits).toBe(hits + 1);
    expect((await a.request('/api/auth/logout', { method: 'POST', cookie: user.cookie })).status).toBe(200);
    const took = await within(1_000, async () => (await b.request('/api/auth/user', { cookie: user.cookie })).status === 401);
    expect(took).toBeLessThan(1_000);
  });
});
