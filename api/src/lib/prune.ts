// Bounded deletes for housekeeping (docs/decisions/0602-housekeeping-and-retention.md): each owner of a
// table prunes it itself (decision 1313) in statements of at most PRUNE_BATCH rows, at most MAX_BATCHES a
// run, so a large backlog never holds long locks.
import type { Executor } from '#db/client';

/** Rows per DELETE statement; a run deletes at most MAX_BATCHES × this many rows a table. */
export const PRUNE_BATCH = 5_000;
const MAX_BATCHES = 10;

/** What an owner's prune needs: the housekeeping transaction and the run's time. */
export type PruneContext = { tx: Executor; now: Date };
/** Rows deleted, by table name. */
export type Pruned = Record<string, number>;

/** Runs `deleteAtMost` (one statement deleting at most `limit` rows, answering how many) until a batch comes short. */
export async function pruneInBatches(deleteAtMost: (limit: number) => Promise<number>): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const rows = await deleteAtMost(PRUNE_BATCH);
    deleted += rows;
    if (rows < PRUNE_BATCH) break;
  }
  return deleted;
}

/** The time `ms` before `now`. */
export const before = (now: Date, ms: number) => new Date(now.getTime() - ms);
