// The offline test-mode provider: used when no Stripe key is set outside production, so `npm start` shows
// the whole checkout journey without a network. It keeps payment intents in memory and answers Stripe's
// documented test card numbers the way Stripe does (docs/decisions/0401-test-mode-provider.md).
import { randomBytes } from 'node:crypto';
import type { PaymentIntentSummary, PaymentProvider } from '../../lib/payments';

/** Stripe's documented test numbers and what they do. */
const TEST_CARDS: Record<string, { code: string; message: string } | 'succeeds'> = {
  '4242424242424242': 'succeeds',
  '4000056655665556': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'lost_card', message: 'Your card was declined.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

export type TestCard = { cardNumber: string; expiry: string; cvc: string };
export type TestConfirmResult = { status: 'succeeded' | 'failed'; code: string | null; message: string | null };

export type TestModeProvider = PaymentProvider & {
  kind: 'test';
  confirmCard(intentId: string, clientSecret: string, card: TestCard, now: Date): TestConfirmResult | null;
};

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks a card as Stripe's card form would, then applies the test number's outcome. */
export function testCardOutcome(card: TestCard, now: Date): { code: string; message: string } | null {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { code: 'incomplete_number', message: 'Your card number is incomplete.' };
  if (!luhnValid(number)) return { code: 'incorrect_number', message: 'Your card number is invalid.' };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  if (!expiry) return { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) return { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  const outcome = TEST_CARDS[number];
  if (outcome === 'succeeds') return null;
  if (outcome) return outcome;
  return { code: 'card_declined', message: 'Your card was declined. Test mode accepts only test card numbers, such as 4242 4242 4242 4242.' };
}

export function createTestModeProvider(): TestModeProvider {
  const intents = new Map<string, PaymentIntentSummary>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds = new Map<string, string>();
  const copy = (intent: PaymentIntentSummary): PaymentIntentSummary => ({ ...intent, metadata: { ...intent.metadata } });
  return {
    kind: 'test',
    publishableKey: null,
    async createPaymentIntent(input) {
      const existing = byIdempotencyKey.get(input.idempotencyKey);
      if (existing) return copy(intents.get(existing)!);
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      const intent: PaymentIntentSummary = {
        id,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        status: 'requires_payment_method',
        amount: input.amountCents,
        currency: input.currency,
        metadata: { ...input.metadata },
        lastErrorMessage: null,
      };
      intents.set(id, intent);
      byIdempotencyKey.set(input.idempotencyKey, id);
      return copy(intent);
    },
    async retrievePaymentIntent(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`No such payment_intent: '${id}' (test-mode intents live until the server restarts)`);
      return copy(intent);
    },
    async cancelPaymentIntent(id) {
      const intent = intents.get(id);
      if (intent && intent.status !== 'succeeded') intent.status = 'canceled';
    },
    async refundPaymentIntent(id, idempotencyKey) {
      const done = refunds.get(idempotencyKey);
      if (done) return { id: done, status: 'succeeded' };
      const intent = intents.get(id);
      // Intents live in memory: one paid before a restart is gone, and test mode moved no money to return.
      if (intent && intent.status !== 'succeeded') throw new Error(`This PaymentIntent (${id}) has not succeeded: nothing to refund.`);
      const refundId = `re_test_${randomBytes(12).toString('hex')}`;
      refunds.set(idempotencyKey, refundId);
      return { id: refundId, status: 'succeeded' };
    },
    parseWebhookEvent() {
      throw new Error('Test mode receives no webhooks: payments are confirmed by the server itself.');
    },
    confirmCard(intentId, clientSecret, card, now) {
      const intent = intents.get(intentId);
      if (!intent || intent.clientSecret !== clientSecret) return null;
      if (intent.status === 'succeeded') return { status: 'succeeded', code: null, message: null };
      if (intent.status === 'canceled') return { status: 'failed', code: 'payment_intent_unexpected_state', message: 'This payment was replaced by a newer one. Please reload the page.' };
      const failure = testCardOutcome(card, now);
      if (failure) {
        intent.status = 'requires_payment_method';
        intent.lastErrorMessage = failure.message;
        return { status: 'failed', ...failure };
      }
      intent.status = 'succeeded';
      intent.lastErrorMessage = null;
      return { status: 'succeeded', code: null, message: null };
    },
  };
}
