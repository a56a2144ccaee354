// GET /api/demand/cities (the page /demand, decisions 1602, 1603) over HTTP on a real database: a city fewer than 5
// people search is never listed (not its name, not a figure), however many searches they saved, nor a city the
// gazetteer does not know (a search's own text); a city of 5 people is, its counts in people rounded down to 5,
// with no budget band below 10 people; a place search counts in its centre's city (Berlin, not
// the district its 0.1° cell is nearest to); an unsubscribed search does not count; a parameter is refused. Its
// cache entry stays across listing changes and refreshes on a change to the searches; the 50 places it lists are
// all ones it can show.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMAND_CITIES_MAX, type DemandCitiesAnswer } from '#contracts/demand';
import { DEMAND_CITIES_LIFETIME } from '#api/modules/demand/demand.routes';
import { createSavedSearch } from '#api/modules/saved-searches/saved-searches.service';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser } from '../../fixtures/users';

const NOW = new Date('2026-06-10T09:00:00.000Z');

describe('GET /api/demand/cities', () => {
  let t: TestApp;
  let farmerIds: number[];

  beforeAll(async () => {
    t = await startTestApp({ now: NOW });
    farmerIds = [];
    for (let i = 0; i < 10; i++) farmerIds.push((await createSignedInUser(t)).id);
  });
  afterAll(async () => t.close());

  /** One search of each farmer in `farmers` (by index) with `query`; their ids. */
  const save = async (farmers: number[], query: string) => {
    const ids: number[] = [];
    for (const f of farmers) ids.push((await createSavedSearch(t.db, farmerIds[f]!, { name: 'S', query }, NOW)).id);
    return ids;
  };
  const cities = async () => {
    t.clock.advance(DEMAND_CITIES_LIFETIME.ttlMs + DEMAND_CITIES_LIFETIME.staleMs + 1); // past its cache entry's life
    const res = await t.request('/api/demand/cities');
    expect(res.status, res.text).toBe(200);
    return (res.json as DemandCitiesAnswer).cities;
  };

  it('never lists a city fewer than 5 people search, however many searches, nor a city the gazetteer does not know; lists one with 5, with no band from 5 budgets', async () => {
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
    // Five budgets give no band (ten people's do).
    expect(answer[0]).toMatchObject({ city: 'Tacoma', country: 'US', searches: 5, farmers: 5, budget: null, systems: [], spaceTypes: [{ spaceType: 'rooftop', searches: 5 }] });

    // Two more people search Spokane: listed (7 searches, 5 people: shown as 5, the systems and types in people).
    await save([3, 4], 'city=Spokane&country=US&spaceType=basement&system=microgreens_racks');
    const spokane = (await cities()).find((c) => c.city === 'Spokane');
    expect(spokane).toMatchObject({ searches: 5, farmers: 5, budget: null, spaceTypes: [{ spaceType: 'basement', searches: 5 }], systems: [{ system: 'microgreens_racks', searches: 5 }] });
  });

  it('gives a budget band from ten people, the lowest and the highest left out, on the ladder', async () => {
    // Tacoma has five people's budgets from the test above: $900 (four) and $1,100.
    await save([5, 6, 7, 8, 9], 'city=Tacoma&country=US&spaceType=rooftop&maxPrice=1500');
    expect((await cities()).find((c) => c.city === 'Tacoma')).toMatchObject({ farmers: 10, budget: { p25: 1000, median: 1500, p75: 1500 } });
  });

  it('counts a place search in the city of its centre (not the district nearest its cell); an unsubscribed search drops the city below 5', async () => {
    // 2950159: Berlin's place id (the location box's `near`).
    const ids = await save([0, 1, 2, 3, 4], 'near=2950159&radiusKm=25&spaceType=warehouse');
    const berlin = (await cities()).find((c) => c.city === 'Berlin');
    expect(berlin).toMatchObject({ country: 'DE', searches: 5, farmers: 5, spaceTypes: [{ spaceType: 'warehouse', searches: 5 }] });

    await t.db.execute(sql`update saved_searches set unsubscribed_at = now() where id = ${ids[0]!}`);
    expect((await cities()).map((c) => c.city)).not.toContain('Berlin');
  });

  it('keeps its answer across listing changes; a new search turns it stale: answered once more while it refreshes', async () => {
    const seattle = async () => {
      const res = await t.request('/api/demand/cities');
      return (res.json as DemandCitiesAnswer).cities.find((c) => c.city === 'Seattle')?.searches;
    };
    await save([0, 1, 2, 3, 4, 5, 6, 7, 8], 'city=Seattle&country=US');
    await cities();
    expect((await t.request('/api/spaces')).status).toBe(200);
    expect(t.context.publicCache.size).toBe(2);
    const loads = t.context.publicCache.loads;
    expect(await seattle()).toBe(5);
    // A listing published: the database notifies, the listing answers go, this one stays.
    await insertSpaces(t.db, [spaceRow(farmerIds[0]!, NOW)]);
    await expect.poll(() => t.context.publicCache.size).toBe(1);
    expect(await seattle()).toBe(5);
    expect(t.context.publicCache.loads).toBe(loads);
    // A tenth person saves a search: the database notifies; the cached answer once more, then the new count.
    await save([9], 'city=Seattle&country=US');
    await expect.poll(seattle).toBe(10);
    expect(t.context.publicCache.loads).toBe(loads + 1);
  });

  it('fills its DEMAND_CITIES_MAX places with cities it can show: more searched invented names do not push them out', async () => {
    // Each Tacoma search copied to DEMAND_CITIES_MAX + 1 invented cities, twice (a farmer keeps at most 20 searches).
    await t.db.execute(sql`insert into saved_searches (user_id, name, query, city_key, country_key, unsubscribe_token)
      select s.user_id, s.name, s.query, 'nowhere ' || g, s.country_key, md5(random()::text || s.id || g || copy)
      from saved_searches s, generate_series(0, ${DEMAND_CITIES_MAX}) g, generate_series(1, 2) copy where s.city_key = 'tacoma'`);
    const listed = (await cities()).map((c) => c.city);
    expect(listed).toContain('Tacoma');
    expect(listed.join()).not.toMatch(/nowhere/i);
  });

  it('refuses a parameter with a message', async () => {
    const res = await t.request('/api/demand/cities?city=Tacoma');
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/city/);
  });
});
