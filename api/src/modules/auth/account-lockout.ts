// Per-account lockout: 10 failed sign-ins within 15 minutes lock the account for 15 minutes, counted in
// failed_logins (one row per account; created_at is the start of the current counting window). It lifts
// by itself when locked_until passes (read through the injected clock). Addresses that have no account are
// counted the same way in rate_limits under a hash of the address, so a locked answer never tells whether
// an email is registered. Every update is one atomic statement: several API instances count as one.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../../db/client';
import { failedLogins, rateLimits } from '../../../../db/schema/index';
import type { Clock } from '../../lib/clock';

export const LOCKOUT_THRESHOLD = 10;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_DURATION_MS = 15 * 60_000;
const UNKNOWN_ACCOUNT_ENDPOINT = 'sign-in-unknown-account';

export type LockSubject = { userId: number } | { email: string };

function unknownAccountKey(email: string): string {
  return `acct:${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 56)}`;
}

/** The time the subject's lock ends, or null when it is not locked. */
export async function lockedUntil(db: Executor, clock: Clock, subject: LockSubject): Promise<Date | null> {
  const now = clock.now();
  if ('userId' in subject) {
    const [row] = await db.select({ lockedUntil: failedLogins.lockedUntil }).from(failedLogins).where(eq(failedLogins.userId, subject.userId));
    return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
  }
  const [row] = await db
    .select({ attempts: rateLimits.attempts, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(and(eq(rateLimits.ipAddress, unknownAccountKey(subject.email)), eq(rateLimits.endpoint, UNKNOWN_ACCOUNT_ENDPOINT)));
  if (!row || row.attempts < LOCKOUT_THRESHOLD) return null;
  const until = new Date(row.windowStart.getTime() + LOCKOUT_DURATION_MS);
  return until > now ? until : null;
}

/** Counts one failure; returns the lock's end when this failure locked the subject. */
export async function recordFailedSignIn(db: Executor, clock: Clock, subject: LockSubject, ip: string): Promise<Date | null> {
  const now = clock.now();
  const windowOpenedAfter = new Date(now.getTime() - LOCKOUT_WINDOW_MS).toISOString();
  const until = new Date(now.getTime() + LOCKOUT_DURATION_MS);
  if ('userId' in subject) {
    const [row] = await queryRows<{ attempts: number }>(
      db,
      sql`insert into failed_logins (user_id, ip_address, attempts, created_at, updated_at)
          values (${subject.userId}, ${ip}, 1, ${now.toISOString()}, ${now.toISOString()})
          on conflict (user_id) do update set
            attempts = case when failed_logins.created_at <= ${windowOpenedAfter} then 1 else failed_logins.attempts + 1 end,
            created_at = case when failed_logins.created_at <= ${windowOpenedAfter} then ${now.toISOString()}::timestamptz else failed_logins.created_at end,
            ip_address = excluded.ip_address,
            updated_at = excluded.updated_at
          returning attempts`,
    );
    if (Number(row!.attempts) < LOCKOUT_THRESHOLD) return null;
    // Only the failure that reaches the threshold sets the lock (and so writes one account_lock event).
    const locked = await db
      .update(failedLogins)
      .set({ lockedUntil: until, updatedAt: now })
      .where(and(eq(failedLogins.userId, subject.userId), sql`(${failedLogins.lockedUntil} is null or ${failedLogins.lockedUntil} <= ${now.toISOString()})`))
      .returning({ id: failedLogins.id });
    return locked.length ? until : null;
  }
  const key = unknownAccountKey(subject.email);
  const [row] = await queryRows<{ attempts: number }>(
    db,
    sql`insert into rate_limits (ip_address, endpoint, attempts, window_start, created_at)
        values (${key}, ${UNKNOWN_ACCOUNT_ENDPOINT}, 1, ${now.toISOString()}, ${now.toISOString()})
        on conflict (ip_address, endpoint) do update set
          attempts = case when rate_limits.window_start <= ${windowOpenedAfter} then 1 else rate_limits.attempts + 1 end,
          window_start = case when rate_limits.window_start <= ${windowOpenedAfter} then ${now.toISOString()}::timestamptz else rate_limits.window_start end
        returning attempts`,
  );
  if (Number(row!.attempts) !== LOCKOUT_THRESHOLD) return null;
  // The lock of an unknown address runs from the failure that reached the threshold, as for an account.
  await db
    .update(rateLimits)
    .set({ windowStart: now })
    .where(and(eq(rateLimits.ipAddress, key), eq(rateLimits.endpoint, UNKNOWN_ACCOUNT_ENDPOINT)));
  return until;
}

/** A successful sign-in (or a password reset) clears the count and any lock. */
export async function clearFailedSignIns(db: Executor, userId: number): Promise<void> {
  await db.delete(failedLogins).where(eq(failedLogins.userId, userId));
}
