import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../fixtures/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('answers 200 when the database is up', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 once the database is down', async () => {
    const other = await startTestApp();
    await other.database.close();
    const res = await other.request('/api/health');
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ status: 'unavailable', database: 'down' });
    expect(res.json.message).toMatch(/database/);
    await other.close();
  });
});
