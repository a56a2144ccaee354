// POST /api/create-payment-intent (spec 7): prices come from the server's constants and the coupon only.
// A zero total publishes at once ({freeTransaction: true}); otherwise one payable intent per listing:
// asking again with the same price hands back the same intent, with another price (another coupon)
// the old one is cancelled and replaced.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { discountedCents, listPriceCents, PAYMENT_MESSAGES, type CouponSummary, type CreatePaymentIntent, type CreatePaymentIntentResponse } from '../../../../contracts/payments';
import type { Database, Executor } from '../../../../db/client';
import { payments, spaces } from '../../../../db/schema/index';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { RequestMeta } from '../auth/security-events';
import { listingPurpose } from '../spaces/publish-space';
import { checkoutBlockedUntil, recordCheckoutEvent } from './checkout-events';
import { couponProblem, findCouponById, toCouponSummary } from './coupons';
import { completePayment, type PaymentRow } from './fulfil-payment';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'logger' | 'payments'>;

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

export async function createPaymentIntent(ctx: Ctx, userId: number, input: CreatePaymentIntent, meta: RequestMeta): Promise<CreatePaymentIntentResponse> {
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
    if ('conflict' in decision) throw AppError.conflict(decision.conflict);

    let coupon: CouponSummary | null = null;
    if (input.couponId != null) {
      const row = await findCouponById(tx, input.couponId);
      const problem = await couponProblem(tx, row, userId, now);
      if (problem || !row) throw AppError.badRequest(problem ?? PAYMENT_MESSAGES.couponInvalidFallback);
      coupon = toCouponSummary(row);
    }
    const listPrice = listPriceCents(input.paymentType);
    const amountCents = discountedCents(listPrice, coupon);
    const plan = input.paymentType === 'featured_upgrade' ? 'Premium' : 'Standard';
    const verb = decision.purpose === 'renew' ? 'renewal' : decision.purpose === 'upgrade' ? 'upgrade' : 'listing';
    const description = `FarmSpace ${plan} ${verb}: ${space.title}`.slice(0, 500);
    const base = {
      userId,
      spaceId: space.id,
      currency: 'usd',
      paymentType: input.paymentType,
      description,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
      couponId: coupon?.id ?? null,
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

    const reusable = open.find((p) => p.amount === centsToAmount(amountCents) && p.couponId === (coupon?.id ?? null) && p.paymentType === input.paymentType);
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
          couponId: coupon ? String(coupon.id) : '',
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
