// CSRF: state-changing /api requests (ours and better-auth's) need the site's Origin (or Referer) and a
// JSON body; anything else is 403 and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '#db/schema/index';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser } from '../../fixtures/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('CSRF guard', () => {
  it('refuses a foreign Origin on our routes and writes nothing', async () => {
    const u = await createSignedInUser(t);
    const res = await t.request('/api/auth/profile', { method: 'PATCH', cookie: u.cookie, body: { firstName: 'Evil', lastName: 'Corp', email: u.email }, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row?.firstName).toBe('Test');

    const reg = await t.request('/api/auth/register', { body: { firstName: 'A', lastName: 'B', email: `csrf-${Date.now()}@example.com`, password: 'Long-Enough-Pass-1' }, headers: { origin: 'https://evil.example' } });
    expect(reg.status).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.firstName, 'A'))).toHaveLength(0);
  });

  it('refuses a request with neither Origin nor Referer, and accepts a same-site Referer', async () => {
    const u = await createSignedInUser(t);
    const none = await fetch(`${t.baseUrl}/api/auth/logout`, { method: 'POST', headers: { cookie: u.cookie } });
    expect(none.status).toBe(403);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(1);
    const referer = await fetch(`${t.baseUrl}/api/auth/logout`, { method: 'POST', headers: { cookie: u.cookie, referer: `${t.baseUrl}/settings` } });
    expect(referer.status).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
  });

  it('refuses a form post (not JSON) even from the site', async () => {
    const u = await createSignedInUser(t);
    const res = await t.request('/api/auth/change-password', {
      cookie: u.cookie,
      body: `currentPassword=${encodeURIComponent(u.password)}&newPassword=Evil-Password-99&confirmPassword=Evil-Password-99`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(403);
    expect((await t.request('/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(200);
  });

  it("guards better-auth's own endpoints too", async () => {
    const u = await createSignedInUser(t);
    const res = await t.request('/api/auth/ba/sign-out', { method: 'POST', cookie: u.cookie, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(1);
    const revoke = await t.request('/api/auth/ba/revoke-sessions', { method: 'POST', cookie: u.cookie, body: {}, headers: { origin: 'null' } });
    expect(revoke.status).toBe(403);
  });

  it("better-auth's endpoints that would bypass the lockout and limits are closed", async () => {
    const u = await createSignedInUser(t);
    const signIn = await t.request('/api/auth/ba/sign-in/email', { body: { email: u.email, password: u.password } });
    expect(signIn.status).toBe(404);
    const signUp = await t.request('/api/auth/ba/sign-up/email', { body: { email: 'x@example.com', password: 'Long-Enough-Pass-1', name: 'X' } });
    expect(signUp.status).toBe(404);
  });

  it("better-auth's HTTP surface answers no session token: only signing out and revoking are reachable (issue 38 item 12)", async () => {
    const u = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const token = decodeURIComponent(u.cookie.split('=')[1]!).split('.')[0]!;
    expect(token.length).toBeGreaterThan(10);
    for (const path of ['/api/auth/ba/get-session', '/api/auth/ba/list-sessions', '/api/auth/ba/ok', '/api/auth/ba/account-info', '/api/auth/ba/list-accounts']) {
      const res = await t.request(path, { cookie: u.cookie });
      expect(res.status, `${path}: ${res.text}`).toBe(404);
      expect(res.text).not.toContain(token);
    }
    // A token never given out cannot be revoked one by one either; "sign out everywhere else" still works.
    expect((await t.request('/api/auth/ba/revoke-session', { cookie: u.cookie, body: { token } })).status).toBe(404);
    expect((await t.request('/api/auth/ba/revoke-other-sessions', { cookie: u.cookie, body: {} })).status).toBe(200);
    expect((await t.request('/api/auth/ba/revoke-sessions', { cookie: other.cookie, body: {} })).status).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, other.id))).toHaveLength(0);
    expect((await t.request('/api/auth/user', { cookie: u.cookie })).status).toBe(200);
  });

  it('lets safe methods through without an Origin', async () => {
    const res = await fetch(`${t.baseUrl}/api/health`);
    expect(res.status).toBe(200);
  });
});
