// The status check the checkout page calls after confirming: the API asks the provider and runs the
// same idempotent fulfilment as the webhook, so the owner never waits on webhook timing.
import { and, eq } from 'drizzle-orm';
import type { PaymentStatusResponse } from '../../../../contracts/payments';
import type { Database } from '../../../../db/client';
import { payments } from '../../../../db/schema/index';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { RequestMeta } from '../auth/security-events';
import { applyIntentStatus, recordIntentFailure } from './fulfil-payment';
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
  const fresh = await (ctx.db as Database).transaction((tx) => applyIntentStatus(ctx, tx, intent, meta));
  const status = fresh?.status ?? row.status;
  return { status, spaceId: row.spaceId, message: status === 'succeeded' ? null : intent.lastErrorMessage };
}

/** Test mode only: the card form posts here; the provider applies Stripe's test-card outcome, then the same fulfilment runs. */
export async function confirmTestCard(
  ctx: Ctx,
  provider: TestModeProvider,
  userId: number,
  input: TestCard & { paymentIntentId: string; clientSecret: string },
  meta: RequestMeta,
) {
  const row = await ownPayment(ctx, userId, input.paymentIntentId);
  const result = provider.confirmCard(input.paymentIntentId, input.clientSecret, input, ctx.clock.now());
  if (!result) throw AppError.notFound('Payment not found.');
  const db = ctx.db as Database;
  if (result.status === 'failed') {
    await db.transaction((tx) => recordIntentFailure(ctx, tx, input.paymentIntentId, result.message, meta));
  } else {
    const intent = await provider.retrievePaymentIntent(input.paymentIntentId);
    await db.transaction((tx) => applyIntentStatus(ctx, tx, intent, meta));
  }
  return { ...result, spaceId: row.spaceId };
}
