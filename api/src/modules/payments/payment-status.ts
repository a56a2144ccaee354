// The status check the checkout page calls after confirming: the API asks the provider and runs the
// same idempotent fulfilment as the webhook, so the owner never waits on webhook timing.
import { and, eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES, type PaymentStatusResponse } from '#contracts/payments.schemas';
import type { Database } from '#db/client';
import { payments } from '#db/schema/index';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { RequestMeta } from '../auth/index';
import { applyIntentStatus, discountProblem, lockPaymentForFulfilment, recordIntentFailure, refuseDiscountNoLongerAllowed } from './fulfil-payment';
import type { TestCard, TestModeProvider } from './test-mode-provider';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'logger' | 'payments'>;

async function ownPayment(ctx: Ctx, userId: number, paymentIntentId: string) {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.paymentIntentId, paymentIntentId), eq(payments.userId, userId)));
  if (!row) throw AppError.notFound('Payment not found.');
  return row;
}

export async function checkPaymentStatus(ctx: Ctx, userId: number, paymentIntentId: string, meta: RequestMeta): Promise<PaymentStatusResponse> {
  const row = await ownPayment(ctx, userId, paymentIntentId);
  if (row.status === 'succeeded' || !ctx.payments) return { status: row.status, spaceId: row.spaceId, message: null };
  let intent;
  try {
    intent = await ctx.payments.retrievePaymentIntent(paymentIntentId);
  } catch (error) {
    ctx.logger.warn({ err: error, paymentId: row.id }, 'could not ask the provider for a payment status');
    return { status: row.status, spaceId: row.spaceId, message: null };
  }
  return (ctx.db as Database).transaction(async (tx) => {
    const fresh = await applyIntentStatus(ctx, tx, intent, meta);
    const status = fresh?.status ?? row.status;
    // An intent cancelled because its coupon may no longer be used: the checkout tells the owner to ask again.
    if (status === 'canceled' && fresh && (await discountProblem(ctx, tx, fresh)) !== null) {
      return { status, spaceId: row.spaceId, message: PAYMENT_MESSAGES.couponNoLongerValid };
    }
    return { status, spaceId: row.spaceId, message: status === 'succeeded' ? null : intent.lastErrorMessage };
  });
}

/** Test mode only: the card form posts here; the provider applies Stripe's test-card outcome, then the same fulfilment runs. */
export async function confirmTestCard(
  ctx: Ctx,
  provider: TestModeProvider,
  userId: number,
  input: TestCard & { paymentIntentId: string; clientSecret: string },
  meta: RequestMeta,
) {
  const owned = await ownPayment(ctx, userId, input.paymentIntentId);
  // One transaction from the coupon check to the recorded payment: the rows it locks (listing, payment,
  // coupon) keep a discount that is no longer allowed from being charged (docs/decisions/0404).
  return (ctx.db as Database).transaction(async (tx) => {
    const row = await lockPaymentForFulfilment(tx, input.paymentIntentId);
    if (row && (await refuseDiscountNoLongerAllowed(ctx, tx, row))) {
      return { status: 'failed' as const, code: 'coupon_no_longer_valid', message: PAYMENT_MESSAGES.couponNoLongerValid, spaceId: owned.spaceId };
    }
    const result = provider.confirmCard(input.paymentIntentId, input.clientSecret, input, ctx.clock.now());
    if (!result) throw AppError.notFound('Payment not found.');
    if (result.status === 'failed') {
      await recordIntentFailure(ctx, tx, input.paymentIntentId, result.message, meta);
    } else {
      await applyIntentStatus(ctx, tx, await provider.retrievePaymentIntent(input.paymentIntentId), meta);
    }
    return { ...result, spaceId: owned.spaceId };
  });
}
