// Every account call of spec section 7 (and those the pages need) over HTTP, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { emailNotifications, securityEvents, sessions, users } from '#db/schema/index';
import { AUTH_MESSAGES } from '#contracts/auth.schemas';
import { HOUR } from '#api/lib/clock';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { cookieFromSetCookie, createSignedInUser } from '../../fixtures/users';
import { latestEmailTo, tokenFromEmail } from '../../fixtures/outbox';

let t: TestApp;
beforeAll(async () => {
  // Behind a (trusted) proxy, so each registration can come from its own address: the per-IP limits are
  // tested in rate-limits.test.ts, not tripped here.
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => t.close());

let n = 0;
function newAccount() {
  n += 1;
  return { firstName: 'Ada', lastName: 'Lovelace', email: `ada${n}-${Date.now()}@example.com`, password: `Analytical-Engine-${n}!` };
}

let ip = 0;
function register(body: unknown) {
  ip += 1;
  return t.request('/api/auth/register', { body, headers: { 'x-forwarded-for': `198.51.100.${ip}` } });
}

function cookieOf(res: { headers: Headers }): string {
  return cookieFromSetCookie(res.headers.getSetCookie());
}

describe('register', () => {
  it('creates the user, signs in, and queues the verification e-mail in the same transaction', async () => {
    const account = newAccount();
    const res = await register(account);
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ email: account.email, firstName: 'Ada', lastName: 'Lovelace', userType: 'both', verified: false, emailNotifications: true, smsNotifications: false, inquiryAlerts: true, marketingEmails: false });
    expect(res.json.user).not.toHaveProperty('password');
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/farmspace\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/);

    const [outbox] = await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, account.email));
    expect(outbox).toMatchObject({ type: 'verification', status: 'pending', userId: res.json.user.id });
    const [signup] = await t.db.select().from(securityEvents).where(and(eq(securityEvents.userId, res.json.user.id), eq(securityEvents.eventType, 'signup')));
    expect(signup?.ipAddress).toBeTruthy();

    const me = await t.request('/api/auth/user', { cookie: cookieOf(res) });
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(account.email);
  });

  it('refuses an e-mail that already has an account, any case', async () => {
    const account = newAccount();
    await register(account);
    const again = await register({ ...account, email: account.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ message: AUTH_MESSAGES.emailTaken, fieldErrors: { email: AUTH_MESSAGES.emailTaken } });
  });

  it('validates with the messages of spec 5', async () => {
    const res = await register({ firstName: '', lastName: ' ', email: 'nope', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toEqual({
      firstName: AUTH_MESSAGES.firstNameRequired,
      lastName: AUTH_MESSAGES.lastNameRequired,
      email: AUTH_MESSAGES.emailInvalid,
      password: AUTH_MESSAGES.passwordTooShort,
    });
  });

  it('refuses passwords over 128 characters and the 10,000 most common ones', async () => {
    const long = await register({ ...newAccount(), password: 'x'.repeat(129) });
    expect(long.json.fieldErrors).toEqual({ password: AUTH_MESSAGES.passwordTooLong });
    const ok128 = await register({ ...newAccount(), password: 'Xy9!'.repeat(32) });
    expect(ok128.status).toBe(201);
    for (const common of ['password', 'iloveyou', 'Sunshine1', 'baseball', 'trustno1']) {
      const res = await register({ ...newAccount(), password: common });
      expect(res.status, common).toBe(400);
      expect(res.json.fieldErrors).toEqual({ password: AUTH_MESSAGES.passwordTooCommon });
    }
  });
});

