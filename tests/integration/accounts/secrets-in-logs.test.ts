// No password, token or cookie value reaches a log line: the whole account journey runs with debug
// logging captured, then the captured lines are searched for every secret used. Each step must do what it
// says (a journey that failed early would log little and prove nothing).
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
    expect(reg.status, `register: ${reg.text}`).toBe(201);
    const cookie = cookieFromSetCookie(reg.headers.getSetCookie());
    expect(cookie, 'register sets the session cookie').toMatch(/session_token=/);
    secrets.push(...cookie.split('; ').map((c) => c.split('=').slice(1).join('=')));
    const verifyToken = tokenFromEmail(await latestEmailTo(t, email), '/verify-email');
    secrets.push(verifyToken);
    const verifyPage = await t.request(`/verify-email?token=${verifyToken}`);
    expect(verifyPage.status, 'the verification link is requested (no site here: 404, but logged)').toBe(404);
    const verified = await t.request('/api/auth/verify-email', { body: { token: verifyToken } });
    expect(verified.status, `verify-email: ${verified.text}`).toBe(200);
    const wrong = await t.request('/api/auth/login', { body: { email, password: 'wrong-guess-password' } });
    expect(wrong.status, `wrong password: ${wrong.text}`).toBe(401);
    secrets.push('wrong-guess-password');
    const login = await t.request('/api/auth/login', { body: { email, password } });
    expect(login.status, `login: ${login.text}`).toBe(200);
    const cookie2 = cookieFromSetCookie(login.headers.getSetCookie());
    expect(cookie2, 'login sets the session cookie').toMatch(/session_token=/);
    secrets.push(...cookie2.split('; ').map((c) => c.split('=').slice(1).join('=')));
    const changed = await t.request('/api/auth/change-password', { cookie: cookie2, body: { currentPassword: password, newPassword, confirmPassword: newPassword } });
    expect(changed.status, `change-password: ${changed.text}`).toBe(200);
    const forgot = await t.request('/api/auth/forgot-password', { body: { email } });
    expect(forgot.status, `forgot-password: ${forgot.text}`).toBe(200);
    const resetToken = tokenFromEmail(await latestEmailTo(t, email), '/reset-password');
    secrets.push(resetToken);
    await t.request(`/reset-password?token=${resetToken}`);
    const reset = await t.request('/api/auth/reset-password', { body: { token: resetToken, password: resetPassword, confirmPassword: resetPassword } });
    expect(reset.status, `reset-password: ${reset.text}`).toBe(200);
    // An error path with a body that contains a password must not echo it either.
    const refused = await t.request('/api/auth/register', { body: { firstName: '', lastName: '', email, password: 'x' } });
    expect(refused.status, 'an invalid registration is refused').toBe(400);
    // The reset signed every session out: the old cookie no longer reads the account.
    const user = await t.request('/api/auth/user', { cookie: cookie2 });
    expect(user.status, `user after the reset: ${user.text}`).toBe(401);
    const signedIn = await t.request('/api/auth/login', { body: { email, password: resetPassword } });
    expect(signedIn.status, `login with the reset password: ${signedIn.text}`).toBe(200);
    secrets.push(...cookieFromSetCookie(signedIn.headers.getSetCookie()).split('; ').map((c) => c.split('=').slice(1).join('=')));

    expect(t.logs.length).toBeGreaterThan(10);
    const all = t.logs.join('\n');
    for (const secret of secrets.filter((s) => s.length >= 8)) {
      // token values in URLs are decoded/encoded identically (base64url), so one search covers both
      expect(all.includes(secret), `a log line contains a secret (${secret.slice(0, 4)}…)`).toBe(false);
    }
    expect(all).not.toMatch(/session_token=[^;\s"[]/);
  });
});
