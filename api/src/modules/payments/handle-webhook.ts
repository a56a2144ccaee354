// POST /api/webhooks/stripe: the signature is checked on the raw body (bad → 400, nothing changes); each
// event id is recorded in payment_events in the same transaction as its effect, so a redelivered event
// does nothing. Events may come late, twice or out of order: a success always wins over a failure.
import type { Database } from '#db/client';
import { paymentEvents } from '#db/schema/index';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { PaymentEvent } from '../../lib/payments';
import { applyIntentStatus, recordIntentFailure } from './fulfil-payment';
import { recordProviderRefund } from './refunds';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'logger' | 'payments'>;

export function verifyWebhook(ctx: Ctx, rawBody: unknown, signature: string | undefined): PaymentEvent {
  if (!ctx.payments || ctx.payments.kind !== 'stripe') throw AppError.notFound('No API route for POST /webhooks/stripe');
  if (!Buffer.isBuffer(rawBody) || !signature) throw AppError.badRequest('Missing webhook signature.');
  try {
    return ctx.payments.parseWebhookEvent(rawBody, signature);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'webhook signature rejected');
    throw AppError.badRequest('Invalid webhook signature.');
  }
}

export async function handleWebhookEvent(ctx: Ctx, event: PaymentEvent): Promise<{ received: true; duplicate: boolean }> {
  const db = ctx.db as Database;
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type, paymentIntentId: event.intent?.id ?? null, processedAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!fresh.length) return { received: true, duplicate: true };
    // A refund (ours echoed back, or one made in the provider's dashboard): recorded once (issue 19).
    if (event.type === 'charge.refunded' && event.refund) {
      await recordProviderRefund(ctx, tx, event.refund);
      return { received: true, duplicate: false };
    }
    const intent = event.intent;
    if (!intent) return { received: true, duplicate: false };
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.canceled':
        await applyIntentStatus(ctx, tx, intent, null);
        break;
      case 'payment_intent.payment_failed':
        await recordIntentFailure(ctx, tx, intent.id, intent.lastErrorMessage, null);
        break;
      default:
        break;
    }
    return { received: true, duplicate: false };
  });
}
