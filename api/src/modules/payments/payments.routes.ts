// The payment calls: spec 7's POST /api/validate-coupon and POST /api/create-payment-intent, the status
// check after confirming, the test-mode card confirmation, receipts; and the Stripe webhook (raw body).
import express, { Router } from 'express';
import {
  PAYMENT_MESSAGES,
  createPaymentIntentSchema,
  paymentStatusRequestSchema,
  testCardConfirmSchema,
  validateCouponSchema,
} from '#contracts/payments.schemas';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { MINUTE } from '../../lib/clock';
import { clientIp, consumeRateLimit, rateLimit, userRateLimit } from '../../lib/rate-limit';
import { currentUser, requireUser } from '../../lib/session';
import { parseInput } from '../../lib/validate';
import { requestMeta } from '../auth/index';
import { readCouponReference } from './coupon-reference';
import { validateCoupon } from './coupons';
import { createPaymentIntent } from './create-payment-intent';
import { handleWebhookEvent, verifyWebhook } from './handle-webhook';
import { checkPaymentStatus, confirmTestCard } from './payment-status';
import { getReceipt, listReceipts } from './receipts';
import type { TestModeProvider } from './test-mode-provider';

export const WEBHOOK_PATH = '/api/webhooks/stripe';
const INTENT_LIMIT = { endpoint: 'create-payment-intent', max: 40, windowMs: 15 * MINUTE, message: 'Too many payment attempts. Please try again later.' };
// Guessing coupon codes is cheap: limit it per address. A wrong coupon reference at checkout counts
// against the same budget, so trying references is never cheaper than trying codes.
const COUPON_LIMIT = { endpoint: 'validate-coupon', max: 30, windowMs: 15 * MINUTE, message: 'Too many coupon attempts. Please try again later.' };

export function createPaymentsRouter(ctx: AppContext): Router {
  const router = Router();
  const couponLimit = rateLimit(ctx, COUPON_LIMIT);

  router.post('/validate-coupon', requireUser, couponLimit, async (req, res) => {
    const { couponCode } = parseInput(validateCouponSchema, req.body ?? {});
    res.json(await validateCoupon(ctx.db, ctx.config.BETTER_AUTH_SECRET, couponCode, currentUser(req).id, ctx.clock.now()));
  });

  // Per account, not per address: many owners may share an office's address.
  router.post('/create-payment-intent', requireUser, userRateLimit(ctx, INTENT_LIMIT), async (req, res) => {
    const user = currentUser(req);
    const input = parseInput(createPaymentIntentSchema, req.body ?? {});
    const coupon = input.couponId === null ? null : await couponOfReference(ctx, req, user.id, input.couponId);
    res.json(await createPaymentIntent(ctx, user.id, { ...input, coupon }, requestMeta(req)));
  });

  router.post('/payments/status', requireUser, async (req, res) => {
    const { paymentIntentId } = parseInput(paymentStatusRequestSchema, req.body ?? {});
    res.json(await checkPaymentStatus(ctx, currentUser(req).id, paymentIntentId, requestMeta(req)));
  });

  router.post('/payments/test-confirm', requireUser, async (req, res) => {
    if (ctx.payments?.kind !== 'test') throw AppError.notFound('No API route for POST /payments/test-confirm');
    const input = parseInput(testCardConfirmSchema, req.body ?? {});
    res.json(await confirmTestCard(ctx, ctx.payments as TestModeProvider, currentUser(req).id, input, requestMeta(req)));
  });

  router.get('/payments', requireUser, async (req, res) => {
    res.json(await listReceipts(ctx.db, currentUser(req).id));
  });

  router.get('/payments/:id', requireUser, async (req, res) => {
    const raw = String(req.params.id ?? '');
    if (!/^\d{1,9}$/.test(raw)) throw AppError.notFound('Receipt not found.');
    res.json(await getReceipt(ctx.db, { userId: currentUser(req).id, paymentId: Number(raw) }));
  });

  return router;
}

/** The coupon a checkout's `couponId` reference names, or the coupon error of spec 8 (a wrong one spends the code budget). */
async function couponOfReference(ctx: AppContext, req: express.Request, userId: number, reference: string) {
  const couponId = readCouponReference(ctx.config.BETTER_AUTH_SECRET, reference, userId, ctx.clock.now());
  if (couponId !== null) return { couponId, reference };
  const guess = await consumeRateLimit(ctx, COUPON_LIMIT, clientIp(req));
  if (!guess.allowed) throw AppError.tooManyRequests(guess.retryAfterSeconds, COUPON_LIMIT.message);
  throw AppError.badRequest(PAYMENT_MESSAGES.couponInvalidFallback);
}

/** Mounted on the app before the API's JSON parser: the signature covers the exact bytes received. */
export function createStripeWebhookHandler(ctx: AppContext) {
  return [
    express.raw({ type: () => true, limit: '1mb' }),
    async (req: express.Request, res: express.Response) => {
      const event = verifyWebhook(ctx, req.body, req.header('stripe-signature'));
      res.json(await handleWebhookEvent(ctx, event));
    },
  ] as const;
}
