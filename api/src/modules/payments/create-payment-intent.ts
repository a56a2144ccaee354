// POST /api/create-payment-intent (spec 7): prices come from the server's constants and the coupon only.
// A zero total publishes at once ({freeTransaction: true}); otherwise one payable intent per listing:
// asking again with the same price hands back the same intent, with another price (another coupon)
// the old one is cancelled and replaced. One open discounted checkout per user and coupon: a new one
// cancels the user's older ones on other listings (docs/decisions/0404).
import { and, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { discountedCents, listPriceCents, PAYMENT_MESSAGES, type CouponSummary, type CreatePaymentIntent, type CreatePaymentIntentResponse } from '#contracts/payments.schemas';
import type { Database, Executor } from '#db/client';
import { payments, spaces, users } from '#db/schema/index';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { RequestMeta } from '../auth/index';
import { listingPurpose } from '../spaces/index';
import { checkoutBlockedUntil, recordCheckoutEvent } from './checkout-events';
import { couponProblem, findCouponById, toCouponSummary } from './coupons';
import { cutText } from '#contracts/text';
import { completePayment, type PaymentRow } from './fulfil-payment';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'logger' | 'payments'>;

/** The request once the route has checked the coupon reference: the coupon's row id and the reference itself. */
export type PaymentIntentRequest = Omit<CreatePaymentIntent, 'couponId'> & { coupon: { couponId: number; reference: string } | null };

const PAYABLE_STATUSES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

function centsToAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

async function lockOwnSpace(tx: Executor, spaceId: number, userId: number) {
  const [row] = await tx.select().from(spaces).where(eq(spaces.id, spaceId)).for('update');
  // A stranger's listing, or a deleted one, answers exactly like a missing one.
  if (!row || row.ownerId !== userId || row.deletedAt) throw AppError.notFound('Space not found.');
  return row;
}

export async function createPaymentIntent(ctx: Ctx, userId: number, input: PaymentIntentRequest, meta: RequestMeta): Promise<CreatePaymentIntentResponse> {
  const now = ctx.clock.now();
  const blockedUntil = await checkoutBlockedUntil(ctx.db, userId, now);
  if (blockedUntil) {
    await recordCheckoutEvent(ctx.db, { userId, outcome: 'refused', meta, now, high: true, metadata: { spaceId: input.spaceId } });
    throw AppError.tooManyRequests((blockedUntil.getTime() - now.getTime()) / 1000, PAYMENT_MESSAGES.tooManyFailures);
  }

  const db = ctx.db as Database;
  return db.transaction(async (tx) => {
    const space = await lockOwnSpace(tx, input.spaceId, userId);
    const decision = listingPurpose(space, input.paymentType, now);
    // Paid up already (the owner came Back to this checkout): a code of its own, so the page can say so.
    if ('conflict' in decision) throw decision.alreadyPaid ? new AppError('already_paid', decision.conflict, 409) : AppError.conflict(decision.conflict);

    let coupon: CouponSummary | null = null;
    let couponRowId: number | null = null;
    if (input.coupon) {
      // Serialises this user's checkouts (not anyone else's) so two at once cannot both keep the coupon.
      // NO KEY UPDATE: rows that merely reference the user (payments, events) are not held up by it.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const row = await findCouponById(tx, input.coupon.couponId);
      const problem = await couponProblem(tx, row, userId, now);
      if (problem || !row) throw AppError.badRequest(problem ?? PAYMENT_MESSAGES.couponInvalidFallback);
      coupon = toCouponSummary(row, input.coupon.reference);
      couponRowId = row.id;
      await cancelOtherCheckoutsWithCoupon(ctx, tx, userId, row.id, space.id);
    }
    const listPrice = listPriceCents(input.paymentType);
    const amountCents = discountedCents(listPrice, coupon);
    const plan = input.paymentType === 'featured_upgrade' ? 'Premium' : 'Standard';
    const verb = decision.purpose === 'renew' ? 'renewal' : decision.purpose === 'upgrade' ? 'upgrade' : 'listing';
    const description = cutText(`FarmSpace ${plan} ${verb}: ${space.title}`, 500, { ellipsis: '' });
    const base = {
      userId,
      spaceId: space.id,
      currency: 'usd',
      paymentType: input.paymentType,
      description,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
      couponId: couponRowId,
      listPriceCents: listPrice,
      spaceTitle: space.title,
      createdAt: now,
    } as const;

    // Earlier intents for this listing that could still be paid: reuse one at the same price, cancel the rest.
    const open = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.spaceId, space.id), eq(payments.userId, userId), inArray(payments.status, ['pending', 'failed']), isNotNull(payments.paymentIntentId)));

    if (amountCents === 0) {
      await cancelIntents(ctx, tx, open);
      const [row] = await tx.insert(payments).values({ ...base, amount: '0.00', status: 'pending' }).returning();
      // A 100% coupon must really be counted: if its last redemption was taken meanwhile, the whole
      // transaction rolls back and nothing is published.
      await completePayment(ctx, tx, row!, meta, { couponMustCount: true });
      return { freeTransaction: true, amountCents: 0, listPriceCents: listPrice, currency: 'USD', coupon, spaceId: space.id };
    }

    const provider = ctx.payments;
    if (!provider) throw AppError.unavailable(PAYMENT_MESSAGES.unavailable);

    const reusable = open.find((p) => p.amount === centsToAmount(amountCents) && p.couponId === couponRowId && p.paymentType === input.paymentType);
    if (reusable) {
      const intent = await provider.retrievePaymentIntent(reusable.paymentIntentId!).catch(() => null);
      if (intent && intent.clientSecret && PAYABLE_STATUSES.has(intent.status)) {
        await cancelIntents(ctx, tx, open.filter((p) => p.id !== reusable.id));
        await recordCheckoutEvent(tx, { userId, outcome: 'intent_created', meta, now, metadata: { paymentId: reusable.id, reused: true } });
        return intentResponse(provider, intent.id, intent.clientSecret, amountCents, listPrice, coupon);
      }
    }
    await cancelIntents(ctx, tx, open);

    const [row] = await tx.insert(payments).values({ ...base, amount: centsToAmount(amountCents), status: 'pending' }).returning();
    let intent;
    try {
      intent = await provider.createPaymentIntent({
        amountCents,
        currency: 'usd',
        description,
        metadata: {
          spaceId: String(space.id),
          userId: String(userId),
          paymentType: input.paymentType,
          couponId: couponRowId === null ? '' : String(couponRowId),
          paymentId: String(row!.id),
        },
        idempotencyKey: `farmspace-payment-${row!.id}`,
      });
    } catch (error) {
      ctx.logger.error({ err: error, paymentId: row!.id }, 'payment provider refused to create an intent');
      throw new AppError('unavailable', PAYMENT_MESSAGES.initFailed, 502);
    }
    if (!intent.clientSecret) throw new AppError('unavailable', PAYMENT_MESSAGES.initFailed, 502);
    await tx.update(payments).set({ paymentIntentId: intent.id }).where(eq(payments.id, row!.id));
    await recordCheckoutEvent(tx, { userId, outcome: 'intent_created', meta, now, metadata: { paymentId: row!.id, amountCents } });
    return intentResponse(provider, intent.id, intent.clientSecret, amountCents, listPrice, coupon);
  });
}

