// Housekeeping: deletes what has outlived its use — expired sessions and tokens, old rate-limit and
// lockout rows, delivered or abandoned outbox rows, and security events past their retention. Each owner of
// a table prunes its own (decision 1313: docs/decisions/1313-table-owners-in-code.md); this job only runs them
// in order, in one transaction. Safe on several instances: a transaction-scoped advisory lock lets one
// instance run at a time (the others skip), and every DELETE is bounded (lib/prune.ts) so a large backlog
// never holds long locks. See docs/decisions/0602-housekeeping-and-retention.md.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client';
import { HOUR, type Clock } from '../lib/clock';
import type { PruneContext, Pruned } from '../lib/prune';
import { pruneRateLimits, RATE_LIMIT_RETENTION } from '../lib/rate-limit';
import { AUTH_RETENTION, pruneAuth } from '../modules/auth/prune';
import { OUTBOX_RETENTION, pruneOutbox } from '../modules/email/prune';
import { PUSH_RETENTION, prunePushOutbox } from '../modules/push/prune';

/** How long each kind of row is kept after it stops being useful (docs/operations.md, "Data retention"), as each owner keeps it. */
export const RETENTION = { ...AUTH_RETENTION, ...RATE_LIMIT_RETENTION, ...OUTBOX_RETENTION, ...PUSH_RETENTION } as const;

export const HOUSEKEEPING_INTERVAL_MS = HOUR;
/** Any number: the same for every instance of this product. */
const HOUSEKEEPING_LOCK_KEY = 7_314_011;

/** Every owner's prune, run in this order. */
const PRUNES: Array<(ctx: PruneContext) => Promise<Pruned>> = [pruneAuth, pruneRateLimits, pruneOutbox, prunePushOutbox];

export type HousekeepingResult = { ran: boolean; deleted: Record<string, number> };

export async function runHousekeeping(deps: { db: Database; clock: Clock }): Promise<HousekeepingResult> {
  const now = deps.clock.now();
  const deleted: Record<string, number> = {};
  const ran = await deps.db.transaction(async (tx) => {
    // Raw: a function call on no table (pg_try_advisory_xact_lock): one instance at a time.
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK_KEY}) as locked`);
    if (!lock?.locked) return false;
    for (const prune of PRUNES) {
      for (const [table, rows] of Object.entries(await prune({ tx, now }))) deleted[table] = (deleted[table] ?? 0) + rows;
    }
    return true;
  });
  return { ran, deleted };
}
