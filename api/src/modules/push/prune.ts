// Housekeeping of the push outbox (decision 1313: each owner prunes its own; retention:
// docs/decisions/0602-housekeeping-and-retention.md): a week after a push was queued, once sent or given up.
import { and, inArray, lt, ne } from 'drizzle-orm';
import { pushOutbox } from '#db/schema/index';
import { DAY } from '../../lib/clock';
import { before, pruneInBatches, type PruneContext, type Pruned } from '../../lib/prune';

export const PUSH_RETENTION = {
  /** Push outbox rows (issue 30): a week after they were queued, sent or not (a push is stale long before). */
  pushesMs: 7 * DAY,
} as const;

export async function prunePushOutbox({ tx, now }: PruneContext): Promise<Pruned> {
  return {
    push_outbox: await pruneInBatches(async (limit) => {
      const due = tx
        .select({ id: pushOutbox.id })
        .from(pushOutbox)
        .where(and(ne(pushOutbox.status, 'pending'), lt(pushOutbox.createdAt, before(now, PUSH_RETENTION.pushesMs))))
        .limit(limit);
      return (await tx.delete(pushOutbox).where(inArray(pushOutbox.id, due)).returning({ id: pushOutbox.id })).length;
    }),
  };
}