function intentResponse(
  provider: NonNullable<Ctx['payments']>,
  paymentIntentId: string,
  clientSecret: string,
  amountCents: number,
  listPrice: number,
  coupon: CouponSummary | null,
): CreatePaymentIntentResponse {
  return { clientSecret, paymentIntentId, provider: provider.kind, publishableKey: provider.publishableKey, amountCents, listPriceCents: listPrice, currency: 'USD', coupon };
}

/** Replaced intents: cancelled at the provider (best effort) and marked canceled, so only one stays payable. */
async function cancelIntents(ctx: Ctx, tx: Executor, rows: PaymentRow[]): Promise<void> {
  for (const row of rows) {
    try {
      await ctx.payments?.cancelPaymentIntent(row.paymentIntentId!);
    } catch (error) {
      // Already succeeded or gone at the provider: its own event (or the status check) settles it.
      ctx.logger.warn({ err: error, paymentId: row.id }, 'could not cancel a replaced payment intent');
      continue;
    }
    await tx.update(payments).set({ status: 'canceled' }).where(and(eq(payments.id, row.id), inArray(payments.status, ['pending', 'failed'])));
  }
}

/**
 * The user's payable intents with this coupon on their other listings are cancelled before a new one is
 * made, so at most one discounted intent per user and coupon can ever be paid. One that cannot be
 * cancelled (the provider says it already succeeded, or cannot be reached) refuses the new checkout: its
 * own success counts the coupon, and the owner asks again.
 */
async function cancelOtherCheckoutsWithCoupon(ctx: Ctx, tx: Executor, userId: number, couponId: number, spaceId: number): Promise<void> {
  const others = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.couponId, couponId),
        or(isNull(payments.spaceId), ne(payments.spaceId, spaceId)),
        inArray(payments.status, ['pending', 'failed']),
        isNotNull(payments.paymentIntentId),
      ),
    )
    .for('update');
  for (const row of others) {
    try {
      await ctx.payments?.cancelPaymentIntent(row.paymentIntentId!);
    } catch (error) {
      ctx.logger.warn({ err: error, paymentId: row.id }, 'an older checkout with the same coupon could not be cancelled');
      throw AppError.conflict(PAYMENT_MESSAGES.couponInUse);
    }
    await tx.update(payments).set({ status: 'canceled' }).where(eq(payments.id, row.id));
  }
}
