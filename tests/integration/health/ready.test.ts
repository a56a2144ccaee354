// GET /api/ready (docs/decisions/1401): 200 when this instance can serve, 503 with the reason otherwise —
// the database down, its migrations behind this code's, or the site build missing where one is served.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyResponseSchema } from '#contracts/health.schemas';
import { startTestApp, type TestApp } from '../../fixtures/test-app';

describe('GET /api/ready', () => {
  let apiOnly: TestApp;
  beforeAll(async () => {
    apiOnly = await startTestApp({ env: { SERVE_SITE: 'false' } });
  });
  afterAll(async () => apiOnly.close());

  it('is 200 for an API-only instance on a migrated database, never cached', async () => {
    const res = await apiOnly.request('/api/ready');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(readyResponseSchema.parse(res.json)).toEqual({ status: 'ready', checks: { database: 'up', migrations: 'current', site: 'not-served' } });
  });

  it('is 503 when the instance should serve the site and has no build', async () => {
    const t = await startTestApp();
    try {
      const res = await t.request('/api/ready');
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ status: 'not-ready', checks: { database: 'up', migrations: 'current', site: 'missing' } });
      expect(res.json.reason).toMatch(/npm run build/);
    } finally {
      await t.close();
    }
  });

  it('is 200 with the site build there, and 503 once it is gone', async () => {
    const clientDir = await mkdtemp(path.join(os.tmpdir(), 'farmspace-ready-site-'));
    const t = await startTestApp({ site: { clientDir } });
    try {
      expect((await t.request('/api/ready')).json).toMatchObject({ status: 'ready', checks: { site: 'present' } });
      await rm(clientDir, { recursive: true, force: true });
      const res = await t.request('/api/ready');
      expect(res.status).toBe(503);
      expect(res.json.checks.site).toBe('missing');
    } finally {
      await t.close();
      await rm(clientDir, { recursive: true, force: true });
    }
  });

  it('is 503 when the database is behind this code’s migrations', async () => {
    const t = await startTestApp({ env: { SERVE_SITE: 'false' } });
    try {
      // As if the last migration had not run yet (an instance of a newer release started first).
      // Raw: drizzle's own bookkeeping table.
      await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      const res = await t.request('/api/ready');
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ status: 'not-ready', checks: { database: 'up', migrations: 'behind' } });
      expect(res.json.reason).toMatch(/behind this code's migrations \(\d+ of \d+ applied\)/);
    } finally {
      await t.close();
    }
  });

  it('is 503 when the database does not answer, and says so', async () => {
    const t = await startTestApp({ env: { SERVE_SITE: 'false' } });
    await t.database.close();
    const res = await t.request('/api/ready');
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ status: 'not-ready', checks: { database: 'down', migrations: 'unknown' } });
    expect(res.json.reason).toMatch(/database did not answer/);
    await t.close();
  });
});
