// Fulfilment, exactly once per payment: whichever of the webhook, the checkout page's status check or
// the test-mode confirmation learns first that an intent succeeded records it; the payment row, locked
// and moved pending → succeeded in one transaction, makes every later call a no-op. Success publishes,
// renews or upgrades the listing, redeems the coupon and queues the payment_confirmation e-mail, all in
// that transaction. Failure and cancellation only change a pending row's status.
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { formatUsd } from '#contracts/constants';
import { PAYMENT_MESSAGES } from '#contracts/payments.schemas';
import type { Executor } from '#db/client';
import { coupons, payments, spaces, users } from '#db/schema/index';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { PaymentIntentSummary } from '../../lib/payments';
import type { RequestMeta } from '../auth/index';
import { paymentConfirmationEmail } from '../email/index';
import { enqueueEmail } from '../email/index';
import { notifySavedSearches } from '../saved-searches/index';
import { publishSpace } from '../spaces/index';
import { recordCheckoutEvent, recordFailedAttempt } from './checkout-events';
import { couponProblem, redeemCoupon } from './coupons';

export type PaymentRow = typeof payments.$inferSelect;
type Ctx = Pick<AppContext, 'clock' | 'config' | 'logger'> & Partial<Pick<AppContext, 'payments'>>;

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
  const space = row.spaceId !== null ? await publishSpace(tx, row.spaceId, row.paymentType, now, { review: ctx.config.LISTING_REVIEW === 'before', onLive: notifySavedSearches }) : null;
  const liveUntil = space ? new Date(space.expiresAt) : null;
  await tx.update(payments).set({ status: 'succeeded', paidAt: now, liveUntil }).where(eq(payments.id, row.id));
  let couponNotCounted = false;
  if (row.couponId !== null) {
    const counted = await redeemCoupon(tx, { couponId: row.couponId, userId: row.userId, paymentId: row.id }, now);
    if (!counted && options.couponMustCount) throw AppError.conflict(PAYMENT_MESSAGES.couponLimitReached);
    // Money was taken at the discounted price (the provider confirmed it before we could refuse): the owner
    // gets what they paid for, the coupon is never counted twice nor past its maximum (docs/decisions/0404).
    if (!counted) ctx.logger.warn({ paymentId: row.id, couponId: row.couponId }, 'coupon not counted: limit reached or already redeemed');
    couponNotCounted = !counted;
    if (counted) await cancelCheckoutsOfUsedUpCoupon(ctx, tx, row.couponId, row.id);
  }
  await recordCheckoutEvent(tx, {
    userId: row.userId,
    outcome: row.paymentIntentId ? 'succeeded' : 'free',
    meta,
    now,
    metadata: { paymentId: row.id, ...(couponNotCounted ? { couponNotCounted: true } : {}) },
  });
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  if (owner && space && liveUntil) {
    const site = ctx.config.PUBLIC_SITE_URL;
    await enqueueEmail({ db: tx, clock: ctx.clock }, {
      userId: row.userId,
      type: 'payment_confirmation',
      recipient: owner.email,
      content: paymentConfirmationEmail({
        listingTitle: space.title,
        amount: formatUsd(Math.round(Number(row.amount) * 100)),
        free: Math.round(Number(row.amount) * 100) === 0,
        plan: row.paymentType === 'featured_upgrade' ? 'Premium listing' : 'Standard listing',
        liveUntil: formatDate(liveUntil),
        listingUrl: `${site}/spaces/${space.id}`,
        receiptUrl: `${site}/receipt?id=${row.id}`,
      }),
    });
  }
  return true;
}

/**
 * When this redemption was the coupon's last, every other unpaid intent with it is cancelled at the
 * provider, so none can be paid at a discount no longer allowed (docs/decisions/0404); their checkout then
 * says why. Rows another transaction holds (being fulfilled right now) are skipped: if the provider took
 * their money they are delivered uncounted. An intent the provider will not cancel (already paid) stays.
 */
