// Fraud basics: a `checkout` security event per attempt (written by auth, which owns security_events); more than MAX_FAILURES failed payments by one
// user within an hour mark the payment fraudScore high and refuse further intents for an hour.
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { payments, securityEvents } from '#db/schema/index';
import { recordSecurityEvent, type RequestMeta } from '../auth/index';
import { HOUR } from '../../lib/clock';

export const MAX_FAILURES_PER_HOUR = 5;
export const FRAUD_BLOCK_MS = HOUR;

export type CheckoutOutcome = 'intent_created' | 'free' | 'succeeded' | 'failed' | 'refused';

export async function recordCheckoutEvent(
  db: Executor,
  event: { userId: number; outcome: CheckoutOutcome; meta: RequestMeta | null; now: Date; high?: boolean; metadata?: Record<string, unknown> },
): Promise<void> {
  await recordSecurityEvent(
    { db, clock: { now: () => event.now } },
    { type: 'checkout', userId: event.userId, meta: event.meta, fraudScore: event.high ? 'high' : 'low', metadata: { outcome: event.outcome, ...event.metadata } },
  );
}

/** When a high-score failure happened within the last hour: intents are refused until an hour after it. */
export async function checkoutBlockedUntil(db: Executor, userId: number, now: Date): Promise<Date | null> {
  const [last] = await db
    .select({ createdAt: securityEvents.createdAt })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        eq(securityEvents.eventType, 'checkout'),
        eq(securityEvents.fraudScore, 'high'),
        gt(securityEvents.createdAt, new Date(now.getTime() - FRAUD_BLOCK_MS)),
      ),
    )
    .orderBy(desc(securityEvents.createdAt))
    .limit(1);
  return last ? new Date(last.createdAt.getTime() + FRAUD_BLOCK_MS) : null;
}

/** Records one failed attempt; the one that passes the limit scores the payment high. */
export async function recordFailedAttempt(
  tx: Executor,
  input: { userId: number; paymentId: number; meta: RequestMeta | null; now: Date; message: string | null },
): Promise<{ high: boolean }> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, input.userId),
        eq(securityEvents.eventType, 'checkout'),
        sql`${securityEvents.metadata}->>'outcome' = 'failed'`,
        gt(securityEvents.createdAt, new Date(input.now.getTime() - HOUR)),
      ),
    );
  const high = Number(row?.count ?? 0) + 1 > MAX_FAILURES_PER_HOUR;
  if (high) await tx.update(payments).set({ fraudScore: 'high' }).where(eq(payments.id, input.paymentId));
  await recordCheckoutEvent(tx, {
    userId: input.userId,
    outcome: 'failed',
    meta: input.meta,
    now: input.now,
    high,
    metadata: { paymentId: input.paymentId, message: input.message },
  });
  return { high };
}
