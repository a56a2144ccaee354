// Renewal and upgrade with the clock moved (docs/decisions/0400): an expired or archived listing is
// renewed for 30 days from the payment; a live Standard listing upgraded to Premium is featured until
// its current end; what cannot be paid for answers 409.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedSpaces } from '#db/schema/index';
import { DAY } from '#api/lib/clock';
import { expireListings } from '#api/modules/spaces/expire-listings';
import { startFakeStripe, type FakeStripe } from '../../fixtures/fake-stripe';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { checkout, createDraft, spaceRowOf } from './payments-helpers';

describe('renewal and upgrade', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp({ payments: stripe.provider(), now: new Date('2026-03-01T12:00:00.000Z') });
    owner = await createSignedInUser(t);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  async function pay(spaceId: number, paymentType: 'listing_fee' | 'featured_upgrade') {
    const res = await checkout(t, owner, { spaceId, paymentType });
    expect(res.status).toBe(200);
    stripe.succeed(res.json.paymentIntentId);
    const status = await t.request('/api/payments/status', { cookie: owner.cookie, body: { paymentIntentId: res.json.paymentIntentId } });
    expect(status.json.status).toBe('succeeded');
  }
  const iso = (ms: number) => new Date(ms).toISOString();

  it('an archived Standard listing is renewed for 30 days from the renewal and comes back live', async () => {
    const id = await createDraft(t, owner, 'Renew me');
    await pay(id, 'listing_fee');
    t.clock.advance(31 * DAY);
    await expireListings(t.db, t.clock.now());
    expect(await t.db.select().from(archivedSpaces).where(eq(archivedSpaces.originalId, id))).toHaveLength(1);
    expect((await t.request(`/api/spaces/${id}`)).status).toBe(404);
    const mine = (await t.request('/api/spaces/my', { cookie: owner.cookie })).json.find((s: { id: number }) => s.id === id);
    expect(mine.status).toBe('expired');

    t.clock.advance(5 * DAY);
    const renewedAt = t.clock.now().getTime();
    await pay(id, 'listing_fee');
    const row = await spaceRowOf(t, id);
    expect(row).toMatchObject({ isActive: true, hasListingFee: true, isFeatured: false });
    expect(row.expiresAt.toISOString()).toBe(iso(renewedAt + 30 * DAY));
    expect(await t.db.select().from(archivedSpaces).where(eq(archivedSpaces.originalId, id))).toHaveLength(0);
    expect((await t.request(`/api/spaces/${id}`)).status).toBe(200);
    // It expires again 30 days later, and can be archived again.
    t.clock.advance(30 * DAY + 1000);
    expect((await expireListings(t.db, t.clock.now())).archived).toBeGreaterThanOrEqual(1);
  });

  it('an expired listing (not yet archived) renewed as Premium is featured for the new 30 days', async () => {
    const id = await createDraft(t, owner, 'Renew as premium');
    await pay(id, 'featured_upgrade');
    t.clock.advance(30 * DAY + 60_000);
    const renewedAt = t.clock.now().getTime();
    await pay(id, 'featured_upgrade');
    const row = await spaceRowOf(t, id);
    expect(row).toMatchObject({ isActive: true, isFeatured: true });
    expect(row.expiresAt.toISOString()).toBe(iso(renewedAt + 30 * DAY));
    expect(row.featuredUntil?.toISOString()).toBe(iso(renewedAt + 30 * DAY));
  });

  it('a live Standard listing upgraded to Premium is featured until its end; the end does not move', async () => {
    const id = await createDraft(t, owner, 'Upgrade me');
    const publishedAt = t.clock.now().getTime();
    await pay(id, 'listing_fee');
    t.clock.advance(10 * DAY);
    await pay(id, 'featured_upgrade');
    const row = await spaceRowOf(t, id);
    expect(row.isFeatured).toBe(true);
    expect(row.expiresAt.toISOString()).toBe(iso(publishedAt + 30 * DAY));
    expect(row.featuredUntil?.toISOString()).toBe(iso(publishedAt + 30 * DAY));
    const featured = (await t.request('/api/spaces?featured=true&limit=100')).json.map((s: { id: number }) => s.id);
    expect(featured).toContain(id);
    // Already Premium, and already published: nothing to pay for.
    expect((await checkout(t, owner, { spaceId: id, paymentType: 'featured_upgrade' })).status).toBe(409);
    expect((await checkout(t, owner, { spaceId: id, paymentType: 'listing_fee' })).status).toBe(409);
    // Featured ends with the listing.
    t.clock.advance(20 * DAY + 1000);
    await expireListings(t.db, t.clock.now());
    expect((await spaceRowOf(t, id)).isFeatured).toBe(false);
  });
});