async function cancelCheckoutsOfUsedUpCoupon(ctx: Ctx, tx: Executor, couponId: number, paymentId: number): Promise<void> {
  const [coupon] = await tx.select({ max: coupons.maxRedemptions, used: coupons.timesRedeemed }).from(coupons).where(eq(coupons.id, couponId));
  if (!coupon || coupon.max === null || coupon.used < coupon.max) return;
  const open = await tx
    .select({ id: payments.id, paymentIntentId: payments.paymentIntentId })
    .from(payments)
    .where(and(eq(payments.couponId, couponId), ne(payments.id, paymentId), inArray(payments.status, ['pending', 'failed']), isNotNull(payments.paymentIntentId)))
    .for('update', { skipLocked: true });
  for (const other of open) {
    try {
      await ctx.payments?.cancelPaymentIntent(other.paymentIntentId!);
    } catch (error) {
      ctx.logger.warn({ err: error, paymentId: other.id }, 'could not cancel an intent whose coupon was used up');
      continue;
    }
    await tx.update(payments).set({ status: 'canceled' }).where(eq(payments.id, other.id));
  }
}

/** Locks a payment about to be fulfilled in the order checkout takes them (listing, then payment), so the two never deadlock. */
export async function lockPaymentForFulfilment(tx: Executor, intentId: string): Promise<PaymentRow | undefined> {
  const [target] = await tx.select({ spaceId: payments.spaceId }).from(payments).where(eq(payments.paymentIntentId, intentId));
  if (target?.spaceId != null) await tx.select({ id: spaces.id }).from(spaces).where(eq(spaces.id, target.spaceId)).for('update');
  return lockPayment(tx, intentId);
}

/** Why an unpaid payment's coupon may no longer be used by its owner, or null; locks the coupon row. */
export async function discountProblem(ctx: Ctx, tx: Executor, row: PaymentRow): Promise<string | null> {
  if (row.couponId === null) return null;
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, row.couponId)).for('update');
  return couponProblem(tx, coupon, row.userId, ctx.clock.now());
}

/**
 * Before a discounted payment is taken (test mode confirms on the server): when its coupon may no longer
 * be used by this owner (redeemed meanwhile, used up, expired, disabled) the intent is cancelled at the
 * provider and marked canceled, so it is never paid at that price; the owner asks for the price again.
 * The coupon row stays locked until the caller's transaction ends, so the check holds until the payment
 * is recorded. Returns true when it refused.
 */
export async function refuseDiscountNoLongerAllowed(ctx: Ctx, tx: Executor, row: PaymentRow): Promise<boolean> {
  if (row.status === 'succeeded') return false;
  const problem = await discountProblem(ctx, tx, row);
  if (!problem) return false;
  // Cancelled already, when the coupon ran out: the owner is told why rather than "replaced".
  if (row.status === 'canceled') return true;
  try {
    await ctx.payments?.cancelPaymentIntent(row.paymentIntentId!);
  } catch (error) {
    // Already paid at the provider: fulfilment delivers what was paid for (docs/decisions/0404).
    ctx.logger.warn({ err: error, paymentId: row.id }, 'could not cancel an intent whose coupon is no longer allowed');
    return false;
  }
  await tx.update(payments).set({ status: 'canceled' }).where(eq(payments.id, row.id));
  ctx.logger.info({ paymentId: row.id, couponId: row.couponId, problem }, 'discounted intent cancelled: its coupon is no longer allowed');
  return true;
}

/** Applies what the provider says about an intent (success or cancellation), inside the caller's transaction. */
export async function applyIntentStatus(ctx: Ctx, tx: Executor, intent: PaymentIntentSummary, meta: RequestMeta | null): Promise<PaymentRow | undefined> {
  const row = intent.status === 'succeeded' ? await lockPaymentForFulfilment(tx, intent.id) : await lockPayment(tx, intent.id);
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

/**
 * A listing approved after review (LISTING_REVIEW=before) is live from the approval: the receipt of the
 * payment that bought this publication (its newest succeeded, unrefunded one) shows the real end date.
 */
export async function setLiveUntilOfListingPayment(tx: Executor, spaceId: number, liveUntil: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ liveUntil })
    .where(sql`${payments.id} = (select max(id) from payments where space_id = ${spaceId} and status = 'succeeded' and refunded_at is null)`);
}