describe('verify e-mail', () => {
  it('the link from the e-mail verifies once; an expired link does not', async () => {
    const account = newAccount();
    const reg = await register(account);
    const email = await latestEmailTo(t, account.email);
    expect(email.subject).toMatch(/Verify/);
    expect(email.html).toContain('/verify-email?token=');
    const token = tokenFromEmail(email, '/verify-email');
    const ok = await t.request('/api/auth/verify-email', { body: { token } });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, reg.json.user.id));
    expect(row?.verified).toBe(true);
    const reuse = await t.request('/api/auth/verify-email', { body: { token } });
    expect(reuse.status).toBe(400);
    expect(reuse.json.message).toBe(AUTH_MESSAGES.verifyLinkInvalid);

    const other = newAccount();
    await register(other);
    const otherToken = tokenFromEmail(await latestEmailTo(t, other.email), '/verify-email');
    t.clock.advance(25 * HOUR);
    const late = await t.request('/api/auth/verify-email', { body: { token: otherToken } });
    expect(late.status).toBe(400);
  });

  it('a signed-in user can ask for a new link', async () => {
    const account = newAccount();
    const reg = await register(account);
    const res = await t.request('/api/auth/send-verification', { method: 'POST', cookie: cookieOf(reg) });
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, account.email));
    expect(rows).toHaveLength(2);
  });
});

