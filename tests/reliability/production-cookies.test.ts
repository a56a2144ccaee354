// Issue 15, item 8: in production only the `__Secure-` session cookie signs in. A plain-named cookie
// (planted by a sibling subdomain, or set over http, where the __Secure- prefix cannot be) is ignored,
// even when it carries a validly signed token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../fixtures/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'c'.repeat(40) } });
});
afterAll(async () => t.close());

async function registerAndGetToken(tag: string): Promise<{ email: string; value: string }> {
  const email = `${tag}-${Date.now()}@example.com`;
  const res = await t.request('/api/auth/register', { body: { firstName: 'Cookie', lastName: 'Test', email, password: 'Production-Cookie-42' } });
  expect(res.status, res.text).toBe(201);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Secure-farmspace.session_token='));
  expect(cookie).toBeDefined();
  return { email, value: cookie!.split(';')[0]!.slice('__Secure-farmspace.session_token='.length) };
}

describe('session cookies in production', () => {
  it('the __Secure- cookie signs in', async () => {
    const { email, value } = await registerAndGetToken('secure');
    const me = await t.request('/api/auth/user', { cookie: `__Secure-farmspace.session_token=${value}` });
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(email);
  });

  it('the same token under the plain name is ignored', async () => {
    const { value } = await registerAndGetToken('plain');
    const me = await t.request('/api/auth/user', { cookie: `farmspace.session_token=${value}` });
    expect(me.status).toBe(401);
    const conversations = await t.request('/api/conversations', { cookie: `farmspace.session_token=${value}` });
    expect(conversations.status).toBe(401);
  });

  it('a planted plain cookie never replaces the __Secure- one, in either order', async () => {
    const victim = await registerAndGetToken('victim');
    const attacker = await registerAndGetToken('attacker');
    for (const cookie of [
      `farmspace.session_token=${attacker.value}; __Secure-farmspace.session_token=${victim.value}`,
      `__Secure-farmspace.session_token=${victim.value}; farmspace.session_token=${attacker.value}`,
    ]) {
      const me = await t.request('/api/auth/user', { cookie });
      expect(me.status).toBe(200);
      expect(me.json.email).toBe(victim.email);
    }
  });
});
