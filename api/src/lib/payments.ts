// The payment-provider seam. Stripe (its real SDK) when STRIPE_SECRET_KEY is set; tests point the same SDK
// at a local fake of Stripe's HTTP API through STRIPE_API_URL. Without a key the checkout answers
// 'Payment system is currently unavailable.' (spec section 8) instead of pretending to take money.
import Stripe from 'stripe';

export type PaymentIntentSummary = {
  id: string;
  clientSecret: string | null;
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
};

export type PaymentProvider = {
  createPaymentIntent(input: {
    amountCents: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<PaymentIntentSummary>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentSummary>;
  /** Verifies a webhook signature and returns the event; throws on a bad signature. */
  parseWebhookEvent(rawBody: Buffer, signature: string): Stripe.Event;
};

export function createStripeProvider(options: { secretKey: string; webhookSecret?: string; apiUrl?: string }): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api && { host: api.hostname, port: Number(api.port) || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol.replace(':', '') as 'http' | 'https' }),
  });
  const summarize = (intent: Stripe.PaymentIntent): PaymentIntentSummary => ({
    id: intent.id,
    clientSecret: intent.client_secret,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: intent.metadata,
  });
  return {
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
      return summarize(intent);
    },
    async retrievePaymentIntent(id) {
      return summarize(await stripe.paymentIntents.retrieve(id));
    },
    parseWebhookEvent(rawBody, signature) {
      if (!options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
    },
  };
}