describe('login and logout', () => {
  it('signs in with a new token each time, answers the user, and records a login event', async () => {
    const u = await createSignedInUser(t);
    const first = await t.request('/api/auth/login', { body: { email: u.email.toUpperCase(), password: u.password } });
    expect(first.status).toBe(200);
    expect(first.json.user).toMatchObject({ id: u.id, email: u.email });
    const second = await t.request('/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(cookieOf(first)).not.toBe(cookieOf(second));
    const events = await t.db.select().from(securityEvents).where(and(eq(securityEvents.userId, u.id), eq(securityEvents.eventType, 'login')));
    expect(events.length).toBe(2);
    expect(events[0]!.ipAddress).toBeTruthy();
    expect(events[0]!.userAgent).toBeTruthy();
  });

  it('a wrong password and an unknown e-mail get the same answer', async () => {
    const u = await createSignedInUser(t);
    const wrong = await t.request('/api/auth/login', { body: { email: u.email, password: 'not-the-password' } });
    const unknown = await t.request('/api/auth/login', { body: { email: `nobody-${Date.now()}@example.com`, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.message).toBe(AUTH_MESSAGES.invalidCredentials);
    const failures = await t.db.select().from(securityEvents).where(and(eq(securityEvents.userId, u.id), eq(securityEvents.eventType, 'login_failure')));
    expect(failures).toHaveLength(1);
  });

  it('validates with the messages of spec 5', async () => {
    const res = await t.request('/api/auth/login', { body: { email: 'x', password: '' } });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toEqual({ email: AUTH_MESSAGES.emailInvalid, password: AUTH_MESSAGES.passwordRequired });
  });

  it('logout ends the session on the server: the old cookie no longer works', async () => {
    const u = await createSignedInUser(t);
    expect((await t.request('/api/auth/user', { cookie: u.cookie })).status).toBe(200);
    const out = await t.request('/api/auth/logout', { method: 'POST', cookie: u.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join('\n')).toMatch(/farmspace\.session_token=;/);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    expect((await t.request('/api/auth/user', { cookie: u.cookie })).status).toBe(401);
  });

  it('GET /api/logout signs out and goes to /; GET /api/login goes to /login', async () => {
    const u = await createSignedInUser(t);
    const res = await t.request('/api/logout', { cookie: u.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect((await t.request('/api/auth/user', { cookie: u.cookie })).status).toBe(401);
    const login = await t.request('/api/login');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/login');
  });

  it('a link to /api/logout on another site does not sign the user out', async () => {
    const u = await createSignedInUser(t);
    const res = await t.request('/api/logout', { cookie: u.cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(302);
    expect((await t.request('/api/auth/user', { cookie: u.cookie })).status).toBe(200);
  });

  it('GET /api/auth/user is 401 when anonymous', async () => {
    const res = await t.request('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.json.message).toBeTruthy();
  });
});

describe('profile, notifications, preferences', () => {
  it('PATCH /api/auth/profile updates names and account type; a new e-mail must be verified again', async () => {
    const u = await createSignedInUser(t);
    const res = await t.request('/api/auth/profile', { method: 'PATCH', cookie: u.cookie, body: { firstName: 'Grace', lastName: 'Hopper', email: u.email, userType: 'farmer' } });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', userType: 'farmer', email: u.email });
    const newEmail = `grace-${Date.now()}@example.com`;
    const changed = await t.request('/api/auth/profile', { method: 'PATCH', cookie: u.cookie, body: { firstName: 'Grace', lastName: 'Hopper', email: newEmail, currentPassword: u.password } });
    expect(changed.json.user).toMatchObject({ email: newEmail, verified: false, userType: 'farmer' });
    const mail = await latestEmailTo(t, newEmail);
    expect(mail.subject).toMatch(/Verify/);
  });

  it('refuses an e-mail of another account, and invalid input with spec 5 messages', async () => {
    const a = await createSignedInUser(t);
    const b = await createSignedInUser(t);
    const taken = await t.request('/api/auth/profile', { method: 'PATCH', cookie: a.cookie, body: { firstName: 'A', lastName: 'B', email: b.email, currentPassword: a.password } });
    expect(taken.status).toBe(409);
    const bad = await t.request('/api/auth/profile', { method: 'PATCH', cookie: a.cookie, body: { firstName: '', lastName: '', email: 'bad' } });
    expect(bad.json.fieldErrors).toEqual({ firstName: AUTH_MESSAGES.firstNameRequired, lastName: AUTH_MESSAGES.lastNameRequired, email: AUTH_MESSAGES.profileEmailInvalid });
    expect((await t.request('/api/auth/profile', { method: 'PATCH', body: { firstName: 'A', lastName: 'B', email: 'a@b.co' } })).status).toBe(401);
  });

  it('PATCH /api/auth/notifications persists the four booleans', async () => {
    const u = await createSignedInUser(t);
    const body = { emailNotifications: false, smsNotifications: true, inquiryAlerts: false, marketingEmails: true };
    const res = await t.request('/api/auth/notifications', { method: 'PATCH', cookie: u.cookie, body });
    expect(res.status).toBe(200);
    expect((await t.request('/api/auth/user', { cookie: u.cookie })).json).toMatchObject(body);
    expect((await t.request('/api/auth/notifications', { method: 'PATCH', cookie: u.cookie, body: { emailNotifications: 'yes' } })).status).toBe(400);
  });

  it('PATCH /api/auth/preferences persists language, currency and visibility', async () => {
    const u = await createSignedInUser(t);
    expect((await t.request('/api/auth/user', { cookie: u.cookie })).json.preferences).toEqual({ language: 'en', currency: 'USD', publicProfile: true, showContactInfo: false });
    const body = { language: 'fr', currency: 'EUR', publicProfile: false, showContactInfo: true };
    expect((await t.request('/api/auth/preferences', { method: 'PATCH', cookie: u.cookie, body })).status).toBe(200);
    expect((await t.request('/api/auth/user', { cookie: u.cookie })).json.preferences).toEqual(body);
  });
});

describe('change password', () => {
  it('needs the current password, then the old one fails, the new one works and other sessions end', async () => {
    const u = await createSignedInUser(t);
    const other = await t.request('/api/auth/login', { body: { email: u.email, password: u.password } });
    const otherCookie = cookieOf(other);
    const newPassword = 'Brand-New-Secret-42';

    const wrong = await t.request('/api/auth/change-password', { cookie: u.cookie, body: { currentPassword: 'wrong-one', newPassword, confirmPassword: newPassword } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fieldErrors).toEqual({ currentPassword: AUTH_MESSAGES.currentPasswordWrong });

    const mismatch = await t.request('/api/auth/change-password', { cookie: u.cookie, body: { currentPassword: u.password, newPassword, confirmPassword: 'other' } });
    expect(mismatch.json.fieldErrors).toEqual({ confirmPassword: AUTH_MESSAGES.passwordsDontMatch });
    const empty = await t.request('/api/auth/change-password', { cookie: u.cookie, body: { currentPassword: '', newPassword: 'short', confirmPassword: '' } });
    expect(empty.json.fieldErrors).toEqual({ currentPassword: AUTH_MESSAGES.currentPasswordRequired, newPassword: AUTH_MESSAGES.passwordTooShort, confirmPassword: AUTH_MESSAGES.confirmPasswordRequired });
    const common = await t.request('/api/auth/change-password', { cookie: u.cookie, body: { currentPassword: u.password, newPassword: 'password1', confirmPassword: 'password1' } });
    expect(common.json.fieldErrors).toEqual({ newPassword: AUTH_MESSAGES.passwordTooCommon });

    const ok = await t.request('/api/auth/change-password', { cookie: u.cookie, body: { currentPassword: u.password, newPassword, confirmPassword: newPassword } });
    expect(ok.status).toBe(200);
    const freshCookie = cookieOf(ok);
    expect(freshCookie).toMatch(/farmspace\.session_token=/);
    expect((await t.request('/api/auth/user', { cookie: freshCookie })).status).toBe(200);
    expect((await t.request('/api/auth/user', { cookie: otherCookie })).status).toBe(401);
    expect((await t.request('/api/auth/user', { cookie: u.cookie })).status).toBe(401);

    expect((await t.request('/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
    expect((await t.request('/api/auth/login', { body: { email: u.email, password: newPassword } })).status).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for unknown addresses and sends a single-use link that expires in an hour', async () => {
    const u = await createSignedInUser(t);
    const unknown = await t.request('/api/auth/forgot-password', { body: { email: `nobody-${Date.now()}@example.com` } });
    const known = await t.request('/api/auth/forgot-password', { body: { email: u.email } });
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);

    const token = tokenFromEmail(await latestEmailTo(t, u.email), '/reset-password');
    const newPassword = 'Reset-Secret-Value-9';
    const res = await t.request('/api/auth/reset-password', { body: { token, password: newPassword, confirmPassword: newPassword } });
    expect(res.status).toBe(200);
    expect((await t.request('/api/auth/user', { cookie: u.cookie })).status).toBe(401);
    expect((await t.request('/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
    expect((await t.request('/api/auth/login', { body: { email: u.email, password: newPassword } })).status).toBe(200);

    const again = await t.request('/api/auth/reset-password', { body: { token, password: 'Another-Secret-1', confirmPassword: 'Another-Secret-1' } });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(AUTH_MESSAGES.resetLinkInvalid);

    await t.request('/api/auth/forgot-password', { body: { email: u.email } });
    const late = tokenFromEmail(await latestEmailTo(t, u.email), '/reset-password');
    t.clock.advance(HOUR + 1000);
    const expired = await t.request('/api/auth/reset-password', { body: { token: late, password: 'Another-Secret-1', confirmPassword: 'Another-Secret-1' } });
    expect(expired.status).toBe(400);
  });
});

describe('session cookie', () => {
  it('a forged or tampered token is refused; an expired session is refused; an old one still works (better-auth refreshes it)', async () => {
    const u = await createSignedInUser(t);
    const [name, value] = u.cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    // A different first character (a token that already starts with x would otherwise pass untouched).
    const tampered = `${name}=${encodeURIComponent(`${decoded.startsWith('x') ? 'y' : 'x'}${decoded.slice(1)}`)}`;
    expect((await t.request('/api/auth/user', { cookie: tampered })).status).toBe(401);
    const unsigned = `${name}=${decoded.slice(0, decoded.lastIndexOf('.'))}`;
    expect((await t.request('/api/auth/user', { cookie: unsigned })).status).toBe(401);

    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    // Two days old: due for the sliding refresh, handled by better-auth.
    await t.db.update(sessions).set({ expire: new Date(Date.now() + 5 * 24 * HOUR) }).where(eq(sessions.id, row!.id));
    expect((await t.request('/api/auth/user', { cookie: u.cookie })).status).toBe(200);
    const [refreshed] = await t.db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(refreshed!.expire.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * HOUR);
    await t.db.update(sessions).set({ expire: new Date(Date.now() - 1000) }).where(eq(sessions.id, row!.id));
    expect((await t.request('/api/auth/user', { cookie: u.cookie })).status).toBe(401);
  });
});
