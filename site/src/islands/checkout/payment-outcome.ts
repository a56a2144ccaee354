// What the checkout shows after a confirmation attempt (spec 8), shared by the Stripe and test-mode forms.
import { PAYMENT_MESSAGES } from '#contracts/payments';
import type { ConfirmOutcome } from '../../lib/stores/checkout-store';

export type { ConfirmOutcome };

/**
 * A provider error: card and validation errors show the provider's message. An intent no longer payable
 * (cancelled by the server, e.g. its coupon ran out) asks the server why; others show the generic text.
 */
export function providerErrorOutcome(error: { type?: string; message?: string; code?: string } | undefined): ConfirmOutcome {
  if (error?.code === 'payment_intent_unexpected_state') return { kind: 'ask-server' };
  if (error && (error.type === 'card_error' || error.type === 'validation_error')) {
    return { kind: 'error', title: PAYMENT_MESSAGES.cardErrorTitle, message: error.message || PAYMENT_MESSAGES.cardErrorFallback };
  }
  return { kind: 'error', title: PAYMENT_MESSAGES.otherErrorTitle, message: PAYMENT_MESSAGES.otherError };
}

export const exceptionOutcome: ConfirmOutcome = { kind: 'error', title: PAYMENT_MESSAGES.otherErrorTitle, message: PAYMENT_MESSAGES.exception };
