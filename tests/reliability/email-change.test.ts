// Issue 15, items 5 and 6: changing the e-mail address needed no password, was not limited, mailed a
// verification greeting the attacker's chosen name to any address, did not tell the old address, and a
// reset link mailed to the old address still worked afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '#db/schema/index';
import { DAY } from '#api/lib/clock';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { deliverEmails, latestEmailTo, tokenFromEmail } from '../fixtures/outbox';
import { createSignedInUser, type TestUser } from '../fixtures/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const changeEmail = (u: TestUser, email: string, currentPassword?: string, firstName = u.firstName) =>
  t.request('/api/auth/profile', { method: 'PATCH', cookie: u.cookie, body: { firstName, lastName: u.lastName, email, ...(currentPassword !== undefined && { currentPassword }) } });
const fresh = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
const emailOf = async (id: number) => (await t.db.select({ email: users.email, verified: users.verified }).from(users).where(eq(users.id, id)))[0]!;

describe('changing the e-mail address', () => {
  it('needs the current password; a missing or wrong one changes nothing', async () => {
    const u = await createSignedInUser(t);
    const missing = await changeEmail(u, fresh('new'));
    expect(missing.status).toBe(400);
    expect(missing.json.fieldErrors.currentPassword).toMatch(/current password/i);
    const wrong = await changeEmail(u, fresh('new'), 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.json.fieldErrors.currentPassword).toBe('Current password is incorrect');
    expect((await emailOf(u.id)).email).toBe(u.email);
    // Names alone still change without it (spec 7's call shape).
    const names = await t.request('/api/auth/profile', { method: 'PATCH', cookie: u.cookie, body: { firstName: 'Renamed', lastName: u.lastName, email: u.email } });
    expect(names.status).toBe(200);
  });

  it('marks the account unverified, greets without the chosen name, and tells the old address with a way back', async () => {
    const u = await createSignedInUser(t);
    await t.db.update(users).set({ verified: true }).where(eq(users.id, u.id));
    const next = fresh('moved');
    const hostileName = 'Claim your prize at evil.example';
    const res = await changeEmail(u, next, u.password, hostileName);
    expect(res.status, res.text).toBe(200);
    expect(res.json.user).toMatchObject({ email: next, verified: false });

    const verification = await latestEmailTo(t, next);
    expect(verification.text.startsWith('Hello,')).toBe(true);
    expect(verification.text + verification.html).not.toContain('evil.example');
    const notice = await latestEmailTo(t, u.email);
    expect(notice.subject).toMatch(/e-mail address .*changed/i);
    expect(notice.text.startsWith('Hello,')).toBe(true);
    expect(notice.text + notice.html).not.toContain('evil.example');
    expect(notice.text).toMatch(/not you/i);
    // "This was not me": the link puts the old address back, sets a new password and ends every session.
    const undo = tokenFromEmail(notice, '/reset-password');
    const reset = await t.request('/api/auth/reset-password', { body: { token: undo, password: 'Taken-Back-Account-7', confirmPassword: 'Taken-Back-Account-7' } });
    expect(reset.status, reset.text).toBe(200);
    expect(await emailOf(u.id)).toEqual({ email: u.email, verified: true });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    const login = await t.request('/api/auth/login', { body: { email: u.email, password: 'Taken-Back-Account-7' } });
    expect(login.status).toBe(200);
  });

  it('ends every reset and verification link sent before the change', async () => {
    const u = await createSignedInUser(t);
    await t.request('/api/auth/forgot-password', { body: { email: u.email } });
    await t.request('/api/auth/send-verification', { method: 'POST', cookie: u.cookie });
    await deliverEmails(t);
    const mails = (await deliverEmails(t)).filter((m) => m.to === u.email);
    const resetToken = tokenFromEmail(mails.find((m) => /reset/i.test(m.subject))!, '/reset-password');
    const verifyToken = tokenFromEmail(mails.find((m) => /verify/i.test(m.subject))!, '/verify-email');

    expect((await changeEmail(u, fresh('elsewhere'), u.password)).status).toBe(200);
    const reset = await t.request('/api/auth/reset-password', { body: { token: resetToken, password: 'Old-Mailbox-Keeps-It-1', confirmPassword: 'Old-Mailbox-Keeps-It-1' } });
    expect(reset.status).toBe(400);
    const verify = await t.request('/api/auth/verify-email', { body: { token: verifyToken } });
    expect(verify.status).toBe(400);
    expect((await emailOf(u.id)).verified).toBe(false);
  });

  it('a password change ends outstanding reset links too', async () => {
    const u = await createSignedInUser(t);
    await t.request('/api/auth/forgot-password', { body: { email: u.email } });
    const resetToken = tokenFromEmail(await latestEmailTo(t, u.email), '/reset-password');
    const changed = await t.request('/api/auth/change-password', { cookie: u.cookie, body: { currentPassword: u.password, newPassword: 'Changed-By-Owner-93', confirmPassword: 'Changed-By-Owner-93' } });
    expect(changed.status, changed.text).toBe(200);
    const reset = await t.request('/api/auth/reset-password', { body: { token: resetToken, password: 'Old-Link-Still-Works-1', confirmPassword: 'Old-Link-Still-Works-1' } });
    expect(reset.status).toBe(400);
  });

  it('is limited per account: three changes a day, then a clear 429', async () => {
    const u = await createSignedInUser(t);
    for (let i = 0; i < 3; i++) expect((await changeEmail(u, fresh(`hop${i}`), u.password)).status).toBe(200);
    const fourth = await changeEmail(u, fresh('hop3'), u.password);
    expect(fourth.status).toBe(429);
    expect(fourth.json.message).toMatch(/e-mail address/i);
    t.clock.advance(DAY + 1000);
    expect((await changeEmail(u, fresh('hop4'), u.password)).status).toBe(200);
  });
});
