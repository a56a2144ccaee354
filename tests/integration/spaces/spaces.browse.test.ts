// GET /api/spaces on generated data: every filter as a property (the answer is exactly the public spaces
// that satisfy every filter given, in order), keyset pages without duplicates or gaps while rows are
// inserted, and query validation that names the field.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMENITY_IDS } from '#contracts/amenities';
import { COUNTRIES, SPACE_TYPES } from '#contracts/constants';
import type { Space } from '#contracts/spaces.schemas';
import { ensureDemoOwner } from '#db/seed/demo-owner';
import { insertSpaces, spaceRow, type SpaceInsert } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { DAY, MINUTE } from '#api/lib/clock';

const START = new Date('2026-03-01T12:00:00.000Z');
const CITIES = ['Portland', 'Berlin', 'Tokyo', 'São Paulo'];

type Filters = { city?: string; minSize?: number; maxSize?: number; maxPrice?: number; spaceType?: string; country?: string; amenities: string[] };

function queryString(f: Filters, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  if (f.city !== undefined) p.set('city', f.city);
  if (f.minSize !== undefined) p.set('minSize', String(f.minSize));
  if (f.maxSize !== undefined) p.set('maxSize', String(f.maxSize));
  if (f.maxPrice !== undefined) p.set('maxPrice', String(f.maxPrice));
  if (f.spaceType) p.set('spaceType', f.spaceType);
  if (f.country) p.set('country', f.country);
  for (const a of f.amenities) p.append('amenities', a);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  return p.toString();
}

function satisfies(s: Space, f: Filters): boolean {
  return (
    (f.city === undefined || s.city.toLowerCase() === f.city.toLowerCase()) &&
    (f.minSize === undefined || s.size >= f.minSize) &&
    (f.maxSize === undefined || s.size <= f.maxSize) &&
    (f.maxPrice === undefined || Number(s.pricePerMonth) <= f.maxPrice) &&
    (!f.spaceType || s.spaceType === f.spaceType) &&
    (!f.country || s.country === f.country) &&
    f.amenities.every((a) => s.amenities.includes(a))
  );
}

