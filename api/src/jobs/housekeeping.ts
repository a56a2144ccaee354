// Housekeeping: deletes what has outlived its use — expired sessions and tokens, old rate-limit and
// lockout rows, delivered or abandoned outbox rows, and security events past their retention. Safe on
// several instances: a transaction-scoped advisory lock lets one instance run at a time (the others skip),
// and every DELETE is bounded so a large backlog never holds long locks. See docs/decisions/0602-housekeeping.md.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client';
import { DAY, HOUR, type Clock } from '../lib/clock';

/** How long each kind of row is kept after it stops being useful (docs/operations.md, "Data retention"). */
export const RETENTION = {
  /** Sessions: deleted once expired (a session past `expire` never signs anyone in again). */
  expiredSessionsMs: 0,
  /** E-mail verification and password-reset tokens, and better-auth's verifications: once expired (used ones are deleted on use). */
  expiredTokensMs: 0,
  /** Rate-limit rows: a day after their window opened (the longest window is one hour). */
  rateLimitsMs: DAY,
  /** Lockout counters: a day after the last failure, when no lock is running. */
  failedLoginsMs: DAY,
  /** Outbox rows: sent ones 30 days after sending, failed ones 90 days after they were queued. */
  sentEmailsMs: 30 * DAY,
  failedEmailsMs: 90 * DAY,
  /** Push outbox rows (issue 30): a week after they were queued, sent or not (a push is stale long before). */
  pushesMs: 7 * DAY,
  /** Security events (sign-ins, lockouts, password changes): one year, then deleted. */
  securityEventsMs: 365 * DAY,
} as const;

export const HOUSEKEEPING_INTERVAL_MS = HOUR;
/** Rows per DELETE statement, and statements per table per run: a run deletes at most 50,000 rows a table. */
export const HOUSEKEEPING_BATCH = 5_000;
const MAX_BATCHES = 10;
/** Any number: the same for every instance of this product. */
const HOUSEKEEPING_LOCK_KEY = 7_314_011;

export type HousekeepingResult = { ran: boolean; deleted: Record<string, number> };

export async function runHousekeeping(deps: { db: Database; clock: Clock }): Promise<HousekeepingResult> {
  const now = deps.clock.now().getTime();
  const before = (ms: number) => new Date(now - ms).toISOString();
  const tasks: Array<[string, SQL]> = [
    ['sessions', sql`select id from sessions where expire < ${before(RETENTION.expiredSessionsMs)}`],
    ['email_verification_tokens', sql`select id from email_verification_tokens where expires_at < ${before(RETENTION.expiredTokensMs)}`],
    ['password_reset_tokens', sql`select id from password_reset_tokens where expires_at < ${before(RETENTION.expiredTokensMs)}`],
    ['verifications', sql`select id from verifications where expires_at < ${before(RETENTION.expiredTokensMs)}`],
    ['rate_limits', sql`select id from rate_limits where window_start < ${before(RETENTION.rateLimitsMs)}`],
    [
      'failed_logins',
      sql`select id from failed_logins where updated_at < ${before(RETENTION.failedLoginsMs)} and (locked_until is null or locked_until < ${before(0)})`,
    ],
    ['email_notifications', sql`select id from email_notifications where status = 'sent' and sent_at < ${before(RETENTION.sentEmailsMs)}`],
    ['email_notifications', sql`select id from email_notifications where status = 'failed' and created_at < ${before(RETENTION.failedEmailsMs)}`],
    ['push_outbox', sql`select id from push_outbox where status <> 'pending' and created_at < ${before(RETENTION.pushesMs)}`],
    ['security_events', sql`select id from security_events where created_at < ${before(RETENTION.securityEventsMs)}`],
  ];
  const deleted: Record<string, number> = {};
  const ran = await deps.db.transaction(async (tx) => {
    // Raw: a function call on no table (pg_try_advisory_xact_lock): one instance at a time.
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK_KEY}) as locked`);
    if (!lock?.locked) return false;
    for (const [table, select] of tasks) {
      for (let batch = 0; batch < MAX_BATCHES; batch++) {
        // Raw: a bounded batch, delete … where id in (select … limit n), over a table named by the list above.
        const rows = await queryRows<{ id: number }>(
          tx,
          sql`delete from ${sql.identifier(table)} where id in (${select} limit ${HOUSEKEEPING_BATCH}) returning id`,
        );
        deleted[table] = (deleted[table] ?? 0) + rows.length;
        if (rows.length < HOUSEKEEPING_BATCH) break;
      }
    }
    return true;
  });
  return { ran, deleted };
}
