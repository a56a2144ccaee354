// Operators' coupon operations, shared by `npm run coupon` (scripts/coupon.ts) and the console
// (POST /api/admin/coupons): create, list, disable. Codes are unique ignoring case.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { coupons } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import type { CouponRow } from './coupons';

export type NewCoupon = {
  code: string;
  name: string | null;
  percentOff: number | null;
  amountOff: number | null;
  maxRedemptions: number | null;
  expiresAt: Date | null;
};

export type CouponListing = {
  id: number;
  code: string;
  name: string;
  percentOff: number | null;
  amountOff: number | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
  expiresAt: string | null;
  active: boolean;
};

function toListing(c: CouponRow): CouponListing {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    percentOff: c.percentOff,
    amountOff: c.amountOff,
    maxRedemptions: c.maxRedemptions,
    timesRedeemed: c.timesRedeemed,
    expiresAt: c.expiresAt?.toISOString() ?? null,
    active: c.active,
  };
}

export function defaultCouponName(code: string, percentOff: number | null, amountOff: number | null): string {
  return percentOff !== null ? `${code} ${percentOff}% off` : `${code} $${(amountOff! / 100).toFixed(2)} off`;
}

export async function createCoupon(db: Executor, input: NewCoupon): Promise<CouponListing> {
  if ((input.percentOff === null) === (input.amountOff === null)) throw AppError.badRequest('Give exactly one of a percentage or an amount off.');
  const [existing] = await db.select({ id: coupons.id }).from(coupons).where(sql`lower(${coupons.code}) = lower(${input.code})`);
  if (existing) throw AppError.conflict(`A coupon ${input.code} already exists (codes are unique ignoring case).`);
  const name = (input.name ?? defaultCouponName(input.code, input.percentOff, input.amountOff)).slice(0, 255);
  // Two operators (or a double click) creating the same code at once: the unique index decides, the
  // loser hears the same 409 as above instead of a constraint error.
  const [row] = await db
    .insert(coupons)
    .values({ code: input.code, name, percentOff: input.percentOff, amountOff: input.amountOff, maxRedemptions: input.maxRedemptions, expiresAt: input.expiresAt })
    .onConflictDoNothing()
    .returning();
  if (!row) throw AppError.conflict(`A coupon ${input.code} already exists (codes are unique ignoring case).`);
  return toListing(row);
}

export async function listCoupons(db: Executor): Promise<CouponListing[]> {
  return (await db.select().from(coupons).orderBy(coupons.code)).map(toListing);
}

export async function disableCoupon(db: Executor, which: { code: string } | { id: number }): Promise<CouponListing> {
  const where = 'id' in which ? eq(coupons.id, which.id) : sql`lower(${coupons.code}) = lower(${which.code})`;
  const [row] = await db.update(coupons).set({ active: false }).where(where).returning();
  if (!row) throw AppError.notFound('id' in which ? 'Coupon not found.' : `No coupon ${which.code}.`);
  return toListing(row);
}
