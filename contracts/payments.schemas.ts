// Checkout and coupons (spec 7: POST /api/create-payment-intent, POST /api/validate-coupon), receipts,
// the price arithmetic (spec 9) and every payment message (spec 8), shared by the API and the site.
// The arithmetic, texts and response types live in payments.ts (no zod) for the islands.
import { z } from './zod';
import { PAYMENT_TYPES } from './constants';
import { PAYMENT_MESSAGES } from './payments';

const PAYMENT_COUPON_INVALID = PAYMENT_MESSAGES.couponInvalidFallback;
export * from './payments';

// ---- requests ----------------------------------------------------------------------------------

export const validateCouponSchema = z.object({
  couponCode: z
    .string({ error: 'Please enter a coupon code.' })
    .trim()
    .min(1, 'Please enter a coupon code.')
    .max(64, 'This coupon code is not valid or has expired.')
    // A NUL byte cannot be stored or compared in PostgreSQL text (the fuzzer's 500): no code contains one.
    .refine((code) => !code.includes('\u0000'), 'This coupon code is not valid or has expired.'),
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
  // The reference validate-coupon answered as `coupon.id` (a signed string, docs/decisions/0403). A number
  // (a coupon's row id) is read as text and refused like any reference this user was not given.
  couponId: z
    .union([z.null(), z.string().trim().max(200, PAYMENT_COUPON_INVALID), z.number().transform(String)], { error: PAYMENT_COUPON_INVALID })
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v)),
});
export type CreatePaymentIntent = z.output<typeof createPaymentIntentSchema>;

export const paymentStatusRequestSchema = z.object({
  paymentIntentId: z.string({ error: 'paymentIntentId is required' }).trim().min(1, 'paymentIntentId is required').max(255).refine((id) => !id.includes('\u0000'), 'Payment not found.'),
});

export const testCardConfirmSchema = z.object({
  paymentIntentId: z.string().trim().min(1).max(255).refine((id) => !id.includes('\u0000'), 'Payment not found.'),
  clientSecret: z.string().trim().min(1).max(255),
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(8),
});

