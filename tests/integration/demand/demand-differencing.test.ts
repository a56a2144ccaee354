// Issue 38.1: the attacks that read one farmer out of the demand, run through the real HTTP API (decision 1603).
// - Differencing (a property): a victim saves a search with a budget, a water need, 24/7 and a growing system;
//   four accounts of the attacker save the place alone. The attacker binary-searches the price, varies the size
//   to dodge the cache, flips water, 24/7 and reads the systems. The whole transcript of answers must be the same
//   as in a world where the victim asked for none of it: the attack learns nothing. Sampled in `npm test`, whole
//   in `npm run test:deep` (tests/setup/depth.ts).
// - The cities page: a victim's budget and system among four far-off budgets are not shown.
// - A lone searcher: no key names his system, no suggestion names his water need.
// - One farmer with five searches: one person, no figures.
// - The per-place daily quota of distinct asks: a clear 429, other places and repeated asks still answered.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEWER_THAN_MIN, type DemandAnswer, type DemandCitiesAnswer } from '#contracts/demand';
import { DEMAND_CITIES_LIFETIME } from '#api/modules/demand/demand.routes';
import { createSavedSearch } from '#api/modules/saved-searches/saved-searches.service';
import { DAY } from '#api/lib/clock';
import { DEEP } from '../../setup/depth';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser } from '../../fixtures/users';

const NOW = new Date('2026-06-10T09:00:00.000Z');
/** Generated victims: a few in `npm test`, the whole depth in `test:deep`. */
const RUNS = Number(process.env.DEMAND_DIFFERENCING_RUNS ?? (DEEP ? 20 : 3));

