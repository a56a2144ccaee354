// The plain half of the payment contracts: the price arithmetic (spec 9), every payment message (spec 8)
// and the response types. No zod here, so the /checkout island and the Billing tab can import it whole.
import { LISTING_PRICES_CENTS, PAYMENT_TYPES } from './constants';

export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** `id` is the coupon reference for this user (docs/decisions/0403): send it back as `couponId`. */
export type CouponSummary = { id: string; name: string; percent_off: number | null; amount_off: number | null };

export const PAYMENT_MESSAGES = {
  cardErrorTitle: 'Payment Failed',
  cardErrorFallback: 'Please check your payment details and try again.',
  otherErrorTitle: 'Payment Error',
  otherError: 'Payment was cancelled or could not be processed.',
  exception: 'An unexpected error occurred. Please try again.',
  loadFailed: 'Failed to load payment system. Please refresh the page and try again.',
  missingSpace: 'Missing space information. Please go back and try again.',
  unableToProcess: 'Unable to process payment. Please try again.',
  initFailed: 'Failed to initialize payment. Please try again.',
  unavailable: 'Payment system is currently unavailable.',
  couponInvalidFallback: 'This coupon code is not valid or has expired.',
  couponAlreadyUsed: 'You have already used this coupon.',
  couponLimitReached: 'This coupon has reached its redemption limit.',
  couponInUse: 'Another checkout of yours with this coupon is being completed. Please wait a moment and try again.',
  couponNoLongerValid: 'The coupon on this payment can no longer be used, so nothing was charged. Remove the coupon to pay the full price, or apply another code.',
  couponCallFailed: 'Unable to validate coupon. Please try again.',
  couponEmptyTitle: 'Invalid Coupon',
  couponEmpty: 'Please enter a coupon code.',
  couponApplied: 'Coupon Applied',
  couponRemoved: 'Coupon Removed',
  paymentComplete: 'Payment Complete',
  testMode: 'Test mode — no real payment',
  tooManyFailures: 'Too many failed payments. Please try again in an hour.',
} as const;

/** Spec 9: a percent coupon takes that percent off; an amount coupon (cents) takes amount/100 off; never below 0. */
export function discountedCents(priceCents: number, coupon: Pick<CouponSummary, 'percent_off' | 'amount_off'> | null | undefined): number {
  if (!coupon) return priceCents;
  if (coupon.percent_off != null) return Math.max(0, priceCents - Math.round((priceCents * coupon.percent_off) / 100));
  if (coupon.amount_off != null) return Math.max(0, priceCents - coupon.amount_off);
  return priceCents;
}

export function listPriceCents(paymentType: PaymentType): number {
  return LISTING_PRICES_CENTS[paymentType];
}

// ---- responses ---------------------------------------------------------------------------------

export type ValidateCouponResponse = { valid: boolean; coupon: CouponSummary | null; message: string };

export type PaymentProviderKind = 'stripe' | 'test';

/** {clientSecret} or {freeTransaction: true} (spec 7), plus what the page shows. */
export type CreatePaymentIntentResponse =
  | {
      clientSecret: string;
      freeTransaction?: false;
      paymentIntentId: string;
      provider: PaymentProviderKind;
      publishableKey: string | null;
      amountCents: number;
      listPriceCents: number;
      currency: string;
      coupon: CouponSummary | null;
    }
  | { freeTransaction: true; amountCents: 0; listPriceCents: number; currency: string; coupon: CouponSummary | null; spaceId: number };

export type PaymentStatusResponse = {
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  spaceId: number | null;
  /** The provider's decline message after a failed attempt. */
  message: string | null;
};

export type TestCardConfirmResponse = { status: 'succeeded' | 'failed'; message: string | null; code: string | null };

export type Receipt = {
  id: number;
  createdAt: string;
  paidAt: string | null;
  spaceId: number | null;
  spaceTitle: string | null;
  paymentType: PaymentType;
  amount: string;
  listPrice: string | null;
  currency: string;
  status: PaymentStatusResponse['status'];
  couponName: string | null;
  liveUntil: string | null;
  paymentIntentId: string | null;
  /** When the whole amount went back to the card (issue 19), or null. */
  refundedAt?: string | null;
};
