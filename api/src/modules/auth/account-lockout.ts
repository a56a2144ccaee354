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
import { queryRows, type Executor } from '#db/client';
import { failedLogins, rateLimits } from '#db/schema/index';
import type { Clock } from '../../lib/clock';

export const LOCKOUT_THRESHOLD = 10;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_DURATION_MS = 15 * 60_000;
const UNKNOWN_ACCOUNT_ENDPOINT = 'sign-in-unknown-account';

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
    const [row] = await queryRows<{ attempts: number; locked_until: Date | string | null }>(
      db,
      sql`insert into failed_logins (user_id, ip_address, attempts, created_at, updated_at)
          values (${subject.userId}, ${ip}, 1, ${nowIso}, ${nowIso})
          on conflict (user_id) do update set
            attempts = case
              when failed_logins.locked_until > ${nowIso} then failed_logins.attempts
              when failed_logins.created_at <= ${windowOpenedAfter} then 1
              else failed_logins.attempts + 1 end,
            created_at = case
              when failed_logins.locked_until > ${nowIso} then failed_logins.created_at
              when failed_logins.created_at <= ${windowOpenedAfter} then ${nowIso}::timestamptz
              else failed_logins.created_at end,
            ip_address = excluded.ip_address,
            updated_at = excluded.updated_at
          returning attempts, locked_until`,
    );
    const running = row!.locked_until ? new Date(row!.locked_until) : null;
    if (running && running > now) return { locked: running, newlyLocked: false };
    const attempt = Number(row!.attempts);
    if (attempt <= LOCKOUT_THRESHOLD) return { locked: null, attempt };
    return lockAccount(ctx, subject.userId);
  }
  const [row] = await queryRows<{ attempts: number; window_start: Date | string }>(
    db,
    sql`insert into rate_limits (ip_address, endpoint, attempts, window_start, created_at)
        values (${unknownAccountKey(subject.email)}, ${UNKNOWN_ACCOUNT_ENDPOINT}, 1, ${nowIso}, ${nowIso})
        on conflict (ip_address, endpoint) do update set
          attempts = case when rate_limits.window_start <= ${windowOpenedAfter} then 1 else rate_limits.attempts + 1 end,
          window_start = case when rate_limits.window_start <= ${windowOpenedAfter} then ${nowIso}::timestamptz else rate_limits.window_start end
        returning attempts, window_start`,
  );
  const attempt = Number(row!.attempts);
  if (attempt <= LOCKOUT_THRESHOLD) return { locked: null, attempt };
  // window_start moved to the lock's start when the threshold was reached (recordFailedSignIn).
  return { locked: new Date(new Date(row!.window_start).getTime() + LOCKOUT_DURATION_MS), newlyLocked: false };
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
  const { db, clock } = ctx;
  if (attempt < LOCKOUT_THRESHOLD) return null;
  if ('userId' in subject) return lockAccount(ctx, subject.userId);
  // The lock of an unknown address runs from the failure that reached the threshold, as for an account.
  const now = clock.now();
  await db
    .update(rateLimits)
    .set({ windowStart: now })
    .where(and(eq(rateLimits.ipAddress, unknownAccountKey(subject.email)), eq(rateLimits.endpoint, UNKNOWN_ACCOUNT_ENDPOINT)));
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