describe('demand attacks through the HTTP API (issue 38.1)', () => {
  let t: TestApp;
  let people: number[];

  beforeAll(async () => {
    t = await startTestApp({ now: NOW });
    people = [];
    for (let i = 0; i < 12; i++) people.push((await createSignedInUser(t)).id);
  });
  afterAll(async () => t.close());

  const reset = async () => {
    await t.db.execute(sql`delete from saved_searches`);
    // A new day, past every cache entry, rate-limit window and daily quota.
    t.clock.advance(DAY + 1);
  };
  const save = (person: number, query: string) => createSavedSearch(t.db, people[person]!, { name: 'S', query }, t.clock.now());
  const ask = async (qs: string) => {
    const res = await t.request(`/api/demand?${qs}`);
    return { status: res.status, body: res.json as DemandAnswer };
  };

  /** The attack of the issue, adaptively: what the attacker sees, in order. */
  async function attack(place: string): Promise<unknown[]> {
    const seen: unknown[] = [];
    const look = async (qs: string) => {
      const r = await ask(`${place}&${qs}`);
      seen.push([qs, r.status, r.body]);
      return r;
    };
    // Binary search of the victim's budget between $1 and $100,000, with the needs the victim may have, the size
    // varied on every ask to dodge the cache.
    let low = 1;
    let high = 100_000;
    let size = 100;
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      const r = await look(`spaceType=rooftop&water=dedicated&access24h=true&pricePerMonth=${mid}&size=${(size += 7)}`);
      const matching = r.body.searches?.matching;
      if (matching !== undefined && matching !== FEWER_THAN_MIN && matching >= 5) low = mid;
      else high = mid;
    }
    // Flips: each need dropped alone, and the systems read.
    for (const qs of ['water=dedicated&access24h=true', 'access24h=true', 'water=dedicated', 'water=tap&access24h=true', '']) {
      await look(`spaceType=rooftop&pricePerMonth=1&size=${(size += 7)}${qs ? `&${qs}` : ''}`);
    }
    return seen;
  }

  it('the differencing attack (victim + four accomplices; price, water, 24/7, system) learns nothing', async () => {
    const victimArb = fc.record({
      maxPrice: fc.integer({ min: 50, max: 90_000 }),
      water: fc.constantFrom('tap', 'dedicated', undefined),
      access24h: fc.boolean(),
      system: fc.constantFrom('aquaponics', 'mushrooms', 'nft_racks', undefined),
    });
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(victimArb, async (victim) => {
        const place = 'city=Nampa&country=US';
        const world = async (victimQuery: string) => {
          await reset();
          await save(0, victimQuery);
          for (let i = 1; i <= 4; i++) await save(i, place);
          return attack(place);
        };
        const needs = [`maxPrice=${victim.maxPrice}`, victim.water && `water=${victim.water}`, victim.access24h && 'access24h=true', victim.system && `system=${victim.system}`].filter(Boolean).join('&');
        const withSecrets = await world(`${place}&${needs}`);
        const without = await world(place);
        expect(withSecrets, `victim ${needs}`).toEqual(without);
        // And so no answer holds the victim's budget or names his system.
        const answers = JSON.stringify(withSecrets.map((s) => (s as [string, number, DemandAnswer])[2]));
        expect(answers).not.toMatch(new RegExp(`[:\\[]${victim.maxPrice}(\\.0+)?[,}\\]]`));
        if (victim.system) expect(answers).not.toContain(victim.system);
        // Not vacuous: the five people were there to be counted.
        answered += withSecrets.filter((s) => (s as [string, number, DemandAnswer])[2].searches?.nearby === 5).length;
      }),
      { numRuns: RUNS },
    );
    expect(answered).toBeGreaterThan(0);
  }, RUNS * 60_000);

  it('the cities page: a victim at $1,337 with aquaponics among four at $100, $200, $900,000 and $950,000 shows neither', async () => {
    await reset();
    await save(0, 'city=Nampa&country=US&maxPrice=1337&system=aquaponics');
    for (const [i, price] of [100, 200, 900_000, 950_000].entries()) await save(i + 1, `city=Nampa&country=US&maxPrice=${price}`);
    t.clock.advance(DEMAND_CITIES_LIFETIME.ttlMs + DEMAND_CITIES_LIFETIME.staleMs + 1);
    const res = await t.request('/api/demand/cities');
    expect(res.status, res.text).toBe(200);
    const nampa = (res.json as DemandCitiesAnswer).cities.find((c) => c.city === 'Nampa');
    expect(nampa).toMatchObject({ farmers: 5, budget: null, systems: [] });
    expect(res.text).not.toMatch(/1337|1,337|aquaponics/);
  });

  it('a lone searcher: no key names his system, no suggestion names his water need', async () => {
    await reset();
    await save(0, 'city=Boise&country=US&spaceType=warehouse&system=aquaponics&water=dedicated&access24h=true&maxPrice=700');
    const { status, body } = await ask('city=Boise&spaceType=warehouse&country=US');
    expect(status).toBe(200);
    expect(body.searches).toEqual({ matching: FEWER_THAN_MIN, nearby: FEWER_THAN_MIN, trend30d: FEWER_THAN_MIN });
    expect(body.bySystem).toEqual([]);
    expect(body.widen).toEqual([]);
    expect(body.budget).toBeNull();
    expect(JSON.stringify(body)).not.toMatch(/aquaponics|water|24\/7|700/);
  });

  it('one farmer with five searches is one person: no figures', async () => {
    await reset();
    for (let i = 0; i < 5; i++) await save(0, `city=Boise&country=US&spaceType=warehouse&system=mushrooms&maxPrice=${1000 + i * 100}`);
    const { body } = await ask('city=Boise&spaceType=warehouse&country=US&pricePerMonth=900');
    expect(body.searches).toEqual({ matching: FEWER_THAN_MIN, nearby: FEWER_THAN_MIN, trend30d: FEWER_THAN_MIN });
    expect(body.bySystem).toEqual([]);
    expect(body.budget).toBeNull();
    expect(body.widen).toEqual([]);
  });

  it('counts people rounded down to 5; a system or suggestion of fewer than 5 people is absent; budgets need 10 people', async () => {
    await reset();
    // 7 people want mushrooms at up to $1,500, 3 want aquaponics with no budget; the same person's second search counts once.
    for (let i = 0; i < 7; i++) await save(i, 'city=Boise&country=US&spaceType=warehouse&system=mushrooms&maxPrice=1500');
    await save(0, 'city=Boise&country=US&spaceType=warehouse&system=mushrooms&maxPrice=1500');
    for (let i = 7; i < 10; i++) await save(i, 'city=Boise&country=US&spaceType=warehouse&system=aquaponics');
    const cheap = (await ask('city=Boise&country=US&spaceType=warehouse&pricePerMonth=1000')).body;
    expect(cheap.searches).toEqual({ matching: 10, nearby: 10, trend30d: 10 });
    expect(cheap.bySystem).toEqual([{ system: 'mushrooms', searches: 5 }]);
    // 7 budgets: no band.
    expect(cheap.budget).toBeNull();
    // Above every budget: the price that gains most, from the budgets; 7 people, shown as 5.
    const dear = (await ask('city=Boise&country=US&spaceType=warehouse&pricePerMonth=5000')).body;
    expect(dear.searches.matching).toBe(FEWER_THAN_MIN);
    expect(dear.widen).toEqual([{ change: 'a price at or below $1,500', extraSearches: 5 }]);
    // Five more people budget $3,000: 12 budgets give a band, the extremes trimmed.
    for (let i = 7; i < 12; i++) await save(i, 'city=Boise&country=US&spaceType=warehouse&maxPrice=3000');
    t.clock.advance(DAY + 1);
    const band = (await ask('city=Boise&country=US&spaceType=warehouse&pricePerMonth=1000')).body;
    expect(band.budget).toMatchObject({ currency: 'USD', basis: 'matching' });
    expect(band.budget!.p25).toBeLessThanOrEqual(band.budget!.median);
  });

  it('near-identical asks are the same ask: the price and size are snapped before they are evaluated', async () => {
    await reset();
    for (let i = 0; i < 6; i++) await save(i, 'city=Boise&country=US&spaceType=warehouse&maxPrice=2345');
    const a = (await ask('city=Boise&country=US&spaceType=warehouse&pricePerMonth=2301&size=1010')).body;
    const b = (await ask('city=Boise&country=US&spaceType=warehouse&pricePerMonth=2399&size=1030')).body;
    expect(a).toEqual(b);
  });

  it('a per-place daily quota of distinct asks: beyond it a clear 429; a repeated ask and another place are still answered', async () => {
    await reset();
    const statuses: number[] = [];
    let last = '';
    for (const price of [10, 20, 50, 100, 200, 500, 1000, 2000]) {
      for (const size of [10, 20, 50, 100, 200, 500, 1000]) {
        if (statuses.includes(429)) break;
        const r = await t.request(`/api/demand?city=Boise&country=US&spaceType=warehouse&pricePerMonth=${price}&size=${size}`);
        statuses.push(r.status);
        if (r.status === 429) last = r.json.message;
      }
    }
    expect(statuses).toContain(429);
    expect(last).toMatch(/this place/i);
    // The first ask again: already asked today, answered.
    expect((await t.request('/api/demand?city=Boise&country=US&spaceType=warehouse&pricePerMonth=10&size=10')).status).toBe(200);
    expect((await t.request('/api/demand?city=Nampa&country=US&spaceType=warehouse&pricePerMonth=10&size=10')).status).toBe(200);
  });
});
