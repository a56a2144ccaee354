// Shared steps of the payment tests: owners with draft listings, coupons written straight into the table.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { signCouponReference } from '#api/modules/payments/coupon-reference';
import { coupons, payments, spaces } from '#db/schema/index';
import { validSpaceBody } from '../../fixtures/spaces';
import type { TestApp } from '../../fixtures/test-app';
import type { TestUser } from '../../fixtures/users';

export async function createDraft(t: TestApp, owner: TestUser, title = 'Rooftop to pay for'): Promise<number> {
  const res = await t.request('/api/spaces', { cookie: owner.cookie, body: validSpaceBody({ title }) });
  expect(res.status).toBe(201);
  return res.json.id as number;
}

export async function addCoupon(t: TestApp, values: Partial<typeof coupons.$inferInsert> & { code: string }) {
  const [row] = await t.db
    .insert(coupons)
    .values({ name: `${values.code} coupon`, ...(values.amountOff ? {} : { percentOff: 20 }), ...values })
    .returning();
  return row!;
}

export async function spaceRowOf(t: TestApp, id: number) {
  const [row] = await t.db.select().from(spaces).where(eq(spaces.id, id));
  return row!;
}

export async function paymentsOf(t: TestApp, spaceId: number) {
  return t.db.select().from(payments).where(eq(payments.spaceId, spaceId)).orderBy(payments.id);
}

export function checkout(t: TestApp, owner: TestUser, body: Record<string, unknown>) {
  return t.request('/api/create-payment-intent', { cookie: owner.cookie, body: { paymentType: 'listing_fee', currency: 'USD', ...body } });
}

/** The coupon reference validate-coupon would answer this owner now (signed the same way, without using up its rate limit). */
export function couponReference(t: TestApp, owner: TestUser, couponId: number): string {
  return signCouponReference(t.config.BETTER_AUTH_SECRET, { userId: owner.id, couponId }, t.clock.now());
}
