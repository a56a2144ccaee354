// Defect 3 of issue 11: nothing removed expired sessions, tokens, old rate-limit rows or sent outbox rows.
// The housekeeping job deletes exactly what is past its retention, keeps the rest, and runs on one
// instance at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import {
  emailNotifications,
  emailVerificationTokens,
  failedLogins,
  passwordResetTokens,
  pushOutbox,
  pushSubscriptions,
  rateLimits,
  securityEvents,
  sessions,
  verifications,
} from '#db/schema/index';
import { DAY, HOUR } from '#api/lib/clock';
import { RETENTION, runHousekeeping } from '#api/jobs/housekeeping';
import { backgroundJobs } from '#api/jobs/index';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { createSignedInUser } from '../fixtures/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('housekeeping job', () => {
  it('is one of the background jobs every instance runs', () => {
    expect(backgroundJobs(t.context).map((j) => j.name)).toContain('housekeeping');
  });

  it('deletes what is past retention and keeps everything else', async () => {
    const u = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms);
    // Sessions: u's real one (valid) stays, an expired one goes.
    await t.db.insert(sessions).values({ sid: `expired-${now}`, userId: other.id, expire: at(-HOUR) });
    await t.db.insert(emailVerificationTokens).values([
      { userId: u.id, token: `old-v-${now}`, expiresAt: at(-1000) },
      { userId: u.id, token: `new-v-${now}`, expiresAt: at(HOUR) },
    ]);
    await t.db.insert(passwordResetTokens).values([
      { userId: u.id, token: `old-r-${now}`, expiresAt: at(-1000) },
      { userId: u.id, token: `new-r-${now}`, expiresAt: at(HOUR) },
    ]);
    await t.db.insert(verifications).values([
      { identifier: 'old', value: 'x', expiresAt: at(-1000) },
      { identifier: 'new', value: 'x', expiresAt: at(HOUR) },
    ]);
    await t.db.insert(rateLimits).values([
      { ipAddress: '203.0.113.1', endpoint: 'hk-old', windowStart: at(-RETENTION.rateLimitsMs - HOUR) },
      { ipAddress: '203.0.113.1', endpoint: 'hk-new', windowStart: at(-HOUR) },
    ]);
    await t.db.insert(failedLogins).values([
      { userId: u.id, attempts: 3, updatedAt: at(-2 * DAY) },
      { userId: other.id, attempts: 9, lockedUntil: at(HOUR), updatedAt: at(-2 * DAY) },
    ]);
    const email = (status: 'sent' | 'failed' | 'pending', createdAt: Date, sentAt: Date | null) => ({
      type: 'verification' as const, recipient: `hk-${status}@example.com`, subject: 's', textBody: 't', htmlBody: 'h', status, createdAt, sentAt,
    });
    const mails = await t.db
      .insert(emailNotifications)
      .values([
        email('sent', at(-40 * DAY), at(-31 * DAY)),
        email('sent', at(-2 * DAY), at(-2 * DAY)),
        email('failed', at(-91 * DAY), null),
        email('failed', at(-10 * DAY), null),
        email('pending', at(-200 * DAY), null),
      ])
      .returning({ id: emailNotifications.id });
    // Pushes (issue 30): a week after they were queued once sent or given up; pending ones wait.
    const [device] = await t.db.insert(pushSubscriptions).values({ userId: u.id, endpoint: `https://push.example/hk-${now}`, p256dh: 'k'.repeat(87), auth: 'a'.repeat(22) }).returning({ id: pushSubscriptions.id });
    const push = (status: string, createdAt: Date) => ({ subscriptionId: device!.id, kind: 'message', payload: { title: 't', body: 'b', url: '/', tag: 't' }, status, createdAt });
    const pushes = await t.db
      .insert(pushOutbox)
      .values([push('sent', at(-8 * DAY)), push('failed', at(-8 * DAY)), push('sent', at(-1 * DAY)), push('pending', at(-30 * DAY))])
      .returning({ id: pushOutbox.id });
    await t.db.insert(securityEvents).values([
      { userId: u.id, eventType: 'login', createdAt: at(-366 * DAY) },
      { userId: u.id, eventType: 'login', createdAt: at(-300 * DAY) },
    ]);

    const result = await runHousekeeping(t.context);
    expect(result.ran).toBe(true);

    expect(await t.db.select().from(sessions).where(eq(sessions.sid, `expired-${now}`))).toHaveLength(0);
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).length).toBeGreaterThan(0);
    expect((await t.db.select().from(emailVerificationTokens)).map((r) => r.token)).toEqual([`new-v-${now}`]);
    expect((await t.db.select().from(passwordResetTokens)).map((r) => r.token)).toEqual([`new-r-${now}`]);
    expect((await t.db.select().from(verifications).where(inArray(verifications.identifier, ['old', 'new']))).map((r) => r.identifier)).toEqual(['new']);
    expect((await t.db.select().from(rateLimits).where(eq(rateLimits.ipAddress, '203.0.113.1'))).map((r) => r.endpoint)).toEqual(['hk-new']);
    expect((await t.db.select().from(failedLogins)).map((r) => r.userId)).toEqual([other.id]);
    const left = await t.db.select().from(emailNotifications).where(inArray(emailNotifications.id, mails.map((m) => m.id)));
    expect(left.map((m) => `${m.status}`).sort()).toEqual(['failed', 'pending', 'sent']);
    const pushesLeft = await t.db.select().from(pushOutbox).where(inArray(pushOutbox.id, pushes.map((p) => p.id)));
    expect(pushesLeft.map((p) => p.status).sort()).toEqual(['pending', 'sent']);
    const events = await t.db.select().from(securityEvents).where(eq(securityEvents.userId, u.id));
    expect(events.every((e) => e.createdAt.getTime() > now - 365 * DAY)).toBe(true);
    expect(result.deleted.security_events).toBeGreaterThanOrEqual(1);
  });

  it('runs on one instance at a time: a second run while the lock is held skips', async () => {
    if (t.database.kind !== 'postgres') {
      // PGlite has one connection: a transaction holding the lock would block the second run, not race it.
      // The lock itself is still taken and released, so a run after a run works.
      expect((await runHousekeeping(t.context)).ran).toBe(true);
      expect((await runHousekeeping(t.context)).ran).toBe(true);
      return;
    }
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7314011)`);
      expect((await runHousekeeping(t.context)).ran).toBe(false);
    });
    expect((await runHousekeeping(t.context)).ran).toBe(true);
  });
});
