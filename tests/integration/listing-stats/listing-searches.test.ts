// The owner's listing numbers count farmers' saved searches (issue 29, decision 1602): those the alerts'
// predicate matches now and those the alerts recorded when the listing was published, each counted in people
// under the release rule (decision 1603: below 5 "fewer than 5", else rounded down to 5; one farmer's five
// searches are one person), beside the daily numbers, which stay as they were.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEWER_THAN_MIN } from '#contracts/demand';
import type { ListingStats } from '#contracts/listing-stats';
import { createSpaceSchema } from '#contracts/spaces.schemas';
import { savedSearches } from '#db/schema/index';
import { createLocator } from '#api/modules/places/index';
import { notifySavedSearches } from '#api/modules/saved-searches/index';
import { createSavedSearch, unsubscribeSavedSearch } from '#api/modules/saved-searches/saved-searches.service';
import { publishSpace } from '#api/modules/spaces/index';
import { createSpace } from '#api/modules/spaces/spaces.service';
import { parseInput } from '#api/lib/validate';
import { validSpaceBody } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

const NOW = new Date('2026-06-10T09:00:00.000Z');

describe('GET /api/spaces/:id/stats: saved searches matching now and when published', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;
  let farmers: TestUser[];

  beforeAll(async () => {
    t = await startTestApp({ now: NOW });
    owner = await createSignedInUser(t);
    farmer = await createSignedInUser(t);
    farmers = [];
    for (let i = 0; i < 12; i++) farmers.push(await createSignedInUser(t));
  });
  afterAll(async () => t.close());

  /** A saved search for basements in `city` up to `maxPrice` by each of `who` (indexes into farmers); their ids. */
  const save = async (who: number[], city: string, maxPrice: number) => {
    const ids: number[] = [];
    for (const i of who) ids.push((await createSavedSearch(t.db, farmers[i]!.id, { name: `S${i}`, query: `city=${encodeURIComponent(city)}&spaceType=basement&maxPrice=${maxPrice}` }, NOW)).id);
    return ids;
  };
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
  const listing = async (city: string, price: string, publish = true) => {
    const space = await createSpace(t.db, owner.id, parseInput(createSpaceSchema, validSpaceBody({ city, spaceType: 'basement', pricePerMonth: price })), NOW, createLocator(undefined));
    if (publish) await publishSpace(t.db, space.id, 'listing_fee', NOW, { onLive: notifySavedSearches });
    return space.id;
  };
  const stats = async (spaceId: number, who = owner) => {
    const res = await t.request(`/api/spaces/${spaceId}/stats`, { cookie: who.cookie });
    expect(res.status, res.text).toBe(200);
    return res.json as ListingStats;
  };

  it('4 people are "fewer than 5" at publish and now, however many searches; people who save after publishing count now only', async () => {
    await save([0, 1, 2, 3], 'Portland', 1000);
    await save([0, 0, 0, 1], 'Portland', 1100); // the same people again: still four
    await save([4, 5, 6], 'Portland', 500); // below the rent: never matched
    const id = await listing('Portland', '900');
    const first = await stats(id);
    expect(first.searches).toEqual({ matchingNow: FEWER_THAN_MIN, matchedWhenPublished: FEWER_THAN_MIN });
    // The daily numbers are unchanged beside them (added, not wrapped).
    expect(first).toMatchObject({ dates: ['2026-06-10'], pageViews: [0], cardOpens: [0], inquiries: [0], saves: [0] });
    expect(JSON.stringify(first)).not.toMatch(/:4\b/);

    await save([7, 8], 'Portland', 1200);
    // Six people, shown rounded down to 5.
    expect((await stats(id)).searches).toEqual({ matchingNow: 5, matchedWhenPublished: FEWER_THAN_MIN });
  });

  it('counts 5 and more people, rounded down to 5; an unsubscribed search stops matching now; a draft matches nothing', async () => {
    const ids = await save(range(0, 10), 'Seattle', 2000);
    await save([10, 11], 'Tacoma', 2000); // another city: never matched
    const id = await listing('Seattle', '1500');
    expect((await stats(id)).searches).toEqual({ matchingNow: 10, matchedWhenPublished: 10 });

    const [{ token }] = (await t.db.select({ token: savedSearches.unsubscribeToken }).from(savedSearches).where(eq(savedSearches.id, ids[0]!))) as [{ token: string }];
    await unsubscribeSavedSearch(t.db, token, NOW);
    // The alert of that search had gone (emailedAt unset here: pending matches of an unsubscribed search are dropped).
    // Nine people: 5.
    expect((await stats(id)).searches).toEqual({ matchingNow: 5, matchedWhenPublished: 5 });

    const draft = await listing('Seattle', '1500', false);
    expect((await stats(draft)).searches).toEqual({ matchingNow: FEWER_THAN_MIN, matchedWhenPublished: FEWER_THAN_MIN });
  });

  it("answers 404 for another person's listing", async () => {
    const id = await listing('Portland', '900');
    const res = await t.request(`/api/spaces/${id}/stats`, { cookie: farmer.cookie });
    expect(res.status).toBe(404);
  });
});
