// Per-IP rate limits kept in rate_limits: sign-in, register, forgot-password and change-password answer
// 429 with Retry-After over their limit; X-Forwarded-For counts only when TRUST_PROXY is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rateLimits } from '#db/schema/index';
import { AUTH_RATE_LIMITS } from '#api/modules/auth/auth.routes';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser } from '../../fixtures/users';

// Invalid bodies are counted too (the limit is checked first), which keeps these tests fast.
describe('per-IP rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t.close());

  const cases = [
    { name: 'sign-in', path: '/api/auth/login', rule: AUTH_RATE_LIMITS.signIn },
    { name: 'register', path: '/api/auth/register', rule: AUTH_RATE_LIMITS.register },
    { name: 'forgot-password', path: '/api/auth/forgot-password', rule: AUTH_RATE_LIMITS.forgotPassword },
  ];
  for (const [i, c] of cases.entries()) {
    it(`${c.name}: ${c.rule.max} per window, then 429 with Retry-After, until the window ends`, async () => {
      const ip = `203.0.113.${i + 1}`;
      const send = (from = ip) => t.request(c.path, { body: {}, headers: { 'x-forwarded-for': from } });
      for (let k = 0; k < c.rule.max; k++) expect((await send()).status).toBe(400);
      const over = await send();
      expect(over.status).toBe(429);
      expect(over.json.code).toBe('rate_limited');
      expect(Number(over.headers.get('retry-after'))).toBe(c.rule.windowMs / 1000);
      // Another address is not affected.
      expect((await send(`198.18.0.${i + 1}`)).status).toBe(400);
      const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.ipAddress, ip));
      expect(row).toMatchObject({ endpoint: c.rule.endpoint, attempts: c.rule.max + 1 });
      t.clock.advance(c.rule.windowMs / 2);
      const later = await send();
      expect(Number(later.headers.get('retry-after'))).toBe(c.rule.windowMs / 2000);
      t.clock.advance(c.rule.windowMs / 2 + 1000);
      expect((await send()).status).toBe(400);
    });
  }

  it('change-password: limited per address for signed-in users', async () => {
    const u = await createSignedInUser(t);
    const send = () => t.request('/api/auth/change-password', { cookie: u.cookie, body: {}, headers: { 'x-forwarded-for': '203.0.113.50' } });
    for (let k = 0; k < AUTH_RATE_LIMITS.changePassword.max; k++) expect((await send()).status).toBe(400);
    const over = await send();
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('X-Forwarded-For is ignored: a client cannot dodge the limit by inventing addresses', async () => {
    const max = AUTH_RATE_LIMITS.forgotPassword.max;
    for (let k = 0; k <= max; k++) {
      const res = await t.request('/api/auth/forgot-password', { body: {}, headers: { 'x-forwarded-for': `10.0.0.${k}` } });
      expect(res.status).toBe(k < max ? 400 : 429);
    }
    const rows = await t.db.select().from(rateLimits).where(eq(rateLimits.endpoint, 'forgot-password'));
    expect(rows.map((r) => r.ipAddress)).toEqual(['127.0.0.1']);
  });
});
