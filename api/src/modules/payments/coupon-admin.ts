// Operators' coupon operations, shared by `npm run coupon` (scripts/coupon.ts) and the console
// (POST /api/admin/coupons): create, list, disable. Codes are unique ignoring case. A change writes its
// audit row in the same transaction, whoever made it (an operator in the console, or 'command-line').
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '#db/client';
import { coupons } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../../lib/audit-log';
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

export async function createCoupon(db: Database, actor: AuditActor, input: NewCoupon, now: Date): Promise<CouponListing> {
  return db.transaction(async (tx) => {
    const created = await insertCoupon(tx, input);
    await recordAudit(tx, { actor, action: 'coupon.create', targetType: 'coupon', targetId: created.id, reason: created.name, details: { code: created.code }, at: now });
    return created;
  });
}

async function insertCoupon(db: Executor, input: NewCoupon): Promise<CouponListing> {
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

/** A second disable (a double click, or the console and the command line) is 409 and writes nothing. */
export async function disableCoupon(db: Database, actor: AuditActor, which: { code: string } | { id: number }, reason: string, now: Date): Promise<CouponListing> {
  const where = 'id' in which ? eq(coupons.id, which.id) : sql`lower(${coupons.code}) = lower(${which.code})`;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(coupons).where(where).for('update');
    if (!current) throw AppError.notFound('id' in which ? 'Coupon not found.' : `No coupon ${which.code}.`);
    if (!current.active) throw AppError.conflict(`The coupon ${current.code} is already disabled.`);
    const [row] = await tx.update(coupons).set({ active: false }).where(eq(coupons.id, current.id)).returning();
    await recordAudit(tx, { actor, action: 'coupon.disable', targetType: 'coupon', targetId: row!.id, reason, details: { code: row!.code }, at: now });
    return toListing(row!);
  });
}
