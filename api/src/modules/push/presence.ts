// Who is reading which conversation right now: the open thread, while its tab is visible, says so every
// PRESENCE_BEAT_MS; a push about that conversation is then not queued for that person (they see it on the
// screen). The mark lapses PRESENCE_TTL_SECONDS after the last beat (tab hidden, closed, offline).
import { and, eq, gt, lte } from 'drizzle-orm';
import { PRESENCE_TTL_SECONDS } from '#contracts/push';
import type { Database, Executor } from '#db/client';
import { pushPresence } from '#db/schema/index';
import type { Clock } from '../../lib/clock';

export async function markPresent(ctx: { db: Database; clock: Clock; userId: number; conversationId: number }): Promise<void> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + PRESENCE_TTL_SECONDS * 1000);
  await ctx.db.transaction(async (tx) => {
    // The person's lapsed marks go with each beat: the table holds only marks of the last TTL.
    await tx.delete(pushPresence).where(and(eq(pushPresence.userId, ctx.userId), lte(pushPresence.until, now)));
    await tx
      .insert(pushPresence)
      .values({ userId: ctx.userId, conversationId: ctx.conversationId, until })
      .onConflictDoUpdate({ target: [pushPresence.userId, pushPresence.conversationId], set: { until } });
  });
}

/** The tab went hidden or the thread closed: pushes resume at once rather than after the TTL. */
export async function markAbsent(ctx: { db: Executor; userId: number; conversationId: number }): Promise<void> {
  await ctx.db.delete(pushPresence).where(and(eq(pushPresence.userId, ctx.userId), eq(pushPresence.conversationId, ctx.conversationId)));
}

export async function isPresent(db: Executor, userId: number, conversationId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ until: pushPresence.until })
    .from(pushPresence)
    .where(and(eq(pushPresence.userId, userId), eq(pushPresence.conversationId, conversationId), gt(pushPresence.until, now)));
  return Boolean(row);
}
