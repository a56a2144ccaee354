// Per-account lockout: 10 failed sign-ins within 15 minutes lock the account for 15 minutes, counted in
// failed_logins (one row per account; created_at is the start of the current counting window). It lifts
// by itself when locked_until passes (read through the injected clock). Addresses that have no account are
// counted the same way in rate_limits under a hash of the address, so a locked answer never tells whether
// an email is registered. Every update is one atomic statement: several API instances count as one.
//
// An attempt is taken from the budget BEFORE its password is checked (reserveSignInAttempt): concurrent
// attempts each get their own number, and those past the threshold are refused unchecked, so no more than
// LOCKOUT_THRESHOLD passwords are ever checked per window, whatever the concurrency (issue 15, item 4).
import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { failedLogins } from '#db/schema/index';
import type { Clock } from '../../lib/clock';
import { consumeRateLimit, restartRateLimitWindow, type RateLimitRule } from '../../lib/rate-limit';

export const LOCKOUT_THRESHOLD = 10;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_DURATION_MS = 15 * 60_000;
/** Addresses without an account are counted by the rate limiter (lib/rate-limit.ts, the owner of rate_limits). */
const UNKNOWN_ACCOUNT_RULE: RateLimitRule = { endpoint: 'sign-in-unknown-account', max: LOCKOUT_THRESHOLD, windowMs: LOCKOUT_WINDOW_MS };

export type LockSubject = { userId: number } | { email: string };

/** The outcome of taking one attempt: refused (locked until a time) or allowed as the attempt-th of the window. */
export type SignInAttempt = { locked: Date; newlyLocked: boolean } | { locked: null; attempt: number };

function unknownAccountKey(email: string): string {
  return `acct:${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 56)}`;
}

/**
 * Takes one attempt from the subject's budget, before any password is checked. A running lock refuses
 * without counting; the attempt past the threshold sets the lock itself (when the one that reached the
 * threshold is still being checked) and is refused.
 */
export async function reserveSignInAttempt(ctx: { db: Executor; clock: Clock }, subject: LockSubject, ip: string): Promise<SignInAttempt> {
  const { db, clock } = ctx;
  const now = clock.now();
  const nowIso = now.toISOString();
  const windowOpenedAfter = new Date(now.getTime() - LOCKOUT_WINDOW_MS).toISOString();
  if ('userId' in subject) {
    // The counter restarts with its window and stands still while a lock runs: case expressions over the old
    // row (on conflict do update), one statement, exact under any concurrency.
    const lockRunning = sql`${failedLogins.lockedUntil} > ${nowIso}::timestamptz`;
    const windowOver = sql`${failedLogins.createdAt} <= ${windowOpenedAfter}::timestamptz`;
    const [row] = await db
      .insert(failedLogins)
      .values({ userId: subject.userId, ipAddress: ip, attempts: 1, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: failedLogins.userId,
        set: {
          attempts: sql`case when ${lockRunning} then ${failedLogins.attempts} when ${windowOver} then 1 else ${failedLogins.attempts} + 1 end`,
          createdAt: sql`case when ${lockRunning} then ${failedLogins.createdAt} when ${windowOver} then ${nowIso}::timestamptz else ${failedLogins.createdAt} end`,
          ipAddress: ip,
          updatedAt: now,
        },
      })
      .returning({ attempts: failedLogins.attempts, lockedUntil: failedLogins.lockedUntil });
    const running = row!.lockedUntil;
    if (running && running > now) return { locked: running, newlyLocked: false };
    const attempt = row!.attempts;
    if (attempt <= LOCKOUT_THRESHOLD) return { locked: null, attempt };
    return lockAccount(ctx, subject.userId);
  }
  // The rate limiter's windowed counter, for an address without an account.
  const counted = await consumeRateLimit(ctx, UNKNOWN_ACCOUNT_RULE, unknownAccountKey(subject.email));
  if (counted.allowed) return { locked: null, attempt: counted.attempts };
  // The window restarted at the lock's start when the threshold was reached (recordFailedSignIn).
  return { locked: new Date(counted.windowStart.getTime() + LOCKOUT_DURATION_MS), newlyLocked: false };
}

/** Sets the account's lock unless one is running; newlyLocked tells the one caller that set it. */
async function lockAccount({ db, clock }: { db: Executor; clock: Clock }, userId: number): Promise<{ locked: Date; newlyLocked: boolean }> {
  const now = clock.now();
  const until = new Date(now.getTime() + LOCKOUT_DURATION_MS);
  const set = await db
    .update(failedLogins)
    .set({ lockedUntil: until, updatedAt: now })
    .where(and(eq(failedLogins.userId, userId), sql`(${failedLogins.lockedUntil} is null or ${failedLogins.lockedUntil} <= ${now.toISOString()})`))
    .returning({ id: failedLogins.id });
  if (set.length) return { locked: until, newlyLocked: true };
  const [row] = await db.select({ lockedUntil: failedLogins.lockedUntil }).from(failedLogins).where(eq(failedLogins.userId, userId));
  return { locked: row?.lockedUntil ?? until, newlyLocked: false };
}

/**
 * A checked password was wrong. The attempt was already counted by reserveSignInAttempt; the one that
 * reached the threshold locks the subject. Returns the lock when this failure locked it.
 */
export async function recordFailedSignIn(ctx: { db: Executor; clock: Clock }, subject: LockSubject, attempt: number): Promise<{ locked: Date; newlyLocked: boolean } | null> {
  if (attempt < LOCKOUT_THRESHOLD) return null;
  if ('userId' in subject) return lockAccount(ctx, subject.userId);
  // The lock of an unknown address runs from the failure that reached the threshold, as for an account.
  const now = await restartRateLimitWindow(ctx, UNKNOWN_ACCOUNT_RULE.endpoint, unknownAccountKey(subject.email));
  return { locked: new Date(now.getTime() + LOCKOUT_DURATION_MS), newlyLocked: false };
}

/** A successful sign-in (or a password reset) clears the count and any lock. */
export async function clearFailedSignIns(db: Executor, userId: number): Promise<void> {
  await db.delete(failedLogins).where(eq(failedLogins.userId, userId));
}

/** An operator lifts a lock now (issue 19): returns when the cleared lock would have ended, or null if none was on. */
export async function liftLockout(tx: Executor, userId: number, now: Date): Promise<Date | null> {
  const cleared = await tx
    .delete(failedLogins)
    .where(and(eq(failedLogins.userId, userId), gt(failedLogins.lockedUntil, now)))
    .returning({ lockedUntil: failedLogins.lockedUntil });
  return cleared.length ? (cleared[0]!.lockedUntil ?? now) : null;
}
