// GET /api/demand and /api/demand/widen-search over HTTP on a real database: the k-anonymity rule (4 searches
// are "fewer than 5", no budget from 4 values), the single changes counted by the alerts' predicate, bad input
// refused with the form's messages, and the farmers' widening hint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEWER_THAN_MIN, type DemandAnswer } from '#contracts/demand';
import { ensureDemoOwner } from '#db/seed/demo-owner';
import { MINUTE } from '#api/lib/clock';
import { createSavedSearch } from '#api/modules/saved-searches/saved-searches.service';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser } from '../../fixtures/users';

const NOW = new Date('2026-06-10T09:00:00.000Z');
/** Near Berlin's centre (the gazetteer's Berlin is at 52.52437, 13.41053). */
const AT = 'lat=52.52&lng=13.40';

describe('GET /api/demand', () => {
  let t: TestApp;
  let farmerIds: number[];

  beforeAll(async () => {
    t = await startTestApp({ now: NOW });
    farmerIds = [];
    for (let i = 0; i < 21; i++) farmerIds.push((await createSignedInUser(t)).id);
  });
  afterAll(async () => t.close());

  /** One search with `query` by each of the farmers `who` (indexes). */
  const save = async (who: number[], query: string) => {
    for (const i of who) await createSavedSearch(t.db, farmerIds[i]!, { name: `S${i}`, query }, NOW);
  };
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
  const demand = async (qs: string) => {
    const res = await t.request(`/api/demand?${qs}`);
    expect(res.status, res.text).toBe(200);
    return res.json as DemandAnswer;
  };

  it('counts people, not searches: 4 people are "fewer than 5" however many searches; 10 are counted, with a budget band', async () => {
    const basement = `near=2950159&radiusKm=25&spaceType=basement&maxPrice=1000`;
    await save([0, 1, 2, 3], basement);
    await save([0, 0, 0, 1, 2], basement);
    const four = await demand(`${AT}&spaceType=basement&size=900&pricePerMonth=900`);
    expect(four.searches).toEqual({ matching: FEWER_THAN_MIN, nearby: FEWER_THAN_MIN, trend30d: FEWER_THAN_MIN });
    expect(four.budget).toBeNull();
    expect(JSON.stringify(four)).not.toMatch(/"matching":\d|1000/);

    await save(range(4, 10), basement);
    // Past the public-read cache's life (the same ask, snapped: size 900 and 901 are one ask).
    t.clock.advance(MINUTE);
    const ten = await demand(`${AT}&spaceType=basement&size=901&pricePerMonth=900`);
    expect(ten.searches).toEqual({ matching: 10, nearby: 10, trend30d: 10 });
    expect(ten.budget).toEqual({ p25: 1000, median: 1000, p75: 1000, currency: 'USD', basis: 'matching' });
    // The rent above every budget: none match, all ten are still nearby; the lower rent that wins them is named.
    const dear = await demand(`${AT}&spaceType=basement&size=900&pricePerMonth=2500`);
    expect(dear.searches).toMatchObject({ matching: FEWER_THAN_MIN, nearby: 10 });
    expect(dear.budget).toMatchObject({ basis: 'nearby', p75: 1000 });
    expect(dear.widen).toEqual([{ change: 'a price at or below $1,000', extraSearches: 10 }]);
  });

  it('suggests the single changes that gain most, counted by the alerts predicate, in people rounded down to 5', async () => {
    await save(range(10, 16), `near=2950159&radiusKm=50&spaceType=warehouse&water=tap`);
    await save(range(16, 21), `near=2950159&radiusKm=50&spaceType=warehouse&access24h=true&maxPrice=1500`);
    // $1,800 is asked as $2,000 (the ladder): above the five's $1,500.
    const answer = await demand(`${AT}&spaceType=warehouse&size=5000&pricePerMonth=1800`);
    expect(answer.searches.matching).toBe(FEWER_THAN_MIN);
    expect(answer.widen).toEqual([{ change: 'list water access (a tap)', extraSearches: 5 }]);
    const watered = await demand(`${AT}&spaceType=warehouse&size=5000&pricePerMonth=1800&water=tap`);
    expect(watered.searches.matching).toBe(5);
    // 24/7 alone or the price alone gains nothing: both are needed by those five people.
    expect(watered.widen).toEqual([]);
    const open = await demand(`${AT}&spaceType=warehouse&size=5000&pricePerMonth=1800&water=tap&access24h=true`);
    expect(open.widen).toEqual([{ change: 'a price at or below $1,500', extraSearches: 5 }]);
  });

  it('counts comparable listings within 25 km and their price per sq ft from 5 listings up', async () => {
    const ownerId = await ensureDemoOwner(t.db);
    const near = (price: string) => spaceRow(ownerId, NOW, { spaceType: 'greenhouse', size: 1000, pricePerMonth: price, latitude: 52.5, longitude: 13.4, city: 'Berlin', country: 'DE' });
    await insertSpaces(t.db, ['1000.00', '2000.00', '3000.00', '4000.00'].map(near));
    expect((await demand(`${AT}&spaceType=greenhouse`)).comparables).toEqual({ count: 4, pricePerSqFt: null });
    await insertSpaces(t.db, [near('5000.00')]);
    expect((await demand(`${AT}&spaceType=greenhouse&size=10`)).comparables).toEqual({ count: 5, pricePerSqFt: { p25: 2, median: 3, p75: 4 } });
  });

  it('refuses bad input with the form messages and writes nothing', async () => {
    const noPlace = await t.request('/api/demand?spaceType=rooftop');
    expect(noPlace.status).toBe(400);
    expect(noPlace.json.message).toMatch(/city: Give the city/);
    const badType = await t.request(`/api/demand?${AT}&spaceType=castle`);
    expect(badType.status).toBe(400);
    const badSize = await t.request(`/api/demand?${AT}&spaceType=rooftop&size=-3`);
    expect(badSize.json.message).toMatch(/Size must be/);
  });

  it('tells a farmer with few results which single widening shows more listings', async () => {
    const res = await t.request('/api/demand/widen-search?spaceType=greenhouse&lat=52.52&lng=13.40&radiusKm=5&maxPrice=2500');
    expect(res.status, res.text).toBe(200);
    // The greenhouses stand at ~2.3 km: inside 5 km; a budget of 2,500 lists two of five; raised to 3,150, three.
    expect(res.json.widen).toEqual([{ change: 'raised the budget to $3,150', params: { maxPrice: '3150' }, extraSpaces: 1 }]);
  });
});
