// No password, token or cookie value reaches a log line: the whole account journey runs with debug
// logging captured, then the captured lines are searched for every secret used.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { cookieFromSetCookie } from '../../fixtures/users';
import { latestEmailTo, tokenFromEmail } from '../../fixtures/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('logs', () => {
  it('hold no password, token or cookie value', async () => {
    const secrets: string[] = [];
    const email = `logs-${Date.now()}@example.com`;
    const password = 'Very-Secret-Password-71';
    const newPassword = 'Even-More-Secret-Password-72';
    const resetPassword = 'Reset-Secret-Password-73';
    secrets.push(password, newPassword, resetPassword);

    const reg = await t.request('/api/auth/register', { body: { firstName: 'Log', lastName: 'Tester', email, password } });
    const cookie = cookieFromSetCookie(reg.headers.getSetCookie());
    secrets.push(...cookie.split('; ').map((c) => c.split('=').slice(1).join('=')));
    const verifyToken = tokenFromEmail(await latestEmailTo(t, email), '/verify-email');
    secrets.push(verifyToken);
    await t.request(`/verify-email?token=${verifyToken}`);
    await t.request('/api/auth/verify-email', { body: { token: verifyToken } });
    await t.request('/api/auth/login', { body: { email, password: 'wrong-guess-password' } });
    secrets.push('wrong-guess-password');
    const login = await t.request('/api/auth/login', { body: { email, password } });
    const cookie2 = cookieFromSetCookie(login.headers.getSetCookie());
    secrets.push(...cookie2.split('; ').map((c) => c.split('=').slice(1).join('=')));
    await t.request('/api/auth/change-password', { cookie: cookie2, body: { currentPassword: password, newPassword, confirmPassword: newPassword } });
    await t.request('/api/auth/forgot-password', { body: { email } });
    const resetToken = tokenFromEmail(await latestEmailTo(t, email), '/reset-password');
    secrets.push(resetToken);
    await t.request(`/reset-password?token=${resetToken}`);
    await t.request('/api/auth/reset-password', { body: { token: resetToken, password: resetPassword, confirmPassword: resetPassword } });
    // An error path with a body that contains a password must not echo it either.
    await t.request('/api/auth/register', { body: { firstName: '', lastName: '', email, password: 'x' } });
    await t.request('/api/auth/user', { cookie: cookie2 });

    expect(t.logs.length).toBeGreaterThan(10);
    const all = t.logs.join('\n');
    for (const secret of secrets.filter((s) => s.length >= 8)) {
      // token values in URLs are decoded/encoded identically (base64url), so one search covers both
      expect(all.includes(secret), `a log line contains a secret (${secret.slice(0, 4)}…)`).toBe(false);
    }
    expect(all).not.toMatch(/session_token=[^;\s"[]/);
  });
});