describe('GET /api/spaces on generated data', () => {
  let t: TestApp;
  let ownerId: number;
  let rows: SpaceInsert[];
  let publicIds: Set<number>;

  const rowArb = fc.record({
    city: fc.constantFrom(...CITIES),
    cityCase: fc.constantFrom('same', 'upper', 'lower'),
    country: fc.constantFrom(...COUNTRIES),
    spaceType: fc.constantFrom(...SPACE_TYPES),
    size: fc.integer({ min: 1, max: 5000 }),
    cents: fc.integer({ min: 100, max: 500_000 }),
    amenities: fc.subarray([...AMENITY_IDS], { maxLength: 5 }),
    state: fc.constantFrom('live', 'live', 'live', 'live', 'draft', 'paused', 'expired', 'demo'),
    ageMinutes: fc.integer({ min: 0, max: 10_000 }),
  });

  beforeAll(async () => {
    t = await startTestApp({ now: START });
    ownerId = await ensureDemoOwner(t.db);
    const generated = fc.sample(rowArb, { numRuns: 160, seed: 42 });
    rows = generated.map((g) => {
      const city = g.cityCase === 'upper' ? g.city.toUpperCase() : g.cityCase === 'lower' ? g.city.toLowerCase() : g.city;
      // Several rows share a timestamp, so ties are broken by id as the cursor expects.
      const createdAt = new Date(START.getTime() - Math.floor(g.ageMinutes / 7) * 7 * MINUTE);
      return spaceRow(ownerId, START, {
        city,
        country: g.country,
        spaceType: g.spaceType,
        size: g.size,
        pricePerMonth: (g.cents / 100).toFixed(2),
        amenities: g.amenities,
        createdAt,
        hasListingFee: g.state !== 'draft' && g.state !== 'demo',
        isDemoListing: g.state === 'demo',
        isActive: g.state !== 'paused',
        expiresAt: g.state === 'expired' ? new Date(START.getTime() - DAY) : new Date(START.getTime() + 10 * DAY),
      });
    });
    const inserted = await insertSpaces(t.db, rows);
    publicIds = new Set(inserted.filter((r) => r.isDemoListing || (r.hasListingFee && r.isActive && r.expiresAt > START)).map((r) => r.id));
  });
  afterAll(async () => t.close());

  async function fetchAll(qs: string, limit: number): Promise<{ spaces: Space[]; total: number }> {
    const out: Space[] = [];
    let cursor: string | null = null;
    let total = -1;
    for (let page = 0; page < 200; page++) {
      const res = await t.request(`/api/spaces?${qs}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, res.text).toBe(200);
      if (page === 0) total = Number(res.headers.get('x-total-count'));
      out.push(...(res.json as Space[]));
      cursor = res.headers.get('x-next-cursor');
      if (!cursor) break;
    }
    return { spaces: out, total };
  }

  /** A filter is given in about a third of the queries, so that combinations still match something. */
  const maybe = <T,>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: arb, weight: 1 });
  const filtersArb: fc.Arbitrary<Filters> = fc
    .record({
      city: maybe(fc.constantFrom(...CITIES, 'portland', 'TOKYO', 'Nowhere')),
      minSize: maybe(fc.integer({ min: 0, max: 5000 })),
      maxSize: maybe(fc.integer({ min: 0, max: 5000 })),
      maxPrice: maybe(fc.integer({ min: 0, max: 5000 })),
      spaceType: maybe(fc.constantFrom(...SPACE_TYPES)),
      country: maybe(fc.constantFrom(...COUNTRIES)),
      amenities: fc.oneof({ arbitrary: fc.constant<string[]>([]), weight: 2 }, { arbitrary: fc.subarray([...AMENITY_IDS], { minLength: 1, maxLength: 2 }), weight: 1 }),
    })
    .filter((f) => f.minSize === undefined || f.maxSize === undefined || f.minSize <= f.maxSize);

  it('returns only public spaces that satisfy every filter given, once each, in the requested order', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(filtersArb, fc.constantFrom('newest', 'price_asc', 'price_desc', 'size'), fc.integer({ min: 3, max: 40 }), async (filters, sort, limit) => {
        const { spaces, total } = await fetchAll(queryString(filters, { sort }), limit);
        for (const s of spaces) {
          expect(satisfies(s, filters), `space ${s.id} breaks ${JSON.stringify(filters)}`).toBe(true);
          expect(publicIds.has(s.id), `space ${s.id} is not public`).toBe(true);
        }
        if (spaces.length > 0) nonEmpty++;
        const ids = spaces.map((s) => s.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(total).toBe(spaces.length);
        const key = (s: Space) =>
          sort === 'newest' ? -Date.parse(s.createdAt) : sort === 'price_asc' ? Number(s.pricePerMonth) : sort === 'price_desc' ? -Number(s.pricePerMonth) : -s.size;
        for (let i = 1; i < spaces.length; i++) {
          const a = spaces[i - 1]!;
          const b = spaces[i]!;
          expect(key(a) < key(b) || (key(a) === key(b) && (sort === 'price_asc' ? a.id < b.id : a.id > b.id))).toBe(true);
        }
      }),
      { numRuns: 40, seed: 7 },
    );
    // The property must not hold only vacuously.
    expect(nonEmpty).toBeGreaterThan(10);
  });

  it('misses no matching public space', async () => {
    const all = await fetchAll('', 100);
    expect(new Set(all.spaces.map((s) => s.id))).toEqual(publicIds);
    await fc.assert(
      fc.asyncProperty(filtersArb, async (filters) => {
        const { spaces } = await fetchAll(queryString(filters), 100);
        const expected = all.spaces.filter((s) => satisfies(s, filters)).map((s) => s.id);
        expect(spaces.map((s) => s.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
      }),
      { numRuns: 40, seed: 11 },
    );
  });

  it('pages with no duplicate and no gap while new spaces are inserted between pages', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'size'] as const) {
      const before = await fetchAll(`sort=${sort}`, 100);
      const seen: number[] = [];
      let cursor: string | null = null;
      let i = 0;
      do {
        const res = await t.request(`/api/spaces?sort=${sort}&limit=9${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        seen.push(...res.json.map((s: Space) => s.id));
        cursor = res.headers.get('x-next-cursor');
        // Someone publishes new listings (some newest, some cheap, some large) while we page.
        t.clock.advance(MINUTE);
        await insertSpaces(t.db, [
          spaceRow(ownerId, t.clock.now(), { pricePerMonth: `${(i * 37) % 3000}.00`, size: (i * 53) % 5000, createdAt: t.clock.now() }),
        ]);
        i++;
      } while (cursor);
      expect(new Set(seen).size, `duplicates in ${sort}`).toBe(seen.length);
      const seenSet = new Set(seen);
      for (const s of before.spaces) expect(seenSet.has(s.id), `gap in ${sort}: ${s.id}`).toBe(true);
    }
  });

  it('rejects malformed numbers and unknown values with a 400 that names the field', async () => {
    const cases: [string, string, RegExp][] = [
      ['minSize=abc', 'minSize', /whole number/],
      ['maxSize=-5', 'maxSize', /whole number/],
      ['maxPrice=12abc', 'maxPrice', /number such as/],
      ['spaceType=castle', 'spaceType', /must be one of rooftop/],
      ['country=XY', 'country', /must be one of/],
      ['amenities=jacuzzi', 'amenities.0', /must be among/],
      ['sort=random', 'sort', /must be one of newest/],
      ['limit=0', 'limit', /at least 1/],
      ['limit=1000', 'limit', /at most 100/],
      ['minSize=500&maxSize=100', 'maxSize', /at least minSize/],
      ['city=a&city=b', 'city', /given once/],
      ['cursor=garbage', 'cursor', /not a valid cursor/],
    ];
    for (const [qs, field, message] of cases) {
      const res = await t.request(`/api/spaces?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.json.message, qs).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
      expect(res.json.message, qs).toMatch(message);
      expect(res.json.fieldErrors?.[field], qs).toBeDefined();
    }
  });

  it('rejects a cursor from another sort order', async () => {
    const first = await t.request('/api/spaces?limit=2&sort=newest');
    const cursor = first.headers.get('x-next-cursor')!;
    const res = await t.request(`/api/spaces?limit=2&sort=price_asc&cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/^cursor: /);
  });

  it('treats empty form fields as absent', async () => {
    const res = await t.request('/api/spaces?city=&minSize=&maxSize=&maxPrice=&spaceType=&country=&amenities=');
    expect(res.status).toBe(200);
  });
});
