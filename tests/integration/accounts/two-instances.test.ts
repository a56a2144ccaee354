// Two API instances on one database behave as one: sessions, per-IP limits and lockouts are shared, and
// the outbox sends each e-mail exactly once when both senders run at the same time. On PostgreSQL (CI:
// TEST_DATABASE_URL) each instance has its own connection pool, as two processes would; on PGlite (one
// connection only) both instances share the embedded database, which still checks the shared state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailNotifications } from '#db/schema/index';
import { openDatabase } from '#db/client';
import { AUTH_RATE_LIMITS } from '#api/modules/auth/auth.routes';
import { enqueueEmail, sendPendingEmails } from '#api/modules/email/outbox';
import { verificationEmail } from '#api/modules/email/email-templates';
import { createDevMailbox } from '#api/lib/mailer';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../fixtures/test-database';
import { cookieFromSetCookie } from '../../fixtures/users';

let a: TestApp;
let b: TestApp;
let shared: TestDatabase;
beforeAll(async () => {
  shared = await createTestDatabase();
  const now = new Date();
  // Instance A owns the database (drops it on close); B opens its own pool on the same URL.
  const second: TestDatabase =
    testDatabaseKind() === 'postgres' ? openDatabase({ databaseUrl: shared.url!, poolSize: 5 }) : { ...shared, close: async () => undefined };
  b = await startTestApp({ database: second, now, mailer: createDevMailbox() });
  a = await startTestApp({ database: shared, now, mailer: createDevMailbox() });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

// The site's Origin differs per instance (each listens on its own port): send each its own.
const onA = (path: string, init: Parameters<TestApp['request']>[1] = {}) => a.request(path, init);
const onB = (path: string, init: Parameters<TestApp['request']>[1] = {}) => b.request(path, init);

describe(`two API instances on one ${testDatabaseKind() === 'postgres' ? 'PostgreSQL' : 'PGlite'} database`, () => {
  it('each instance has its own database handle (its own pool on PostgreSQL)', () => {
    expect(a.database === b.database).toBe(false);
    expect(a.database.kind).toBe(testDatabaseKind());
  });

  it('share sessions: signed in on A is signed in on B; signed out on B is signed out on A', async () => {
    const email = `two-${Date.now()}@example.com`;
    const reg = await onA('/api/auth/register', { body: { firstName: 'Two', lastName: 'Instances', email, password: 'Shared-Session-Pass-1' } });
    expect(reg.status).toBe(201);
    const cookie = cookieFromSetCookie(reg.headers.getSetCookie());
    expect((await onB('/api/auth/user', { cookie })).json.email).toBe(email);
    expect((await onB('/api/auth/logout', { method: 'POST', cookie })).status).toBe(200);
    expect((await onA('/api/auth/user', { cookie })).status).toBe(401);
  });

  it('share per-IP rate limits', async () => {
    const max = AUTH_RATE_LIMITS.forgotPassword.max;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) statuses.push((await (i % 2 ? onA : onB)('/api/auth/forgot-password', { body: {} })).status);
    expect(statuses.slice(0, max).every((s) => s === 400)).toBe(true);
    expect(statuses[max]).toBe(429);
    expect((await onA('/api/auth/forgot-password', { body: {} })).status).toBe(429);
  });

  it('share lockouts: 5 failures on A and 5 on B lock the account on both', async () => {
    const email = `lock-two-${Date.now()}@example.com`;
    const password = 'Shared-Lockout-Pass-1';
    await onA('/api/auth/register', { body: { firstName: 'L', lastName: 'T', email, password } });
    for (let i = 0; i < 10; i++) await (i % 2 ? onA : onB)('/api/auth/login', { body: { email, password: 'wrong-password' } });
    expect((await onA('/api/auth/login', { body: { email, password } })).status).toBe(429);
    expect((await onB('/api/auth/login', { body: { email, password } })).status).toBe(429);
  });

  it('send each queued e-mail exactly once with both senders running at once', async () => {
    const recipients = Array.from({ length: 40 }, (_, i) => `once-${i}-${Date.now()}@example.com`);
    for (const r of recipients) await enqueueEmail({ db: a.db, clock: a.clock }, { userId: null, type: 'verification', recipient: r, content: verificationEmail({ url: 'http://x' }) });
    for (let round = 0; round < 5; round++) {
      await Promise.all([sendPendingEmails(a.context, 7), sendPendingEmails(b.context, 7), sendPendingEmails(a.context, 7), sendPendingEmails(b.context, 7)]);
    }
    const delivered = [...a.mailer.list!(), ...b.mailer.list!()].map((m) => m.to).filter((to) => recipients.includes(to));
    expect(delivered.sort()).toEqual([...recipients].sort());
    const rows = await a.db.select().from(emailNotifications).where(eq(emailNotifications.status, 'sent'));
    expect(rows.filter((r) => recipients.includes(r.recipient)).every((r) => r.attempts === 1)).toBe(true);
    if (testDatabaseKind() === 'postgres') {
      // Both instances did part of the work.
      expect(a.mailer.list!().some((m) => recipients.includes(m.to))).toBe(true);
      expect(b.mailer.list!().some((m) => recipients.includes(m.to))).toBe(true);
    }
  });
});
