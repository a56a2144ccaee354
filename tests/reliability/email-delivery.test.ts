// E-mail delivery through a real SMTP server (smtp-server): one that refuses the first 3 deliveries gets
// the e-mail retried with backoff (the injected clock moves, no waiting) and delivered once; two API
// instances sending from one outbox deliver each e-mail exactly once.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { emailNotifications } from '#db/schema/index';
import { openDatabase } from '#db/client';
import { createSmtpMailer } from '#api/lib/mailer';
import { backoffMs, enqueueEmail, sendPendingEmails } from '#api/modules/email/outbox';
import { verificationEmail } from '#api/modules/email/email-templates';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { createTestDatabase, testDatabaseKind } from '../fixtures/test-database';
import { recordFigures } from './summary';

/** A real SMTP server that counts deliveries per recipient and refuses the first `failFirst` of each. */
async function startSmtp(failFirst: (to: string) => number) {
  const delivered = new Map<string, number>();
  const tried = new Map<string, number>();
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo[0]!.address;
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const n = (tried.get(to) ?? 0) + 1;
        tried.set(to, n);
        if (n <= failFirst(to)) {
          refused += 1;
          const error = Object.assign(new Error('451 Try again later'), { responseCode: 451 });
          return callback(error);
        }
        delivered.set(to, (delivered.get(to) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, delivered, tried, refused: () => refused, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('e-mail delivery through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp((to) => (to.startsWith('flaky') ? 3 : 0));
    t = await startTestApp({ mailer: createSmtpMailer(smtp.url, 'FarmSpace <no-reply@farmspace.app>') });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refused 3 times: retried after each backoff, never before it, and delivered once', async () => {
    const to = `flaky-${Date.now()}@example.com`;
    await enqueueEmail({ db: t.db, clock: t.clock }, { userId: null, type: 'verification', recipient: to, content: verificationEmail({ url: 'http://x/verify-email?token=abc' }) });
    for (let failure = 1; failure <= 3; failure++) {
      expect(await sendPendingEmails(t.context)).toEqual({ sent: 0, failed: 1 });
      // Not due before its backoff: nothing is tried.
      t.clock.advance(backoffMs(failure) - 1000);
      expect(await sendPendingEmails(t.context)).toEqual({ sent: 0, failed: 0 });
      t.clock.advance(1000);
    }
    expect(await sendPendingEmails(t.context)).toEqual({ sent: 1, failed: 0 });
    t.clock.advance(backoffMs(5) * 2);
    expect(await sendPendingEmails(t.context)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.tried.get(to)).toBe(4);
    expect(smtp.delivered.get(to)).toBe(1);
    const [row] = await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, to));
    expect(row).toMatchObject({ status: 'sent', attempts: 4 });
    recordFigures('faults', { 'smtp refusals': 3 });
    recordFigures('lost', { 'e-mails': 1 - (smtp.delivered.get(to) ?? 0) });
  });
});

describe(`two API instances on one ${testDatabaseKind()} outbox`, () => {
  it('deliver each e-mail exactly once', async () => {
    const smtp = await startSmtp(() => 0);
    const database = await createTestDatabase();
    // On PostgreSQL, B has its own pool on the same database (real concurrency); PGlite has one connection.
    const second = testDatabaseKind() === 'postgres' ? openDatabase({ databaseUrl: database.url!, poolSize: 5 }) : { ...database, close: async () => undefined };
    const now = new Date();
    const a = await startTestApp({ database, now, mailer: createSmtpMailer(smtp.url, 'A <a@farmspace.app>') });
    const b = await startTestApp({ database: second, now, mailer: createSmtpMailer(smtp.url, 'B <b@farmspace.app>') });
    try {
      const count = 60;
      for (let i = 0; i < count; i++) {
        await enqueueEmail({ db: a.db, clock: a.clock }, { userId: null, type: 'verification', recipient: `twice-${i}@example.com`, content: verificationEmail({ url: 'http://x/verify-email?token=abc' }) });
      }
      // Both instances' jobs tick at once, several times, as their intervals would.
      for (let round = 0; round < 6; round++) {
        await Promise.all([sendPendingEmails(a.context, 7), sendPendingEmails(b.context, 7), sendPendingEmails(a.context, 7), sendPendingEmails(b.context, 7)]);
      }
      for (let i = 0; i < count; i++) expect(smtp.delivered.get(`twice-${i}@example.com`), `twice-${i}`).toBe(1);
      const rows = await a.db.select().from(emailNotifications).where(like(emailNotifications.recipient, 'twice-%'));
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      recordFigures('email', { 'two-instance e-mails': count });
    } finally {
      await b.close();
      await a.close();
      await smtp.close();
    }
  });
});
