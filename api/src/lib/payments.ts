// The payment-provider seam. Stripe (its real SDK) when STRIPE_SECRET_KEY is set; tests point the same SDK
// at a local fake of Stripe's HTTP API through STRIPE_API_URL. Without a key outside production, the
// built-in test-mode provider (api/src/modules/payments/test-mode-provider.ts) takes Stripe's test card
// numbers offline; in production without a key checkout answers 'Payment system is currently unavailable.'
import Stripe from 'stripe';

export type PaymentIntentSummary = {
  id: string;
  clientSecret: string | null;
  /** Stripe's statuses: requires_payment_method, requires_confirmation, requires_action, processing, succeeded, canceled … */
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** The provider's message for the last failed attempt (a decline), if any. */
  lastErrorMessage: string | null;
};

/** The verified webhook event, reduced to what fulfilment reads. */
export type PaymentEvent = {
  id: string;
  type: string;
  intent: PaymentIntentSummary | null;
  /** charge.refunded: the intent whose money went back (issue 19). */
  refund?: { paymentIntentId: string; refundId: string | null } | null;
};

export type RefundSummary = { id: string; status: string };

export type PaymentProvider = {
  kind: 'stripe' | 'test';
  /** What the browser needs to load the provider's card form (Stripe's publishable key), if anything. */
  publishableKey: string | null;
  createPaymentIntent(input: {
    amountCents: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<PaymentIntentSummary>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentSummary>;
  cancelPaymentIntent(id: string): Promise<void>;
  /** Gives the whole amount of a succeeded intent back; the idempotency key makes a repeated call one refund. */
  refundPaymentIntent(id: string, idempotencyKey: string): Promise<RefundSummary>;
  /** Verifies a webhook signature and returns the event; throws on a bad signature. */
  parseWebhookEvent(rawBody: Buffer, signature: string): PaymentEvent;
};

export function summarizeIntent(intent: Stripe.PaymentIntent): PaymentIntentSummary {
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: intent.metadata ?? {},
    lastErrorMessage: intent.last_payment_error?.message ?? null,
  };
}

export function createStripeProvider(options: { secretKey: string; publishableKey?: string; webhookSecret?: string; apiUrl?: string }): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api && { host: api.hostname, port: Number(api.port) || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol.replace(':', '') as 'http' | 'https' }),
  });
  return {
    kind: 'stripe',
    publishableKey: options.publishableKey ?? null,
    async createPaymentIntent(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          description: input.description,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return summarizeIntent(intent);
    },
    async retrievePaymentIntent(id) {
      return summarizeIntent(await stripe.paymentIntents.retrieve(id));
    },
    async cancelPaymentIntent(id) {
      await stripe.paymentIntents.cancel(id);
    },
    async refundPaymentIntent(id, idempotencyKey) {
      const refund = await stripe.refunds.create({ payment_intent: id }, { idempotencyKey });
      return { id: refund.id, status: refund.status ?? 'pending' };
    },
    parseWebhookEvent(rawBody, signature) {
      if (!options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      const object = event.data.object as { object?: string };
      const charge = object.object === 'charge' ? (object as Stripe.Charge) : null;
      const chargeIntent = charge ? (typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null)) : null;
      return {
        id: event.id,
        type: event.type,
        intent: object.object === 'payment_intent' ? summarizeIntent(object as Stripe.PaymentIntent) : null,
        refund: charge && chargeIntent && charge.refunded ? { paymentIntentId: chargeIntent, refundId: charge.refunds?.data?.[0]?.id ?? null } : null,
      };
    },
  };
}
