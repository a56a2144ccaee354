// Coupons: find and check a code (POST /api/validate-coupon, answering a reference signed for this user),
// check one again at checkout and before a payment is taken, and redeem it when a payment succeeds. The redemption is one conditional UPDATE, so the count can never pass
// max_redemptions however many payments succeed at once (the row lock serialises them).
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { PAYMENT_MESSAGES, type CouponSummary, type ValidateCouponResponse } from '#contracts/payments.schemas';
import type { Executor } from '#db/client';
import { couponRedemptions, coupons } from '#db/schema/index';
import { signCouponReference } from './coupon-reference';

export type CouponRow = typeof coupons.$inferSelect;

/** What the checkout shows of a coupon; `reference` (the `id`) is what it sends back. */
export function toCouponSummary(row: CouponRow, reference: string): CouponSummary {
  return { id: reference, name: row.name, percent_off: row.percentOff, amount_off: row.amountOff };
}

/** Why a coupon cannot be used by this user now, or null when it can. */
export async function couponProblem(db: Executor, row: CouponRow | undefined, userId: number, now: Date): Promise<string | null> {
  if (!row || !row.active) return PAYMENT_MESSAGES.couponInvalidFallback;
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'This coupon has expired.';
  if (row.maxRedemptions !== null && row.timesRedeemed >= row.maxRedemptions) return PAYMENT_MESSAGES.couponLimitReached;
  const [used] = await db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, row.id), eq(couponRedemptions.userId, userId)));
  if (used) return PAYMENT_MESSAGES.couponAlreadyUsed;
  return null;
}

export async function findCouponByCode(db: Executor, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(sql`lower(${coupons.code}) = lower(${code.trim()})`);
  return row;
}

export async function findCouponById(db: Executor, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

export async function validateCoupon(db: Executor, secret: string, code: string, userId: number, now: Date): Promise<ValidateCouponResponse> {
  const row = await findCouponByCode(db, code);
  const problem = await couponProblem(db, row, userId, now);
  if (problem || !row) return { valid: false, coupon: null, message: problem ?? PAYMENT_MESSAGES.couponInvalidFallback };
  const summary = toCouponSummary(row, signCouponReference(secret, { userId, couponId: row.id }, now));
  const off = row.percentOff !== null ? `${row.percentOff}% off` : `$${(row.amountOff! / 100).toFixed(2)} off`;
  return { valid: true, coupon: summary, message: `${row.name}: ${off}` };
}

/**
 * Counts one redemption for a succeeded payment, inside its transaction. Returns false (and counts
 * nothing) when the limit was reached meanwhile or this user already redeemed the coupon.
 */
export async function redeemCoupon(tx: Executor, { couponId, userId, paymentId }: { couponId: number; userId: number; paymentId: number }, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(couponRedemptions)
    .values({ couponId, userId, paymentId, createdAt: now })
    .onConflictDoNothing({ target: [couponRedemptions.couponId, couponRedemptions.userId] })
    .returning({ id: couponRedemptions.id });
  if (!inserted.length) return false;
  const counted = await tx
    .update(coupons)
    .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
    .where(and(eq(coupons.id, couponId), or(isNull(coupons.maxRedemptions), lt(coupons.timesRedeemed, coupons.maxRedemptions))))
    .returning({ id: coupons.id });
  if (!counted.length) {
    await tx.delete(couponRedemptions).where(eq(couponRedemptions.id, inserted[0]!.id));
    return false;
  }
  return true;
}
