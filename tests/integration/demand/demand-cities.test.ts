// GET /api/demand/cities (the page /demand, decision 1602) over HTTP on a real database: a city fewer than 5
// people search is never listed (not its name, not a figure), however many searches they saved, nor a city the
// gazetteer does not know (a search's own text); a city of 5 people is, with no budget range from 4 values; a place search counts in its centre's city (Berlin, not
// the district its 0.1° cell is nearest to); an unsubscribed search does not count; a parameter is refused.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemandCitiesAnswer } from '#contracts/demand';
import { createSavedSearch } from '#api/modules/saved-searches/saved-searches.service';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser } from '../../fixtures/users';

const NOW = new Date('2026-06-10T09:00:00.000Z');

describe('GET /api/demand/cities', () => {
  let t: TestApp;
  let farmerIds: number[];

  beforeAll(async () => {
    t = await startTestApp({ now: NOW });
    farmerIds = [];
    for (let i = 0; i < 6; i++) farmerIds.push((await createSignedInUser(t)).id);
  });
  afterAll(async () => t.close());

  /** One search of each farmer in `farmers` (by index) with `query`; their ids. */
  const save = async (farmers: number[], query: string) => {
    const ids: number[] = [];
    for (const f of farmers) ids.push((await createSavedSearch(t.db, farmerIds[f]!, { name: 'S', query }, NOW)).id);
    return ids;
  };
  const cities = async () => {
    t.clock.advance(60_000); // past the public-read cache's life
    const res = await t.request('/api/demand/cities');
    expect(res.status, res.text).toBe(200);
    return (res.json as DemandCitiesAnswer).cities;
  };

  it('never lists a city fewer than 5 people search, however many searches, nor a city the gazetteer does not know; lists one with 5, with no range from 4 budgets', async () => {
    await save([0, 1, 2, 3], 'city=Tacoma&country=US&spaceType=rooftop&maxPrice=900');
    await save([0, 0, 1, 1], 'city=Spokane&country=US&spaceType=basement&system=microgreens_racks&maxPrice=1200');
    await save([2], 'city=Spokane&country=US&spaceType=basement&system=microgreens_racks');
    await save([0, 1, 2, 3, 4], 'city=Cheap pills online&country=US');
    let answer = await cities();
    expect(answer).toEqual([]);
    expect(JSON.stringify(answer)).not.toMatch(/tacoma|spokane|pills|900|1200/i);

    // A fifth person searches Tacoma: it is listed. Spokane, 5 searches of 3 people, is not.
    await save([4], 'city=Tacoma&country=US&spaceType=rooftop&maxPrice=1100');
    answer = await cities();
    expect(answer.map((c) => c.city)).toEqual(['Tacoma']);
    expect(answer[0]).toMatchObject({ city: 'Tacoma', country: 'US', searches: 5, farmers: 5, budget: { p25: 900, median: 900, p75: 900 }, systems: [], spaceTypes: [{ spaceType: 'rooftop', searches: 5 }] });

    // Two more people search Spokane without a budget: listed (7 searches, 5 people), but 4 budgets give no range; 7 do.
    await save([3, 4], 'city=Spokane&country=US&spaceType=basement&system=microgreens_racks');
    const spokane = (await cities()).find((c) => c.city === 'Spokane');
    expect(spokane).toMatchObject({ searches: 7, farmers: 5, budget: null, spaceTypes: [{ spaceType: 'basement', searches: 7 }], systems: [{ system: 'microgreens_racks', searches: 7 }] });
    await t.db.execute(sql`update saved_searches set max_price = 2000 where city_key = 'spokane' and max_price is null`);
    expect((await cities()).find((c) => c.city === 'Spokane')!.budget).toEqual({ p25: 1200, median: 1200, p75: 2000 });
  });

  it('counts a place search in the city of its centre (not the district nearest its cell); an unsubscribed search drops the city below 5', async () => {
    // 2950159: Berlin's place id (the location box's `near`).
    const ids = await save([0, 1, 2, 3, 4], 'near=2950159&radiusKm=25&spaceType=warehouse');
    const berlin = (await cities()).find((c) => c.city === 'Berlin');
    expect(berlin).toMatchObject({ country: 'DE', searches: 5, farmers: 5, spaceTypes: [{ spaceType: 'warehouse', searches: 5 }] });

    await t.db.execute(sql`update saved_searches set unsubscribed_at = now() where id = ${ids[0]!}`);
    expect((await cities()).map((c) => c.city)).not.toContain('Berlin');
  });

  it('refuses a parameter with a message', async () => {
    const res = await t.request('/api/demand/cities?city=Tacoma');
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/city/);
  });
});
