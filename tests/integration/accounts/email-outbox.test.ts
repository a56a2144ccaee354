// The e-mail outbox: delivery through the mailer, retries with backoff, pending → sent / failed, a real
// SMTP server on the SMTP path, and templates that escape every user value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { emailNotifications } from '#db/schema/index';
import { createDevMailbox, createSmtpMailer, type Mailer } from '#api/lib/mailer';
import { backoffMs, enqueueEmail, MAX_ATTEMPTS, sendPendingEmails } from '#api/modules/email/outbox';
import { processPasswordResetRequests } from '#api/modules/auth/password-reset';
import { emailChangedNoticeEmail, escapeHtml, inquiryReceivedEmail, verificationEmail } from '#api/modules/email/email-templates';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { tokenFromEmail } from '../../fixtures/outbox';

describe('outbox sender', () => {
  let t: TestApp;
  let failing = true;
  const inner = createDevMailbox();
  const flaky: Mailer = {
    kind: 'dev-mailbox',
    async send(email) {
      if (failing || email.to.startsWith('always-fails')) throw new Error('SMTP 451 try again later');
      await inner.send(email);
    },
    list: () => inner.list!(),
  };
  beforeAll(async () => {
    t = await startTestApp({ mailer: flaky });
  });
  afterAll(async () => t.close());

  it('retries with backoff and records pending → sent', async () => {
    const email = `retry-${Date.now()}@example.com`;
    await enqueueEmail({ db: t.db, clock: t.clock }, { userId: null, type: 'verification', recipient: email, content: verificationEmail({ url: 'http://x/verify-email?token=abc' }) });
    expect(await sendPendingEmails(t.context)).toEqual({ sent: 0, failed: 1 });
    let [row] = await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, email));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP 451 try again later' });
    expect(row!.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + backoffMs(1));

    failing = false;
    expect(await sendPendingEmails(t.context)).toEqual({ sent: 0, failed: 0 }); // not due yet
    t.clock.advance(backoffMs(1));
    expect(await sendPendingEmails(t.context)).toEqual({ sent: 1, failed: 0 });
    [row] = await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, email));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(inner.list!().filter((m) => m.to === email)).toHaveLength(1);
    expect(await sendPendingEmails(t.context)).toEqual({ sent: 0, failed: 0 });
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts: failed`, async () => {
    const email = `always-fails-${Date.now()}@example.com`;
    await enqueueEmail({ db: t.db, clock: t.clock }, { userId: null, type: 'verification', recipient: email, content: verificationEmail({ url: 'http://x' }) });
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      await sendPendingEmails(t.context);
      t.clock.advance(backoffMs(i));
    }
    const [row] = await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, email));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('the development mailbox is readable as JSON and as a page, outside production', async () => {
    const res = await t.request('/api/dev/mail');
    expect(res.status).toBe(200);
    expect(res.json[0]).toEqual({ to: expect.any(String), subject: expect.any(String), text: expect.any(String), html: expect.any(String), headers: {}, createdAt: expect.any(String) });
    const page = await t.request('/dev/mail');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('Development mailbox');
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'p'.repeat(40) } });
  });
  afterAll(async () => t.close());

  it('has no development mailbox, and session cookies are Secure', async () => {
    expect((await t.request('/api/dev/mail')).status).toBe(404);
    expect((await t.request('/dev/mail')).status).toBe(404);
    const res = await t.request('/api/auth/register', { body: { firstName: 'P', lastName: 'Q', email: `prod-${Date.now()}@example.com`, password: 'Production-Pass-1' } });
    expect(res.status).toBe(201);
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/__Secure-farmspace\.session_token=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });
});

describe('SMTP path', () => {
  type Received = { from: string; to: string[]; raw: string };
  const received: Received[] = [];
  let server: SMTPServer;
  let t: TestApp;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    t = await startTestApp({ mailer: createSmtpMailer(smtpUrl, 'FarmSpace <no-reply@farmspace.app>'), env: { SMTP_URL: smtpUrl } });
  });
  afterAll(async () => {
    t.mailer.close?.();
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a real SMTP server receives the verification and reset e-mails', async () => {
    const email = `smtp-${Date.now()}@example.com`;
    await t.request('/api/auth/register', { body: { firstName: 'Simple', lastName: 'Mail', email, password: 'Smtp-Path-Password-1' } });
    await t.request('/api/auth/forgot-password', { body: { email } });
    await processPasswordResetRequests(t.context);
    expect(await sendPendingEmails(t.context)).toEqual({ sent: 2, failed: 0 });
    expect(received.map((r) => r.to)).toEqual([[email], [email]]);
    expect(received[0]!.from).toBe('no-reply@farmspace.app');
    const raw = received.map((r) => r.raw.replace(/=\r?\n/g, '')).join('\n');
    expect(raw).toMatch(/Subject: Verify your FarmSpace e-mail address/);
    expect(raw).toMatch(/Subject: Reset your FarmSpace password/);
    expect(raw).toContain('multipart/alternative');
    expect(tokenFromEmail({ text: raw }, '/reset-password')).toBeTruthy();
    const rows = await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, email));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect((await t.request('/api/dev/mail')).status).toBe(404);
  });
});

describe('templates', () => {
  it('escape every user value in HTML', () => {
    const evil = `<script>alert("x")</script>&'`;
    // Account e-mails carry no user text at all (their greeting is ours); the others escape what they carry.
    for (const mail of [emailChangedNoticeEmail({ newEmail: evil, undoUrl: 'https://s/r', undoDays: 7 }), inquiryReceivedEmail({ farmerName: evil, spaceTitle: evil, message: evil, url: 'https://s/d' })]) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain(escapeHtml(evil));
      expect(mail.text).toContain(evil);
    }
    expect(verificationEmail({ url: 'https://s/v?token=a&b="c"' }).html).toContain('token=a&amp;b=&quot;c&quot;');
    expect(verificationEmail({ url: 'https://s/v' }).text.startsWith('Hello,')).toBe(true);
  });
});
