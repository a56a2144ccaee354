// The growing facts through the API: each growing filter as a property on generated data (the answer is
// exactly the public spaces that state the fact and satisfy it), bounds with messages on create and edit,
// and the kW derived from amps and phase.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Space } from '#contracts/spaces.schemas';
import { ensureDemoOwner } from '#db/seed/demo-owner';
import { insertSpaces, spaceRow, validSpaceBody } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { DAY } from '#api/lib/clock';

const START = new Date('2026-04-01T12:00:00.000Z');
type G = { minCeilingM?: number; minFloorLoadKgM2?: number; minPowerKw?: number; water?: 'tap' | 'dedicated'; access24h?: true; availableBy?: string };

function satisfies(s: Space, f: G): boolean {
  return (
    (f.minCeilingM === undefined || (s.ceilingHeightM !== null && s.ceilingHeightM >= f.minCeilingM)) &&
    (f.minFloorLoadKgM2 === undefined || (s.floorLoadKgM2 !== null && s.floorLoadKgM2 >= f.minFloorLoadKgM2)) &&
    (f.minPowerKw === undefined || (s.powerKw !== null && s.powerKw >= f.minPowerKw)) &&
    (f.water === undefined || (f.water === 'tap' ? s.water === 'tap' || s.water === 'dedicated' : s.water === 'dedicated')) &&
    (f.access24h === undefined || s.access24h === true) &&
    (f.availableBy === undefined || s.availableFrom === null || s.availableFrom <= f.availableBy)
  );
}

describe('growing filters on generated data', () => {
  let t: TestApp;
  let all: Space[];
  let publicIds: Set<number>;

  beforeAll(async () => {
    t = await startTestApp({ now: START });
    const ownerId = await ensureDemoOwner(t.db);
    const maybe = <T,>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
    const gen = fc.sample(
      fc.record({
        ceilingHeightM: maybe(fc.integer({ min: 15, max: 80 }).map((d) => d / 10)),
        floorLoadKgM2: maybe(fc.integer({ min: 50, max: 2000 })),
        powerKw: maybe(fc.integer({ min: 1, max: 400 })),
        water: maybe(fc.constantFrom('none', 'tap', 'dedicated' as const)),
        access24h: maybe(fc.boolean()),
        availableFrom: maybe(fc.integer({ min: 0, max: 120 }).map((d) => new Date(START.getTime() + d * DAY).toISOString().slice(0, 10))),
        live: fc.constantFrom(true, true, true, false),
      }),
      { numRuns: 150, seed: 10 },
    );
    const inserted = await insertSpaces(
      t.db,
      gen.map(({ live, ...g }) => spaceRow(ownerId, START, { ...g, hasListingFee: live })),
    );
    publicIds = new Set(inserted.filter((r) => r.hasListingFee).map((r) => r.id));
    all = [];
    let cursor: string | null = null;
    do {
      const res = await t.request(`/api/spaces?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...(res.json as Space[]));
      cursor = res.headers.get('x-next-cursor');
    } while (cursor);
  });
  afterAll(async () => t.close());

  const opt = <T,>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
  const filters: fc.Arbitrary<G> = fc.record({
    minCeilingM: opt(fc.integer({ min: 15, max: 80 }).map((d) => d / 10)),
    // Tenths too: the facts are whole kg/m², a filter may not be (600.5 once answered 500).
    minFloorLoadKgM2: opt(fc.integer({ min: 500, max: 20000 }).map((d) => d / 10)),
    minPowerKw: opt(fc.integer({ min: 1, max: 400 })),
    water: opt(fc.constantFrom('tap', 'dedicated' as const)),
    access24h: opt(fc.constant(true as const)),
    availableBy: opt(fc.integer({ min: 0, max: 120 }).map((d) => new Date(START.getTime() + d * DAY).toISOString().slice(0, 10))),
  });

  it('each filter, alone or combined, answers exactly the public spaces that satisfy it', async () => {
    expect(all.length).toBe(publicIds.size);
    await fc.assert(
      fc.asyncProperty(filters, async (f) => {
        const qs = new URLSearchParams(Object.entries(f).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
        const res = await t.request(`/api/spaces?${qs}&limit=100`);
        expect(res.status, res.text).toBe(200);
        const got = (res.json as Space[]).map((s) => s.id).sort((a, b) => a - b);
        const want = all.filter((s) => satisfies(s, f)).map((s) => s.id).sort((a, b) => a - b);
        expect(got).toEqual(want);
      }),
      { numRuns: 60, seed: 3 },
    );
  });

  it('refuses bad filter values with a message naming the field', async () => {
    const cases: [string, string][] = [
      ['minCeilingM=tall', 'minCeilingM: must be a number'],
      ['minCeilingM=300', 'minCeilingM: must be at most 30'],
      ['water=river', 'water: must be one of tap, dedicated'],
      ['availableBy=2026-13-01', 'availableBy: must be a date (YYYY-MM-DD)'],
      ['system=hay', 'system: must be one of microgreens_racks, nft_racks, dwc_racks, vertical_towers, raised_beds, mushrooms, aquaponics'],
    ];
    for (const [qs, message] of cases) {
      const res = await t.request(`/api/spaces?${qs}`);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(message);
    }
  });
});

describe('growing facts on create and edit', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ now: START });
    owner = await createSignedInUser(t);
  });
  afterAll(async () => t.close());

  it('stores the facts in SI units, derives kW from amps and phase, and clears a fact with null', async () => {
    const res = await t.request('/api/spaces', {
      method: 'POST',
      cookie: owner.cookie,
      body: validSpaceBody({ ceilingHeightM: 3.6, floorLoadKgM2: 750, powerAmps: 200, powerPhase: 'three', water: 'dedicated', floorDrain: true, access24h: true, goodsAccess: ['loading_dock', 'loading_dock'], minLeaseMonths: 12, availableFrom: '2026-05-01', foodSafetyStatus: '<b>Zoned</b> light industrial' }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ ceilingHeightM: 3.6, floorLoadKgM2: 750, powerAmps: 200, powerPhase: 'three', powerKw: 72.05, water: 'dedicated', floorDrain: true, access24h: true, goodsAccess: ['loading_dock'], minLeaseMonths: 12, availableFrom: '2026-05-01', sunHours: null, foodSafetyStatus: 'Zoned light industrial' });
    const edit = await t.request(`/api/spaces/${res.json.id}`, { method: 'PATCH', cookie: owner.cookie, body: { ceilingHeightM: null, powerKw: 30 } });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.json).toMatchObject({ ceilingHeightM: null, powerKw: 30, floorLoadKgM2: 750 });
  });

  it('refuses out-of-bounds facts with a message, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ceilingHeightM: 300 }, 'ceilingHeightM: Ceiling height must be at most 30 m'],
      [{ floorLoadKgM2: 10 }, 'floorLoadKgM2: Floor load must be at least 50 kg/m²'],
      [{ powerKw: -1 }, 'powerKw: Power available must be at least 0.1 kW'],
      [{ sunHours: 30 }, 'sunHours: Direct sun must be at most 16 hours a day'],
      [{ goodsAccess: ['helipad'] }, 'goodsAccess.0: Goods access must be among ground_floor, freight_elevator, loading_dock'],
    ];
    const before = (await t.request('/api/spaces/my', { cookie: owner.cookie })).json.length;
    for (const [fields, message] of cases) {
      const res = await t.request('/api/spaces', { method: 'POST', cookie: owner.cookie, body: validSpaceBody(fields) });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect((await t.request('/api/spaces/my', { cookie: owner.cookie })).json.length).toBe(before);
  });
});
