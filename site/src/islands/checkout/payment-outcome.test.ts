// What the checkout shows after Stripe refuses a confirmation: an intent the server cancelled (its coupon
// ran out, docs/decisions/0404) makes the checkout ask the server why instead of a generic error.
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '#contracts/payments';
import { providerErrorOutcome } from './payment-outcome';

describe('providerErrorOutcome', () => {
  it('a card error shows the provider message; an unknown error the generic text', () => {
    expect(providerErrorOutcome({ type: 'card_error', message: 'Your card was declined.' })).toEqual({ kind: 'error', title: 'Payment Failed', message: 'Your card was declined.' });
    expect(providerErrorOutcome({ type: 'api_error' })).toEqual({ kind: 'error', title: 'Payment Error', message: PAYMENT_MESSAGES.otherError });
  });

  it('an intent that can no longer be confirmed asks the server why', () => {
    expect(providerErrorOutcome({ type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent was canceled.' })).toEqual({ kind: 'ask-server' });
  });
});
