// Coupons only for whoever entered the code, and never paid at a discount that is no longer allowed
// (issue 15, items 1 and 2; docs/decisions/0403 and 0404): the signed reference, its expiry, one open
// discounted checkout per user and coupon, the Stripe case where money was taken first, and test mode
// refusing to charge a discount used up meanwhile.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '#contracts/payments';
import { DAY } from '#api/lib/clock';
import { createTestModeProvider } from '#api/modules/payments/test-mode-provider';
import { couponRedemptions, coupons, securityEvents } from '#db/schema/index';
import { startFakeStripe, type FakeStripe } from '../../fixtures/fake-stripe';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { addCoupon, checkout, couponReference, createDraft, paymentsOf, spaceRowOf } from './payments-helpers';

async function redemptionsOf(t: TestApp, couponId: number) {
  const [row] = await t.db.select().from(coupons).where(eq(coupons.id, couponId));
  const rows = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));
  return { timesRedeemed: row!.timesRedeemed, rows };
}

describe('coupon references and limits with Stripe', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp({ payments: stripe.provider(), env: { STRIPE_WEBHOOK_SECRET: 'unused-by-the-fake' }, now: new Date('2026-09-01T09:00:00.000Z') });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const deliver = (delivery: { payload: string; header: string }) =>
    t.request('/api/webhooks/stripe', { body: delivery.payload, headers: { 'stripe-signature': delivery.header, 'content-type': 'application/json', origin: '' } });

  it('validate-coupon answers a reference that applies the discount for a day, then asks for the code again', async () => {
    const owner = await createSignedInUser(t);
    await addCoupon(t, { code: 'DAYLONG', percentOff: 50 });
    const valid = await t.request('/api/validate-coupon', { cookie: owner.cookie, body: { couponCode: 'daylong' } });
    const reference = valid.json.coupon.id as string;
    const ok = await checkout(t, owner, { spaceId: await createDraft(t, owner), couponId: reference });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ amountCents: 399, coupon: { id: reference, percent_off: 50 } });
    t.clock.advance(DAY + 1000);
    const late = await checkout(t, owner, { spaceId: await createDraft(t, owner), couponId: reference });
    expect(late.status).toBe(400);
    expect(late.json.message).toBe(PAYMENT_MESSAGES.couponInvalidFallback);
  });

  it("a new discounted checkout cancels the owner's older ones with the same coupon on other listings", async () => {
    const owner = await createSignedInUser(t);
    const coupon = await addCoupon(t, { code: 'ONEOPEN', percentOff: 20 });
    const reference = couponReference(t, owner, coupon.id);
    const drafts = [await createDraft(t, owner), await createDraft(t, owner), await createDraft(t, owner)];
    const intents = [];
    for (const spaceId of drafts) intents.push((await checkout(t, owner, { spaceId, couponId: reference })).json);
    expect(intents.map((i) => i.amountCents)).toEqual([639, 639, 639]);
    expect(intents.map((i) => stripe.intents.get(i.paymentIntentId)!.status)).toEqual(['canceled', 'canceled', 'requires_payment_method']);
    expect((await paymentsOf(t, drafts[0]!))[0]!.status).toBe('canceled');
    expect((await paymentsOf(t, drafts[1]!))[0]!.status).toBe('canceled');
    // Another coupon, or none, leaves the discounted one alone.
    await checkout(t, owner, { spaceId: drafts[0] });
    expect(stripe.intents.get(intents[2].paymentIntentId)!.status).toBe('requires_payment_method');
  });

  it('an older discounted intent already paid at Stripe (webhook still on its way): the new one is refused, the paid one is delivered and counted once', async () => {
    const owner = await createSignedInUser(t);
    const coupon = await addCoupon(t, { code: 'PAIDFIRST', percentOff: 20 });
    const reference = couponReference(t, owner, coupon.id);
    const [first, second] = [await createDraft(t, owner, 'Paid first'), await createDraft(t, owner, 'Asked second')];
    const paid = await checkout(t, owner, { spaceId: first, couponId: reference });
    const succeeded = stripe.succeed(paid.json.paymentIntentId);

    const refused = await checkout(t, owner, { spaceId: second, couponId: reference });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(PAYMENT_MESSAGES.couponInUse);
    expect(await paymentsOf(t, second)).toHaveLength(0);

    expect((await deliver(stripe.event('payment_intent.succeeded', succeeded))).status).toBe(200);
    expect((await spaceRowOf(t, first)).hasListingFee).toBe(true);
    const counted = await redemptionsOf(t, coupon.id);
    expect(counted.timesRedeemed).toBe(1);
    expect(counted.rows).toHaveLength(1);
    const again = await checkout(t, owner, { spaceId: second, couponId: reference });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(PAYMENT_MESSAGES.couponAlreadyUsed);
    expect((await checkout(t, owner, { spaceId: second })).json.amountCents).toBe(799);
  });

  it('money already taken at a discount whose redemption went elsewhere: the listing is published, the coupon never counted twice', async () => {
    const owner = await createSignedInUser(t);
    const coupon = await addCoupon(t, { code: 'LASTONE', percentOff: 20, maxRedemptions: 1 });
    const spaceId = await createDraft(t, owner, 'Paid at a used-up discount');
    const res = await checkout(t, owner, { spaceId, couponId: couponReference(t, owner, coupon.id) });
    const other = await createSignedInUser(t);
    const theirs = await checkout(t, other, { spaceId: await createDraft(t, other), couponId: couponReference(t, other, coupon.id) });
    expect(theirs.status, theirs.text).toBe(200);
    // Stripe charges both cards at the discount; the other owner's webhook arrives first and takes the last
    // redemption (cancelling the first owner's intent fails: Stripe says it already succeeded) …
    const mine = stripe.succeed(res.json.paymentIntentId);
    expect((await deliver(stripe.event('payment_intent.succeeded', stripe.succeed(theirs.json.paymentIntentId)))).status).toBe(200);
    expect(stripe.intents.get(res.json.paymentIntentId)!.status).toBe('succeeded');
    // … then the first owner's webhook: they paid, so they get their listing.
    expect((await deliver(stripe.event('payment_intent.succeeded', mine))).status).toBe(200);
    expect((await spaceRowOf(t, spaceId)).hasListingFee).toBe(true);
    expect((await paymentsOf(t, spaceId))[0]!.status).toBe('succeeded');
    const counted = await redemptionsOf(t, coupon.id);
    expect(counted.timesRedeemed).toBe(1);
    expect(counted.rows.map((r) => r.userId)).toEqual([other.id]);
    const events = await t.db.select().from(securityEvents).where(and(eq(securityEvents.userId, owner.id), eq(securityEvents.eventType, 'checkout')));
    expect(events.some((e) => (e.metadata as Record<string, unknown> | null)?.couponNotCounted === true)).toBe(true);
  });

  it("the last redemption taken cancels other owners' unpaid intents with that coupon at Stripe; their checkout says why", async () => {
    const coupon = await addCoupon(t, { code: 'RUNSOUT', percentOff: 20, maxRedemptions: 1 });
    const [first, late] = [await createSignedInUser(t), await createSignedInUser(t)];
    const firstIntent = await checkout(t, first, { spaceId: await createDraft(t, first), couponId: couponReference(t, first, coupon.id) });
    const lateSpace = await createDraft(t, late, 'Coupon ran out');
    const lateIntent = await checkout(t, late, { spaceId: lateSpace, couponId: couponReference(t, late, coupon.id) });
    expect(lateIntent.json.amountCents).toBe(639);
    expect((await deliver(stripe.event('payment_intent.succeeded', stripe.succeed(firstIntent.json.paymentIntentId)))).status).toBe(200);
    // Stripe can no longer take the late owner's money at the discount …
    expect(stripe.intents.get(lateIntent.json.paymentIntentId)!.status).toBe('canceled');
    expect((await paymentsOf(t, lateSpace))[0]!.status).toBe('canceled');
    // … and the checkout's status check tells them to ask again.
    const status = await t.request('/api/payments/status', { cookie: late.cookie, body: { paymentIntentId: lateIntent.json.paymentIntentId } });
    expect(status.json).toMatchObject({ status: 'canceled', message: PAYMENT_MESSAGES.couponNoLongerValid });
    expect((await checkout(t, late, { spaceId: lateSpace })).json.amountCents).toBe(799);
  });
});

