// The coupon reference that POST /api/validate-coupon answers as `coupon.id` and create-payment-intent
// takes back as `couponId`: proof that this user entered the code, not the coupon's row id (small
// sequential integers anyone can count through). It is signed, not stored (docs/decisions/0403): an
// HMAC over the user, the coupon and an expiry, keyed by BETTER_AUTH_SECRET, so every instance can check
// it and a guess succeeds with probability 2^-128.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DAY } from '../../lib/clock';

/** Long enough for an owner to leave the checkout open; the coupon's own validity is checked on every use. */
export const COUPON_REFERENCE_TTL_MS = DAY;
const VERSION = 'cr1';
const SIGNATURE_BYTES = 16;

function signature(secret: string, userId: number, couponId: number, expiresAtSeconds: number): Buffer {
  // The label keeps this signature from ever being valid for another use of the same secret.
  return createHmac('sha256', secret)
    .update(`farmspace coupon reference ${VERSION}:${userId}:${couponId}:${expiresAtSeconds}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES);
}

export function signCouponReference(secret: string, { userId, couponId }: { userId: number; couponId: number }, now: Date): string {
  const expiresAtSeconds = Math.floor((now.getTime() + COUPON_REFERENCE_TTL_MS) / 1000);
  return `${VERSION}_${couponId}_${expiresAtSeconds}_${signature(secret, userId, couponId, expiresAtSeconds).toString('base64url')}`;
}

/** The coupon's row id when `reference` was signed for this user and has not expired; otherwise null. */
export function readCouponReference(secret: string, reference: string, userId: number, now: Date): number | null {
  const match = /^cr1_(\d{1,10})_(\d{1,12})_([A-Za-z0-9_-]{22})$/.exec(reference);
  if (!match) return null;
  const couponId = Number(match[1]);
  const expiresAtSeconds = Number(match[2]);
  if (!Number.isSafeInteger(couponId) || expiresAtSeconds * 1000 <= now.getTime()) return null;
  // Compared as text: base64url's last character carries spare bits, so decoding would accept variants.
  const given = Buffer.from(match[3]!);
  const expected = Buffer.from(signature(secret, userId, couponId, expiresAtSeconds).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? couponId : null;
}
