// Issue 15, items 1 and 2: the two coupon attacks found on a running instance, in development and in
// production mode. (1) Sequential coupon ids sent as `couponId` without ever entering a code applied the
// 100% coupon; (2) three intents opened with WELCOME20 before paying were all honoured at the discount.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDevelopmentCoupons } from '#db/seed/dev-coupons';
import { couponRedemptions, coupons, payments, spaces } from '#db/schema/index';
import { PAYMENT_MESSAGES } from '#contracts/payments';
import type { TestApp } from '../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../fixtures/users';
import { insertSpaces, spaceRow } from '../fixtures/spaces';
import { freshIp, startSuiteApp } from './harness';

const MODES = [
  ['development', {}],
  ['production', { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'p'.repeat(40) }],
] as const;

describe.each(MODES)('coupon abuse (%s mode)', (_mode, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startSuiteApp({ ...env });
    // The documented coupons exist in every database that ever ran outside production; seed them here too.
    await seedDevelopmentCoupons(t.db);
  });
  afterAll(async () => t.close());

  const draft = async (user: TestUser) => {
    const [row] = await insertSpaces(t.db, [spaceRow(user.id, t.clock.now(), { hasListingFee: false, title: `Draft of ${user.email}` })]);
    return row!.id;
  };
  const ask = (user: TestUser, body: Record<string, unknown>, ip = freshIp()) =>
    t.request('/api/create-payment-intent', { cookie: user.cookie, body: { paymentType: 'listing_fee', currency: 'USD', ...body }, headers: { 'x-forwarded-for': ip } });
  const validate = (user: TestUser, couponCode: string, ip = freshIp()) =>
    t.request('/api/validate-coupon', { cookie: user.cookie, body: { couponCode }, headers: { 'x-forwarded-for': ip } });
  const pay = (user: TestUser, intent: { paymentIntentId: string; clientSecret: string }) =>
    t.request('/api/payments/test-confirm', {
      cookie: user.cookie,
      body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' },
      headers: { 'x-forwarded-for': freshIp() },
    });

  it('guessed coupon ids (1..N) without the code: the coupon error of spec 8, then the full price', async () => {
    const owner = await createSignedInUser(t);
    const spaceId = await draft(owner);
    const [{ maxId }] = (await t.db.select({ maxId: sql<number>`max(${coupons.id})::int` }).from(coupons)) as [{ maxId: number }];
    for (let id = 1; id <= maxId + 2; id++) {
      for (const couponId of [id, String(id)]) {
        const res = await ask(owner, { spaceId, couponId });
        expect(res.status, `couponId ${JSON.stringify(couponId)}: ${res.text}`).toBe(400);
        expect(res.json.message).toBe(PAYMENT_MESSAGES.couponInvalidFallback);
      }
    }
    const [space] = await t.db.select().from(spaces).where(eq(spaces.id, spaceId));
    expect(space!.hasListingFee).toBe(false);
    expect(await t.db.select().from(payments).where(eq(payments.spaceId, spaceId))).toHaveLength(0);
    const full = await ask(owner, { spaceId });
    expect(full.status, full.text).toBe(200);
    expect(full.json.amountCents).toBe(799);
  });

  it("a coupon reference belongs to the user who entered the code: another user's or an altered one is refused", async () => {
    const [owner, other] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
    const valid = await validate(owner, 'welcome20');
    expect(valid.json.valid).toBe(true);
    const reference = valid.json.coupon.id;
    expect(typeof reference).toBe('string');
    // Not guessable: far longer than any sequential id, and no shorter than 128 bits of signature.
    expect(String(reference).length).toBeGreaterThanOrEqual(30);
    const otherSpace = await draft(other);
    const stolen = await ask(other, { spaceId: otherSpace, couponId: reference });
    expect(stolen.status).toBe(400);
    expect(stolen.json.message).toBe(PAYMENT_MESSAGES.couponInvalidFallback);
    const last = reference.at(-1) === 'A' ? 'B' : 'A';
    const altered = await ask(owner, { spaceId: await draft(owner), couponId: `${reference.slice(0, -1)}${last}` });
    expect(altered.status).toBe(400);
    const own = await ask(owner, { spaceId: await draft(owner), couponId: reference });
    expect(own.status, own.text).toBe(200);
    expect(own.json.amountCents).toBe(639);
    expect(own.json.coupon).toMatchObject({ id: reference, name: 'Welcome 20% off', percent_off: 20, amount_off: null });
  });

  it('wrong references count against the same budget as wrong codes (30 per address per 15 minutes)', async () => {
    const owner = await createSignedInUser(t);
    const spaceId = await draft(owner);
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await ask(owner, { spaceId, couponId: `guess-${i}` }, ip)).status);
    expect(answers.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(answers[30]).toBe(429);
    // The same address cannot then try codes either.
    expect((await validate(owner, 'WELCOME20', ip)).status).toBe(429);
  });

  it('three intents opened with WELCOME20 before paying: at most one is paid at the discount', async () => {
    const owner = await createSignedInUser(t);
    const reference = (await validate(owner, 'WELCOME20')).json.coupon.id;
    const drafts = [await draft(owner), await draft(owner), await draft(owner)];
    const intents = [];
    for (const spaceId of drafts) {
      const res = await ask(owner, { spaceId, couponId: reference });
      expect(res.status, res.text).toBe(200);
      intents.push(res.json);
    }
    const paid = await Promise.all(intents.map((intent) => pay(owner, intent)));
    for (const res of paid) expect(res.status, res.text).toBeLessThan(500);
    await expectAtMostOneDiscount(owner);
  });

  it('three intents with WELCOME20 asked for at the same moment: at most one is paid at the discount', async () => {
    const owner = await createSignedInUser(t);
    const reference = (await validate(owner, 'WELCOME20')).json.coupon.id;
    const drafts = [await draft(owner), await draft(owner), await draft(owner)];
    const answers = await Promise.all(drafts.map((spaceId) => ask(owner, { spaceId, couponId: reference })));
    for (const res of answers) expect(res.status, res.text).toBeLessThan(500);
    const paid = await Promise.all(answers.filter((a) => a.status === 200).map((a) => pay(owner, a.json)));
    for (const res of paid) expect(res.status, res.text).toBeLessThan(500);
    await expectAtMostOneDiscount(owner);
  });

  async function expectAtMostOneDiscount(owner: TestUser) {
    const discounted = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, owner.id), eq(payments.status, 'succeeded'), isNotNull(payments.couponId)));
    expect(discounted.length).toBeLessThanOrEqual(1);
    const redemptions = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, owner.id));
    expect(redemptions).toHaveLength(discounted.length);
  }
});
