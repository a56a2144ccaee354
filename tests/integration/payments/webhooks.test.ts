// Fulfilment exactly once: signed webhooks (the SDK's own test header), redelivered and out of order,
// racing the status check; a bad signature changes nothing; a coupon limited to 10 is redeemed exactly
// 10 times by 50 concurrent checkouts.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, emailNotifications, paymentEvents } from '#db/schema/index';
import { startFakeStripe, type FakeStripe } from '../../fixtures/fake-stripe';
import { latestEmailTo } from '../../fixtures/outbox';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { addCoupon, checkout, couponReference, createDraft, paymentsOf, spaceRowOf } from './payments-helpers';

describe('Stripe webhooks and fulfilment', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp({ payments: stripe.provider(), env: { STRIPE_WEBHOOK_SECRET: 'unused-by-the-fake' }, now: new Date('2026-06-01T08:00:00.000Z') });
    owner = await createSignedInUser(t, { firstName: 'Rosa' });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  // Fifty owners, signed up once (each sign-up hashes a password) and shared by the two races.
  let fifty: TestUser[] | undefined;
  async function fiftyOwners(): Promise<TestUser[]> {
    if (!fifty) {
      fifty = [];
      for (let i = 0; i < 50; i++) fifty.push(await createSignedInUser(t));
    }
    return fifty;
  }

  const deliver = (delivery: { payload: string; header: string }) =>
    t.request('/api/webhooks/stripe', { body: delivery.payload, headers: { 'stripe-signature': delivery.header, 'content-type': 'application/json', origin: '' } });

  async function confirmationEmails(title: string) {
    const rows = await t.db.select().from(emailNotifications).where(eq(emailNotifications.type, 'payment_confirmation'));
    return rows.filter((r) => r.subject.includes(title));
  }

  it('a bad signature is 400 and nothing changes', async () => {
    const id = await createDraft(t, owner, 'Bad signature');
    const res = await checkout(t, owner, { spaceId: id });
    const intent = stripe.succeed(res.json.paymentIntentId);
    const forged = stripe.event('payment_intent.succeeded', intent, { secret: 'whsec_wrong' });
    expect((await deliver(forged)).status).toBe(400);
    const tampered = stripe.event('payment_intent.succeeded', intent);
    expect((await deliver({ payload: tampered.payload.replace('"amount":799', '"amount":1'), header: tampered.header })).status).toBe(400);
    expect((await t.request('/api/webhooks/stripe', { body: tampered.payload })).status).toBe(400);
    expect((await spaceRowOf(t, id)).hasListingFee).toBe(false);
    expect((await paymentsOf(t, id))[0]!.status).toBe('pending');
    expect(await t.db.select().from(paymentEvents)).toHaveLength(0);
    expect(await confirmationEmails('Bad signature')).toHaveLength(0);
  });

  it('succeeded three times, out of order with payment_failed, racing the status check: one publication, one e-mail', async () => {
    const id = await createDraft(t, owner, 'Exactly once');
    const res = await checkout(t, owner, { spaceId: id });
    const declined = stripe.decline(res.json.paymentIntentId);
    const failed = stripe.event('payment_intent.payment_failed', declined);
    const succeededIntent = stripe.succeed(res.json.paymentIntentId);
    const succeeded = stripe.event('payment_intent.succeeded', succeededIntent);
    // The same event redelivered twice, plus a second succeeded event id for the same intent.
    const other = stripe.event('payment_intent.succeeded', succeededIntent);
    const answers = await Promise.all([
      deliver(succeeded),
      deliver(succeeded),
      t.request('/api/payments/status', { cookie: owner.cookie, body: { paymentIntentId: res.json.paymentIntentId } }),
      deliver(other),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // The failure arrives late: it must not undo the success.
    expect((await deliver(failed)).status).toBe(200);
    expect((await deliver(succeeded)).json).toMatchObject({ received: true, duplicate: true });

    const space = await spaceRowOf(t, id);
    expect(space).toMatchObject({ hasListingFee: true, isActive: true });
    const publishedUntil = space.expiresAt.toISOString();
    expect(publishedUntil).toBe(new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString());
    const rows = await paymentsOf(t, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded' });
    expect(rows[0]!.liveUntil?.toISOString()).toBe(publishedUntil);
    expect(await confirmationEmails('Exactly once')).toHaveLength(1);

    const email = await latestEmailTo(t, owner.email);
    expect(email.subject).toBe('Payment received: Exactly once');
    expect(email.text).toContain('$7.99');
    // Greetings carry no name (user-controlled text stays out of our mails' voice: decision 0104).
    expect(email.text).toMatch(/^Hello,\n/);
    expect(email.text).not.toContain('Rosa');
    expect(email.text).toMatch(/live until [A-Z][a-z]+ \d{1,2}, 2026/);
    expect(email.text).toContain(`/spaces/${id}`);

    // Another event a day later still changes nothing.
    t.clock.advance(86_400_000);
    await deliver(stripe.event('payment_intent.succeeded', succeededIntent));
    expect((await spaceRowOf(t, id)).expiresAt.toISOString()).toBe(publishedUntil);
    expect(await confirmationEmails('Exactly once')).toHaveLength(1);
  });

  it('a canceled event only changes the status of a pending payment', async () => {
    const id = await createDraft(t, owner, 'Canceled');
    const res = await checkout(t, owner, { spaceId: id });
    const intent = { ...stripe.intents.get(res.json.paymentIntentId)!, status: 'canceled' };
    expect((await deliver(stripe.event('payment_intent.canceled', intent))).status).toBe(200);
    expect((await paymentsOf(t, id))[0]!.status).toBe('canceled');
    expect((await spaceRowOf(t, id)).hasListingFee).toBe(false);
  });

  it('50 concurrent checkouts with a coupon limited to 10: exactly 10 redemptions', async () => {
    const coupon = await addCoupon(t, { code: 'TEN50', percentOff: 50, maxRedemptions: 10 });
    const owners = await fiftyOwners();
    const drafts = await Promise.all(owners.map((o) => createDraft(t, o, 'Concurrent')));
    // Everyone gets an intent at the discounted price (the coupon is not used up yet) …
    const intents = await Promise.all(owners.map((o, i) => checkout(t, o, { spaceId: drafts[i], couponId: couponReference(t, o, coupon.id) })));
    expect(intents.filter((r) => !(r.status === 200 && r.json.amountCents === 399)).map((r) => `${r.status} ${r.text}`)).toEqual([]);
    // … and all 50 pay at the same moment.
    const deliveries = intents.map((r) => stripe.event('payment_intent.succeeded', stripe.succeed(r.json.paymentIntentId)));
    const answers = await Promise.all(deliveries.map((d) => deliver(d)));
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.timesRedeemed).toBe(10);
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id));
    expect(count!.n).toBe(10);
    // The coupon now reads as used up.
    const late = await createSignedInUser(t);
    expect((await t.request('/api/validate-coupon', { cookie: late.cookie, body: { couponCode: 'ten50' } })).json.valid).toBe(false);
  }, 180_000);

  it('50 concurrent free checkouts with a 100% coupon limited to 10: exactly 10 published for free', async () => {
    const coupon = await addCoupon(t, { code: 'FREE10', percentOff: 100, maxRedemptions: 10 });
    const owners = await fiftyOwners();
    const drafts = await Promise.all(owners.map((o) => createDraft(t, o, 'Free race')));
    const answers = await Promise.all(owners.map((o, i) => checkout(t, o, { spaceId: drafts[i], couponId: couponReference(t, o, coupon.id) })));
    const free = answers.filter((a) => a.status === 200 && a.json.freeTransaction === true);
    expect(free).toHaveLength(10);
    for (const a of answers.filter((x) => !(x.status === 200 && x.json.freeTransaction))) {
      expect([400, 409]).toContain(a.status);
      expect(a.json.message).toMatch(/redemption limit/);
    }
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.timesRedeemed).toBe(10);
    const published = await Promise.all(drafts.map((id) => spaceRowOf(t, id)));
    expect(published.filter((s) => s.hasListingFee)).toHaveLength(10);
  }, 180_000);
});
