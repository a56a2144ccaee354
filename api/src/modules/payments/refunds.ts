// Refunds (issue 19), recorded once whoever learns of them first: an operator in the console
// (refundPayment, which asks the provider) or the provider's charge.refunded webhook (recordProviderRefund).
// The payments module owns the payment rows; what the refund takes back from the listing is the spaces
// module's (withdrawPaidListing), and the e-mail goes through the outbox, all in one transaction.
import { eq } from 'drizzle-orm';
import { MODERATION_MESSAGES } from '#contracts/moderation';
import type { Database, Executor } from '#db/client';
import { payments } from '#db/schema/index';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor, type Operator } from '../../lib/audit-log';
import { moderationEmail } from '../email/index';
import { tellUser } from '../email/index';
import { withdrawPaidListing } from '../spaces/index';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'logger' | 'payments'>;

/**
 * Records a refund once, whoever learns of it first (the console, or the provider's charge.refunded
 * webhook): the payment row is locked and refunded_at set only if it was empty. A refunded listing fee
 * unpublishes its listing (back to a draft the owner may pay for again) unless `keepPublished`.
 */
async function recordRefund(
  ctx: Ctx,
  tx: Executor,
  row: typeof payments.$inferSelect,
  input: { actor: AuditActor; refundId: string | null; reason: string; keepPublished: boolean },
): Promise<void> {
  const now = ctx.clock.now();
  await tx.update(payments).set({ refundedAt: now, refundId: input.refundId }).where(eq(payments.id, row.id));
  const unpublished = row.spaceId !== null && !input.keepPublished ? await withdrawPaidListing(tx, row.spaceId, row.paymentType, now) : false;
  await recordAudit(tx, {
    actor: input.actor,
    action: 'payment.refund',
    targetType: 'payment',
    targetId: row.id,
    reason: input.reason,
    details: { amount: row.amount, refundId: input.refundId, spaceId: row.spaceId, unpublished, userId: row.userId },
    at: now,
  });
  await tellUser(
    { db: tx, clock: ctx.clock, config: ctx.config },
    row.userId,
    moderationEmail({
      subject: 'Your FarmSpace payment was refunded',
      what: `We refunded your payment of $${row.amount}${row.spaceTitle ? ` for "${row.spaceTitle}"` : ''}. It reaches your card within 5–10 business days.${unpublished ? ' The listing it paid for is no longer published.' : ''}`,
      next: 'Your receipt shows the refund.',
      action: { label: 'Open the receipt', url: `${ctx.config.PUBLIC_SITE_URL}/receipt?id=${row.id}` },
    }),
  );
}

export async function refundPayment(ctx: Ctx, operator: Operator, paymentId: number, reason: string, keepPublished: boolean): Promise<typeof payments.$inferSelect> {
  if (!ctx.payments) throw AppError.unavailable(MODERATION_MESSAGES.refundUnavailable);
  const provider = ctx.payments;
  return (ctx.db as Database).transaction(async (tx) => {
    // The row stays locked across the provider call: a webhook about this refund (or a second click) waits
    // here, then finds it recorded. The idempotency key makes any repeat at the provider the same refund.
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!row) throw AppError.notFound('Payment not found.');
    if (row.refundedAt) throw AppError.conflict(MODERATION_MESSAGES.alreadyRefunded);
    if (row.status !== 'succeeded') throw AppError.conflict(MODERATION_MESSAGES.notRefundable);
    let refundId: string | null = null;
    if (row.paymentIntentId && Number(row.amount) > 0) {
      try {
        refundId = (await provider.refundPaymentIntent(row.paymentIntentId, `refund-payment-${row.id}`)).id;
      } catch (error) {
        ctx.logger.warn({ err: error, paymentId: row.id }, 'refund refused by the payment provider');
        throw AppError.conflict(`The payment provider refused the refund: ${(error as Error).message}`.slice(0, 300));
      }
    }
    await recordRefund(ctx, tx, row, { actor: operator, refundId, reason, keepPublished });
    const [fresh] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    return fresh!;
  });
}

/** The provider's charge.refunded webhook (a refund from its dashboard, or the echo of ours): recorded once. */
export async function recordProviderRefund(ctx: Ctx, tx: Executor, refund: { paymentIntentId: string; refundId: string | null }): Promise<boolean> {
  const [row] = await tx.select().from(payments).where(eq(payments.paymentIntentId, refund.paymentIntentId)).for('update');
  if (!row || row.refundedAt || row.status !== 'succeeded') return false;
  await recordRefund(ctx, tx, row, { actor: 'system', refundId: refund.refundId, reason: 'Refunded at the payment provider (webhook charge.refunded).', keepPublished: false });
  return true;
}
