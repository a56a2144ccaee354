// The claim of an outbox (e-mails, pushes): due pending rows, each claimed by exactly one sender. One
// statement takes them: rows another instance is claiming are skipped (FOR UPDATE SKIP LOCKED), and the lease
// (next_attempt_at moved past now) hides claimed rows from later claims until their delivery is recorded.
// The table needs id, status ('pending'), attempts and next_attempt_at (docs/decisions/0101, 1700).
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '#db/client';

export async function claimDueRows<T extends Record<string, unknown>>(
  db: Executor,
  claim: { table: 'email_notifications' | 'push_outbox'; now: Date; leaseMs: number; batchSize: number; returning: string[] },
): Promise<T[]> {
  const table = sql.identifier(claim.table);
  const leaseUntil = new Date(claim.now.getTime() + claim.leaseMs);
  // Raw: a claim, update … where id in (select … for update skip locked) returning.
  return queryRows<T>(
    db,
    sql`update ${table} set attempts = attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}
        where id in (
          select id from ${table}
          where status = 'pending' and next_attempt_at <= ${claim.now.toISOString()}
          order by next_attempt_at, id
          limit ${claim.batchSize}
          for update skip locked
        )
        returning ${sql.join(claim.returning.map((c) => sql.identifier(c)), sql`, `)}`,
  );
}
