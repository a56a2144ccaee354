// Fulfilment, exactly once per payment: whichever of the webhook, the checkout page's status check or
// the test-mode confirmation learns first that an intent succeeded records it; the payment row, locked
// and moved pending → succeeded in one transaction, makes every later call a no-op. Success publishes,
// renews or upgrades the listing, redeems the coupon and queues the payment_confirmation e-mail, all in
// that transaction. Failure and cancellation only change a pending row's status.
import { eq } from 'drizzle-orm';
import { formatUsd } from '../../../../contracts/constants';
import type { Executor } from '../../../../db/client';
import { payments, spaces, users } from '../../../../db/schema/index';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { PaymentIntentSummary } from '../../lib/payments';
import type { RequestMeta } from '../auth/security-events';
import { paymentConfirmationEmail } from '../email/email-templates';
import { enqueueEmail } from '../email/outbox';
import { publishSpace } from '../spaces/publish-space';
import { recordCheckoutEvent, recordFailedAttempt } from './checkout-events';
import { redeemCoupon } from './coupons';

export type PaymentRow = typeof payments.$inferSelect;
type Ctx = Pick<AppContext, 'clock' | 'config' | 'logger'>;

async function lockPayment(tx: Executor, intentId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.paymentIntentId, intentId)).for('update');
  return row;
}

export function formatDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Marks a payment succeeded and does what it paid for; false when it was already done. */
export async function completePayment(
  ctx: Ctx,
  tx: Executor,
  row: PaymentRow,
  meta: RequestMeta | null,
  options: { couponMustCount?: boolean } = {},
): Promise<boolean> {
  if (row.status === 'succeeded') return false;
  const now = ctx.clock.now();
  const space = row.spaceId !== null ? await publishSpace(tx, row.spaceId, row.paymentType, now) : null;
  const liveUntil = space ? new Date(space.expiresAt) : null;
  await tx.update(payments).set({ status: 'succeeded', paidAt: now, liveUntil }).where(eq(payments.id, row.id));
  if (row.couponId !== null) {
    const counted = await redeemCoupon(tx, row.couponId, row.userId, row.id, now);
    if (!counted && options.couponMustCount) throw AppError.conflict('This coupon has reached its redemption limit.');
    // The owner paid the discounted price shown to them; the count stays within its maximum regardless.
    if (!counted) ctx.logger.warn({ paymentId: row.id, couponId: row.couponId }, 'coupon not counted: limit reached or already redeemed');
  }
  await recordCheckoutEvent(tx, { userId: row.userId, outcome: row.paymentIntentId ? 'succeeded' : 'free', meta, now, metadata: { paymentId: row.id } });
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  if (owner && space && liveUntil) {
    const site = ctx.config.PUBLIC_SITE_URL;
    await enqueueEmail(tx, ctx.clock, {
      userId: row.userId,
      type: 'payment_confirmation',
      recipient: owner.email,
      content: paymentConfirmationEmail({
        listingTitle: space.title,
        amount: formatUsd(Math.round(Number(row.amount) * 100)),
        plan: row.paymentType === 'featured_upgrade' ? 'Premium listing' : 'Standard listing',
        liveUntil: formatDate(liveUntil),
        listingUrl: `${site}/spaces/${space.id}`,
        receiptUrl: `${site}/receipt?id=${row.id}`,
      }),
    });
  }
  return true;
}

/** Applies what the provider says about an intent (success or cancellation), inside the caller's transaction. */
export async function applyIntentStatus(ctx: Ctx, tx: Executor, intent: PaymentIntentSummary, meta: RequestMeta | null): Promise<PaymentRow | undefined> {
  // Locks in the order checkout takes them (listing, then payment), so the two never deadlock.
  const [target] = await tx.select({ spaceId: payments.spaceId }).from(payments).where(eq(payments.paymentIntentId, intent.id));
  if (target?.spaceId != null && intent.status === 'succeeded') {
    await tx.select({ id: spaces.id }).from(spaces).where(eq(spaces.id, target.spaceId)).for('update');
  }
  const row = await lockPayment(tx, intent.id);
  if (!row) {
    ctx.logger.warn({ paymentIntentId: intent.id }, 'provider reported an intent we have no payment for');
    return undefined;
  }
  if (intent.status === 'succeeded') {
    if (Math.round(Number(row.amount) * 100) !== intent.amount) {
      ctx.logger.error({ paymentId: row.id, expected: row.amount, got: intent.amount }, 'intent amount differs from the payment row: not fulfilled');
      return row;
    }
    await completePayment(ctx, tx, row, meta);
  } else if (intent.status === 'canceled' && row.status === 'pending') {
    await tx.update(payments).set({ status: 'canceled' }).where(eq(payments.id, row.id));
  }
  const [fresh] = await tx.select().from(payments).where(eq(payments.id, row.id));
  return fresh;
}

/** One failed attempt (a decline): a pending payment becomes failed; a succeeded one never goes back. */
export async function recordIntentFailure(ctx: Ctx, tx: Executor, intentId: string, message: string | null, meta: RequestMeta | null): Promise<{ high: boolean } | null> {
  const row = await lockPayment(tx, intentId);
  if (!row) return null;
  if (row.status === 'pending') await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, row.id));
  return recordFailedAttempt(tx, { userId: row.userId, paymentId: row.id, meta, now: ctx.clock.now(), message });
}
