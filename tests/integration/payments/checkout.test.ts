// Checkout against the real Stripe SDK pointed at a local fake of Stripe's HTTP API: server-side prices,
// coupons, ownership and state checks, one payable intent per listing, the status check, the fraud limit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, emailNotifications, securityEvents } from '#db/schema/index';
import { startFakeStripe, type FakeStripe } from '../../fixtures/fake-stripe';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { addCoupon, checkout, couponReference, createDraft, paymentsOf, spaceRowOf } from './payments-helpers';

describe('checkout (Stripe SDK against the fake)', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp({ payments: stripe.provider(), now: new Date('2026-05-01T10:00:00.000Z') });
    owner = await createSignedInUser(t);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('ignores any amount the client sends: Standard is 799 cents, Premium 1999', async () => {
    const id = await createDraft(t, owner);
    const res = await checkout(t, owner, { spaceId: id, amount: 1, price: 0.01, amountCents: 1, total: 0 });
    expect(res.status).toBe(200);
    expect(res.json.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(res.json.amountCents).toBe(799);
    const intent = stripe.intents.get(res.json.paymentIntentId)!;
    expect(intent.amount).toBe(799);
    expect(intent.metadata).toMatchObject({ spaceId: String(id), userId: String(owner.id), paymentType: 'listing_fee', couponId: '' });
    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && (r.body.metadata as Record<string, string>).spaceId === String(id));
    expect(create?.idempotencyKey).toMatch(/^farmspace-payment-\d+$/);
    const [row] = await paymentsOf(t, id);
    expect(row).toMatchObject({ amount: '7.99', status: 'pending', fraudScore: 'low', paymentType: 'listing_fee' });
    expect(row!.ipAddress).toBeTruthy();

    const premiumSpace = await createDraft(t, owner);
    const premium = await checkout(t, owner, { spaceId: premiumSpace, paymentType: 'featured_upgrade', amount: 100 });
    expect(stripe.intents.get(premium.json.paymentIntentId)!.amount).toBe(1999);
  });

  it('asking again with the same price reuses the intent; another coupon replaces it', async () => {
    const id = await createDraft(t, owner);
    const first = await checkout(t, owner, { spaceId: id });
    const again = await checkout(t, owner, { spaceId: id });
    expect(again.json.paymentIntentId).toBe(first.json.paymentIntentId);
    const coupon = await addCoupon(t, { code: 'REPLACE10', percentOff: 10 });
    const reference = couponReference(t, owner, coupon.id);
    const discounted = await checkout(t, owner, { spaceId: id, couponId: reference });
    expect(discounted.json.amountCents).toBe(719);
    expect(discounted.json.coupon).toEqual({ id: reference, name: coupon.name, percent_off: 10, amount_off: null });
    expect(discounted.json.paymentIntentId).not.toBe(first.json.paymentIntentId);
    expect(stripe.intents.get(first.json.paymentIntentId)!.status).toBe('canceled');
    const rows = await paymentsOf(t, id);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1);
    expect(rows.find((r) => r.paymentIntentId === first.json.paymentIntentId)!.status).toBe('canceled');
    // Removing the coupon replaces it again.
    const removed = await checkout(t, owner, { spaceId: id, couponId: null });
    expect(removed.json.amountCents).toBe(799);
    expect((await paymentsOf(t, id)).filter((r) => r.status === 'pending')).toHaveLength(1);
  });

  it("a stranger's space is 404, a published one 409, a missing one 404; signed out 401; bad input 400", async () => {
    const id = await createDraft(t, owner);
    const stranger = await createSignedInUser(t);
    expect((await checkout(t, stranger, { spaceId: id })).status).toBe(404);
    expect((await checkout(t, owner, { spaceId: 99_999_999 })).status).toBe(404);
    expect((await t.request('/api/create-payment-intent', { body: { spaceId: id, paymentType: 'listing_fee', currency: 'USD' } })).status).toBe(401);
    const bad = await checkout(t, owner, { spaceId: 'abc' });
    expect(bad.status).toBe(400);
    expect((await checkout(t, owner, { spaceId: id, currency: 'EUR' })).json.message).toContain('Only USD');
    expect((await checkout(t, owner, { spaceId: id, paymentType: 'gold' })).status).toBe(400);

    const res = await checkout(t, owner, { spaceId: id });
    stripe.succeed(res.json.paymentIntentId);
    const status = await t.request('/api/payments/status', { cookie: owner.cookie, body: { paymentIntentId: res.json.paymentIntentId } });
    expect(status.json).toMatchObject({ status: 'succeeded', spaceId: id });
    const published = await checkout(t, owner, { spaceId: id });
    expect(published.status).toBe(409);
    expect(published.json.message).toMatch(/already published/);
    // Nobody else can read the status of this payment.
    expect((await t.request('/api/payments/status', { cookie: stranger.cookie, body: { paymentIntentId: res.json.paymentIntentId } })).status).toBe(404);
  });

  it('the status check publishes without waiting for a webhook, and reports a decline with the provider message', async () => {
    const id = await createDraft(t, owner);
    const res = await checkout(t, owner, { spaceId: id });
    stripe.decline(res.json.paymentIntentId, 'Your card has insufficient funds.');
    const declined = await t.request('/api/payments/status', { cookie: owner.cookie, body: { paymentIntentId: res.json.paymentIntentId } });
    expect(declined.json).toMatchObject({ status: 'pending', message: 'Your card has insufficient funds.' });
    expect((await spaceRowOf(t, id)).hasListingFee).toBe(false);
    stripe.succeed(res.json.paymentIntentId);
    const ok = await t.request('/api/payments/status', { cookie: owner.cookie, body: { paymentIntentId: res.json.paymentIntentId } });
    expect(ok.json.status).toBe('succeeded');
    const space = await t.request(`/api/spaces/${id}`);
    expect(space.status).toBe(200);
    expect(space.json.expiresAt).toBe(new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString());
  });

  it('validate-coupon: valid codes ignoring case, expired, disabled, used up, unknown and empty ones', async () => {
    const now = t.clock.now();
    await addCoupon(t, { code: 'Spring20', percentOff: 20, name: 'Spring sale' });
    await addCoupon(t, { code: 'OLD5', amountOff: 500, expiresAt: new Date(now.getTime() - 1000) });
    await addCoupon(t, { code: 'OFF1', percentOff: 10, active: false });
    await addCoupon(t, { code: 'FULL', percentOff: 10, maxRedemptions: 1, timesRedeemed: 1 });
    const ask = (couponCode: unknown) => t.request('/api/validate-coupon', { cookie: owner.cookie, body: { couponCode } });
    const ok = await ask('  spring20 ');
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ valid: true, coupon: { name: 'Spring sale', percent_off: 20, amount_off: null } });
    // The id is the reference this owner sends back as couponId, not the coupon's row id.
    expect(ok.json.coupon.id).toMatch(/^cr1_\d+_\d+_[\w-]{22}$/);
    expect((await ask('OLD5')).json).toMatchObject({ valid: false, coupon: null, message: 'This coupon has expired.' });
    expect((await ask('OFF1')).json).toMatchObject({ valid: false, message: 'This coupon code is not valid or has expired.' });
    expect((await ask('FULL')).json).toMatchObject({ valid: false, message: 'This coupon has reached its redemption limit.' });
    expect((await ask('NOPE')).json.valid).toBe(false);
    const empty = await ask('   ');
    expect(empty.status).toBe(400);
    expect(empty.json.message).toContain('Please enter a coupon code.');
    expect((await t.request('/api/validate-coupon', { body: { couponCode: 'SPRING20' } })).status).toBe(401);
    // An invalid coupon id at checkout is refused, nothing is created.
    const id = await createDraft(t, owner);
    const [full] = await t.db.select().from(coupons).where(eq(coupons.code, 'FULL'));
    const refused = await checkout(t, owner, { spaceId: id, couponId: couponReference(t, owner, full!.id) });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('This coupon has reached its redemption limit.');
    expect(await paymentsOf(t, id)).toHaveLength(0);
  });

  it('an amount coupon larger than the price is free: published at once, counted, one e-mail', async () => {
    const id = await createDraft(t, owner, 'Free by amount');
    const coupon = await addCoupon(t, { code: 'BIGAMOUNT', amountOff: 5000 });
    const reference = couponReference(t, owner, coupon.id);
    const res = await checkout(t, owner, { spaceId: id, couponId: reference });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ freeTransaction: true });
    expect(res.json.clientSecret).toBeUndefined();
    expect((await spaceRowOf(t, id)).hasListingFee).toBe(true);
    const [row] = await paymentsOf(t, id);
    expect(row).toMatchObject({ amount: '0.00', status: 'succeeded', couponId: coupon.id, paymentIntentId: null });
    const [counted] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(counted!.timesRedeemed).toBe(1);
    const emails = await t.db.select().from(emailNotifications).where(eq(emailNotifications.type, 'payment_confirmation'));
    expect(emails.filter((e) => e.subject.includes('Free by amount'))).toHaveLength(1);
    // Once per user.
    const other = await createDraft(t, owner);
    expect((await checkout(t, owner, { spaceId: other, couponId: reference })).json.message).toBe('You have already used this coupon.');
  });

  it('a provider outage answers "Failed to initialize payment" and leaves no payable row', async () => {
    const id = await createDraft(t, owner);
    stripe.failCreates(3);
    const res = await checkout(t, owner, { spaceId: id });
    expect(res.status).toBe(502);
    expect(res.json.message).toBe('Failed to initialize payment. Please try again.');
    expect(await paymentsOf(t, id)).toHaveLength(0);
    // The next attempt works.
    expect((await checkout(t, owner, { spaceId: id })).status).toBe(200);
  });

  it('more than 5 failed payments in an hour: fraudScore high, intents refused for an hour; a checkout event per attempt', async () => {
    const user = await createSignedInUser(t);
    const id = await createDraft(t, user);
    for (let i = 0; i < 6; i++) {
      const res = await checkout(t, user, { spaceId: id });
      expect(res.status).toBe(200);
      const intent = stripe.decline(res.json.paymentIntentId);
      const { payload, header } = stripe.event('payment_intent.payment_failed', intent);
      const hook = await t.request('/api/webhooks/stripe', { body: payload, headers: { 'stripe-signature': header, origin: 'https://stripe.example' } });
      expect(hook.status).toBe(200);
    }
    const rows = await paymentsOf(t, id);
    expect(rows.some((r) => r.fraudScore === 'high')).toBe(true);
    const refused = await checkout(t, user, { spaceId: id });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe('Too many failed payments. Please try again in an hour.');
    const events = await t.db.select().from(securityEvents).where(eq(securityEvents.userId, user.id));
    const outcomes = events.filter((e) => e.eventType === 'checkout').map((e) => (e.metadata as { outcome: string }).outcome);
    expect(outcomes.filter((o) => o === 'failed')).toHaveLength(6);
    expect(outcomes.filter((o) => o === 'intent_created').length).toBeGreaterThanOrEqual(6);
    expect(outcomes).toContain('refused');
    t.clock.advance(61 * 60_000);
    expect((await checkout(t, user, { spaceId: id })).status).toBe(200);
  });
});

describe('checkout without a provider (production without Stripe keys)', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ payments: null });
    owner = await createSignedInUser(t);
  });
  afterAll(async () => t.close());

  it("answers 'Payment system is currently unavailable.' and writes nothing", async () => {
    const id = await createDraft(t, owner);
    const res = await checkout(t, owner, { spaceId: id });
    expect(res.status).toBe(503);
    expect(res.json.message).toBe('Payment system is currently unavailable.');
    expect(await paymentsOf(t, id)).toHaveLength(0);
    expect((await t.request('/api/webhooks/stripe', { body: '{}', headers: { 'stripe-signature': 't=1,v1=x' } })).status).toBe(404);
  });
});
