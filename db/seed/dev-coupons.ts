// The two documented development coupons (docs/payments.md, "Development coupons"), seeded outside production only so that the
// checkout's discount and free paths can be tried at once: WELCOME20 (20% off) and FREELISTING (100% off).
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { coupons } from '../schema/index';

export const DEV_COUPONS = [
  { code: 'WELCOME20', name: 'Welcome 20% off', percentOff: 20 },
  { code: 'FREELISTING', name: 'Free listing (development)', percentOff: 100 },
] as const;

export async function seedDevelopmentCoupons(db: Database): Promise<void> {
  for (const coupon of DEV_COUPONS) {
    const [existing] = await db.select({ id: coupons.id }).from(coupons).where(sql`lower(${coupons.code}) = lower(${coupon.code})`);
    if (!existing) await db.insert(coupons).values(coupon);
  }
}
