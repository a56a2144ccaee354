// Issue 25 items 14 and 24 over HTTP, through the outbox into a real SMTP server: an operator's e-mails
// ask for a reply (appeals), so they carry Reply-To: the support address (SUPPORT_EMAIL); mail that asks
// for none (verification) does not. When an account is suspended, whoever agreed a lease with it that has
// not ended is e-mailed at once (Reply-To support too); people whose lease ended, or who only talked, are not.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#api/config';
import { createSmtpMailer } from '#api/lib/mailer';
import { MINUTE } from '#api/lib/clock';
import { sendPendingEmails } from '#api/modules/email/outbox';
import { SUPPORT_EMAIL } from '#contracts/constants';
import { emailNotifications } from '#db/schema/index';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

const OPERATOR_EMAIL = 'ops-notices@farmspace.test';
const SUPPORT = 'appeals@farmspace.test';
const TERMS = { rent: '2150.00', startDate: '2026-06-01', termMonths: 12, depositMonths: 1, utilitiesPaidBy: 'tenant', growingActivities: 'Microgreens', accessHours: 'Mon-Sat 6-20', notes: '' };

type Received = { to: string[]; raw: string };

describe('suspension notices: Reply-To support, and the partners of agreed leases', () => {
  let server: SMTPServer;
  const received: Received[] = [];
  let t: TestApp;
  let operator: TestUser;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          // Quoted-printable undone (soft breaks, =3D…) so the text reads as written.
          const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: text });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    t = await startTestApp({
      now: new Date('2026-05-01T09:00:00.000Z'),
      mailer: createSmtpMailer(smtpUrl, 'FarmSpace <no-reply@farmspace.app>'),
      env: { SMTP_URL: smtpUrl, SUPPORT_EMAIL: SUPPORT, OPERATOR_EMAILS: OPERATOR_EMAIL },
    });
    operator = await createSignedInUser(t, { email: OPERATOR_EMAIL, verified: true, firstName: 'Opal' });
  });
  afterAll(async () => {
    t.mailer.close?.();
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Everything queued so far, delivered to the SMTP server; what arrived for `email`. */
  async function deliveredTo(email: string): Promise<Received[]> {
    await sendPendingEmails(t.context);
    return received.filter((r) => r.to.includes(email));
  }
  const replyTo = (raw: string) => /^Reply-To: (.*)$/im.exec(raw)?.[1]?.trim() ?? null;

  /** A live listing of `owner`, the farmer's conversation about it and, with `terms`, accepted lease terms. */
  async function lease(owner: TestUser, farmer: TestUser, terms: Record<string, unknown> | null): Promise<number> {
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: `Roof of ${owner.firstName}`, pricePerMonth: '2250.00' })]);
    const started = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: space!.id, content: 'Hello! Is the roof free for microgreens from June?' } });
    expect(started.status).toBe(201);
    if (terms) {
      const proposed = await t.request(`/api/conversations/${started.json.conversationId}/proposals`, { cookie: farmer.cookie, body: terms });
      expect(proposed.status, JSON.stringify(proposed.json)).toBe(201);
      const accepted = await t.request(`/api/proposals/${proposed.json.id}/accept`, { cookie: owner.cookie, body: {} });
      expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    }
    t.clock.advance(16 * MINUTE);
    return started.json.conversationId as number;
  }

  it('item 14: SUPPORT_EMAIL defaults to the spec\'s support address', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).SUPPORT_EMAIL).toBe(SUPPORT_EMAIL);
    expect(SUPPORT_EMAIL).toBe('support@farmspace.app');
    expect(() => loadConfig({ NODE_ENV: 'test', SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/);
  });

  it('item 14: the suspension e-mail (it invites an appeal by reply) carries Reply-To: SUPPORT_EMAIL; the verification e-mail does not', async () => {
    const suspended = await createSignedInUser(t, { firstName: 'Sid', verified: true });
    const res = await t.request(`/api/admin/users/${suspended.id}/suspend`, { cookie: operator.cookie, body: { reason: 'Asked farmers for deposits outside FarmSpace.' } });
    expect(res.status).toBe(200);
    const [mail] = await deliveredTo(suspended.email);
    expect(mail!.raw).toMatch(/Subject: Your FarmSpace account is suspended/);
    expect(mail!.raw).toContain('reply to this e-mail');
    expect(replyTo(mail!.raw)).toBe(SUPPORT);
    expect(mail!.raw).toMatch(/^From: FarmSpace <no-reply@farmspace\.app>/m);

    const email = `new-${Date.now()}@example.com`;
    expect((await t.request('/api/auth/register', { body: { firstName: 'Nia', lastName: 'New', email, password: 'Fresh-Sprouts-Password-1' } })).status).toBe(201);
    const [verification] = await deliveredTo(email);
    expect(verification!.raw).toMatch(/Subject: Verify your FarmSpace e-mail address/);
    expect(replyTo(verification!.raw)).toBeNull();
  });

  it('item 24: suspending an owner e-mails the farmer of a running lease (Reply-To support), not a farmer whose lease ended nor one who only talked', async () => {
    const owner = await createSignedInUser(t, { firstName: 'Oscar', lastName: 'Owner', verified: true });
    const leasing = await createSignedInUser(t, { firstName: 'Lena', lastName: 'Leaser', verified: true });
    const ended = await createSignedInUser(t, { firstName: 'Erin', lastName: 'Ended', verified: true });
    const talking = await createSignedInUser(t, { firstName: 'Tom', lastName: 'Talker', verified: true });
    const conversationId = await lease(owner, leasing, TERMS);
    await lease(owner, ended, { ...TERMS, startDate: '2026-05-02', termMonths: 1 });
    await lease(owner, talking, null);
    await sendPendingEmails(t.context);
    // The ended lease: a month from 2 May, looked at on 3 June.
    t.clock.set(new Date('2026-06-03T09:00:00.000Z'));
    received.length = 0;

    const res = await t.request(`/api/admin/users/${owner.id}/suspend`, { cookie: operator.cookie, body: { reason: 'Several farmers reported deposits taken for roofs that are not his.' } });
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(emailNotifications).where(eq(emailNotifications.userId, leasing.id));
    const notice = rows.find((r) => r.subject.startsWith('Important about your lease'));
    expect(notice, 'the farmer with a running lease is e-mailed through the outbox').toBeDefined();
    expect(notice!.type).toBe('moderation');

    const [mail] = (await deliveredTo(leasing.email)).filter((m) => /Important about your lease/.test(m.raw));
    expect(mail!.raw).toContain('Oscar Owner');
    expect(mail!.raw).toContain('do not send money');
    expect(mail!.raw).toContain(`/dashboard?tab=messages&conversation=${conversationId}`);
    // The operator's reason is about the suspended person: it stays in their own e-mail.
    expect(mail!.raw).not.toContain('deposits taken');
    expect(replyTo(mail!.raw)).toBe(SUPPORT);
    expect(await deliveredTo(ended.email)).toEqual([]);
    expect(await deliveredTo(talking.email)).toEqual([]);

    // The thread says so too: the conversation names the other party suspended, with the accepted terms beside it.
    const list = await t.request('/api/conversations', { cookie: leasing.cookie });
    expect(list.json.find((c: { id: number }) => c.id === conversationId).otherUser.suspended).toBe(true);
    const proposals = await t.request(`/api/conversations/${conversationId}/proposals`, { cookie: leasing.cookie });
    expect(proposals.json.map((p: { status: string }) => p.status)).toContain('accepted');
  });
});
