// Checkout and coupons (spec 7: POST /api/create-payment-intent, POST /api/validate-coupon), receipts,
// the price arithmetic (spec 9) and every payment message (spec 8), shared by the API and the site.
// The arithmetic and texts are plain code: the /checkout island imports them without pulling zod in.
import { z } from 'zod';
import { LISTING_PRICES_CENTS, PAYMENT_TYPES } from './constants';

export type PaymentType = (typeof PAYMENT_TYPES)[number];

export type CouponSummary = { id: number; name: string; percent_off: number | null; amount_off: number | null };

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

// ---- requests ----------------------------------------------------------------------------------

export const validateCouponSchema = z.object({
  couponCode: z.string({ error: 'Please enter a coupon code.' }).trim().min(1, 'Please enter a coupon code.').max(64, 'This coupon code is not valid or has expired.'),
});

export const createPaymentIntentSchema = z.object({
  spaceId: z.coerce.number({ error: 'spaceId must be a number' }).int('spaceId must be a whole number').positive('spaceId must be positive').max(2_147_483_647, 'spaceId is too large'),
  paymentType: z.enum(PAYMENT_TYPES, { error: `paymentType must be one of ${PAYMENT_TYPES.join(', ')}` }),
  currency: z
    .string({ error: 'currency is required' })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.literal('USD', { error: 'Only USD payments are supported.' })),
  // Whatever amount a client sends is ignored: only these fields are read.
  couponId: z.union([z.null(), z.coerce.number().int().positive('couponId must be positive').max(2_147_483_647)]).optional(),
});
export type CreatePaymentIntent = z.output<typeof createPaymentIntentSchema>;

export const paymentStatusRequestSchema = z.object({
  paymentIntentId: z.string({ error: 'paymentIntentId is required' }).trim().min(1, 'paymentIntentId is required').max(255),
});

export const testCardConfirmSchema = z.object({
  paymentIntentId: z.string().trim().min(1).max(255),
  clientSecret: z.string().trim().min(1).max(255),
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(8),
});

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
};
