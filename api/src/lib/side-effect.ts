// A side effect queued after a write (a push, an e-mail) never fails the write it follows (issue 38 item 2,
// docs/decisions/1800): it runs in a savepoint of the write's transaction, so a failure rolls back the
// side effect alone (nothing half-queued) and is logged; the message, the inquiry, the proposal is kept.
// What is queued is still committed with the write or not at all (the outboxes' rule, 0101 and 1700).
import type { Executor } from '#db/client';
import type { Logger } from './logger';

export async function besideTheWrite(ctx: { db: Executor; logger?: Logger }, what: string, effect: (db: Executor) => Promise<unknown>): Promise<void> {
  try {
    await ctx.db.transaction((savepoint) => effect(savepoint));
  } catch (error) {
    ctx.logger?.error({ err: error, sideEffect: what }, 'side effect not queued; the write it follows is kept');
  }
}