describe('coupon limits in test mode (the server confirms, so it refuses before charging)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ payments: createTestModeProvider(), now: new Date('2026-09-01T09:00:00.000Z') });
  });
  afterAll(async () => t.close());

  const confirm = (user: TestUser, intent: { paymentIntentId: string; clientSecret: string }) =>
    t.request('/api/payments/test-confirm', { cookie: user.cookie, body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' } });

  it('a discount used up after the intent was made is not charged: cancelled, the owner is told to ask again, full price works', async () => {
    const coupon = await addCoupon(t, { code: 'ONLYONE', percentOff: 20, maxRedemptions: 1 });
    const [owner, other] = [await createSignedInUser(t), await createSignedInUser(t)];
    const spaceId = await createDraft(t, owner, 'Too late for the coupon');
    const mine = await checkout(t, owner, { spaceId, couponId: couponReference(t, owner, coupon.id) });
    const theirs = await checkout(t, other, { spaceId: await createDraft(t, other), couponId: couponReference(t, other, coupon.id) });
    expect((await confirm(other, theirs.json)).json.status).toBe('succeeded');

    const refused = await confirm(owner, mine.json);
    expect(refused.status).toBe(200);
    expect(refused.json).toMatchObject({ status: 'failed', code: 'coupon_no_longer_valid', message: PAYMENT_MESSAGES.couponNoLongerValid });
    expect((await spaceRowOf(t, spaceId)).hasListingFee).toBe(false);
    expect((await paymentsOf(t, spaceId))[0]!.status).toBe('canceled');
    // Trying the same card again cannot charge it either.
    expect((await confirm(owner, mine.json)).json.status).toBe('failed');
    expect((await redemptionsOf(t, coupon.id)).timesRedeemed).toBe(1);

    const again = await checkout(t, owner, { spaceId, couponId: couponReference(t, owner, coupon.id) });
    expect(again.json.message).toBe(PAYMENT_MESSAGES.couponLimitReached);
    const full = await checkout(t, owner, { spaceId });
    expect(full.json.amountCents).toBe(799);
    expect((await confirm(owner, full.json)).json.status).toBe('succeeded');
    expect((await spaceRowOf(t, spaceId)).hasListingFee).toBe(true);
  });
});
