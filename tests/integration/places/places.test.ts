// Places and distance (issue 18) over HTTP on a real database (PGlite, and PostgreSQL in the postgres
// project): the autocomplete, the radius edge, distanceKm against the haversine reference, sort=distance with
// keyset paging, the map box, refused input, and positions on create/edit (gazetteer, a fake geocoder, pins).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm, type Place } from '#contracts/places';
import type { OwnSpace, Space } from '#contracts/spaces.schemas';
import { ensureDemoOwner } from '#db/seed/demo-owner';
import { insertSpaces, spaceRow, validSpaceBody } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { publishSpace } from '#api/modules/spaces/publish-space';
import { notifySavedSearches } from '#api/modules/saved-searches/saved-search-alerts';
import { destination } from '../../fixtures/geo';

const BERLIN_ID = 2950159;
// A centre with no demonstration listing for hundreds of km (Lapland), so each test sees only its own rows.
const C = { lat: 67.5, lng: 26.5 };

describe('places and distance', () => {
  let t: TestApp;
  let ownerId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    ownerId = await ensureDemoOwner(t.db);
    const now = t.clock.now();
    const at = (km: number, deg: number) => {
      const [latitude, longitude] = destination(C.lat, C.lng, km, deg);
      return { latitude, longitude, locationPrecision: 'address' as const };
    };
    const rows = await insertSpaces(t.db, [
      spaceRow(ownerId, now, { title: 'in 24.9', ...at(24.9, 90) }),
      spaceRow(ownerId, now, { title: 'out 25.1', ...at(25.1, 270) }),
      spaceRow(ownerId, now, { title: 'near 3', ...at(3, 45), spaceType: 'basement' }),
      spaceRow(ownerId, now, { title: 'mid 12', ...at(12, 200) }),
      spaceRow(ownerId, now, { title: 'far 80', ...at(80, 10) }),
      spaceRow(ownerId, now, { title: 'nowhere', latitude: null, longitude: null }),
      spaceRow(ownerId, now, { title: 'Kreuzberg', city: 'Berlin', country: 'DE', latitude: 52.501, longitude: 13.419, locationPrecision: 'address' }),
      spaceRow(ownerId, now, { title: 'Schwabing', city: 'Munich', country: 'DE', latitude: 48.159, longitude: 11.568, locationPrecision: 'address' }),
    ]);
    for (const r of rows) ids[r.title] = r.id;
  });
  afterAll(async () => t.close());

  const titles = (list: Space[]) => list.map((s) => s.title).filter((x) => x in ids);

  it('autocomplete: prefix, accent-insensitive, most populous first', async () => {
    const first = async (q: string) => ((await t.request(`/api/places?q=${encodeURIComponent(q)}&limit=5`)).json as Place[])[0];
    expect((await first('ber'))?.name).toBe('Berlin');
    expect((await first('mun'))?.name).toBe('Munich');
    expect((await first('münchen'))?.name).toBe('Munich');
    expect((await first('MUNCHEN'))?.name).toBe('Munich');
    expect((await first('sao'))?.name).toBe('São Paulo');
    expect((await first('brooklyn'))).toMatchObject({ name: 'Brooklyn', country: 'US', admin: 'NY' });
    const york = (await t.request('/api/places?q=york&limit=8')).json as Place[];
    expect(york.map((p) => p.name)).toEqual(expect.arrayContaining(['New York City', 'York']));
    const pops = york.map((p) => p.population);
    expect(pops).toEqual([...pops].sort((a, b) => b - a));
    const berlin = (await t.request('/api/places?q=Berlin&limit=1')).json as Place[];
    expect(berlin).toEqual([{ id: BERLIN_ID, name: 'Berlin', country: 'DE', latitude: 52.52437, longitude: 13.41053, population: expect.any(Number) }]);
    expect((await t.request('/api/places?q=ber&limit=3')).json).toHaveLength(3);
    expect((await t.request('/api/places?q=')).json).toEqual([]);
  });

  it('autocomplete refuses bad input with the field named', async () => {
    const long = await t.request(`/api/places?q=${'a'.repeat(10_000)}`);
    expect(long.status).toBe(400);
    expect(long.json.message).toMatch(/^q: /);
    expect((await t.request('/api/places?q=ber&limit=abc')).json.fieldErrors).toHaveProperty('limit');
    expect((await t.request('/api/places?q=ber&limit=21')).status).toBe(400);
    expect((await t.request('/api/places?q=a&q=b')).status).toBe(400);
  });

  it('radius: 24.9 km is in, 25.1 km out; distanceKm matches the haversine reference to 0.1 km', async () => {
    const res = await t.request(`/api/spaces?lat=${C.lat}&lng=${C.lng}&radiusKm=25&limit=100`);
    expect(res.status).toBe(200);
    const list = res.json as Space[];
    expect(titles(list).sort()).toEqual(['in 24.9', 'mid 12', 'near 3']);
    // The count (its own statement, decision 0904) is decided by the exact distance too: 25.1 km is not in it.
    expect(res.headers.get('x-total-count')).toBe('3');
    const rows = await t.db.query.spaces.findMany();
    for (const s of list) {
      const row = rows.find((r) => r.id === s.id)!;
      expect(Math.abs(s.distanceKm! - haversineKm(C.lat, C.lng, row.latitude!, row.longitude!))).toBeLessThan(0.1);
    }
    expect(list.find((s) => s.title === 'in 24.9')!.distanceKm).toBeCloseTo(24.9, 1);
    // With another filter, and without a radius nothing is filtered but distances are given.
    expect(titles((await t.request(`/api/spaces?lat=${C.lat}&lng=${C.lng}&radiusKm=25&spaceType=basement&limit=100`)).json)).toEqual(['near 3']);
    const all = (await t.request(`/api/spaces?lat=${C.lat}&lng=${C.lng}&limit=100`)).json as Space[];
    expect(titles(all)).toHaveLength(8);
    expect(all.find((s) => s.title === 'nowhere')!.distanceKm).toBeUndefined();
  });

  it('near=<place id> is the place as centre', async () => {
    const list = (await t.request(`/api/spaces?near=${BERLIN_ID}&radiusKm=25&limit=100`)).json as Space[];
    expect(titles(list)).toEqual(['Kreuzberg']);
    expect(list.every((s) => s.distanceKm! <= 25)).toBe(true);
    expect(list[0]!.distanceKm).toBeCloseTo(haversineKm(52.52437, 13.41053, 52.501, 13.419), 1);
  });

  it('sort=distance orders nearest first and pages by keyset without gaps or repeats', async () => {
    const seen: Space[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const res = await t.request(`/api/spaces?lat=${C.lat}&lng=${C.lng}&radiusKm=100&sort=distance&limit=2${cursor && `&cursor=${cursor}`}`);
      expect(res.status).toBe(200);
      seen.push(...(res.json as Space[]));
      cursor = res.headers.get('x-next-cursor') ?? '';
      if (!cursor) break;
    }
    expect(seen.map((s) => s.title)).toEqual(['near 3', 'mid 12', 'in 24.9', 'out 25.1', 'far 80']);
    // Without a radius, listings with no position come last.
    const unbounded = (await t.request(`/api/spaces?lat=${C.lat}&lng=${C.lng}&sort=distance&limit=100`)).json as Space[];
    const mine = titles(unbounded);
    expect(mine.slice(0, 5)).toEqual(['near 3', 'mid 12', 'in 24.9', 'out 25.1', 'far 80']);
    expect(mine.at(-1)).toBe('nowhere');
  });

  it('bbox: only listings inside the box', async () => {
    const [s1, w1] = destination(C.lat, C.lng, 20, 225);
    const [n1, e1] = destination(C.lat, C.lng, 20, 45);
    const list = (await t.request(`/api/spaces?bbox=${s1},${w1},${n1},${e1}&limit=100`)).json as Space[];
    expect(titles(list).sort()).toEqual(['mid 12', 'near 3']);
  });

  it('bad place input is a 400 naming the field, never a 5xx', async () => {
    const cases: [string, string][] = [
      ['lat=91&lng=13', 'lat'],
      ['lat=52&lng=abc', 'lng'],
      [`lat=52&lng=13&radiusKm=-1`, 'radiusKm'],
      [`lat=52&lng=13&radiusKm=100000`, 'radiusKm'],
      ['bbox=53,13,52,14', 'bbox'],
      ['bbox=50,170,55,-170', 'bbox'],
      ['bbox=1,2,3', 'bbox'],
      ['near=999999', 'near'],
      ['near=abc', 'near'],
      ['radiusKm=25', 'radiusKm'],
      ['lat=52', 'lng'],
      ['sort=distance', 'sort'],
      [`near=${BERLIN_ID}&lat=52&lng=13`, 'near'],
      [`lat=52&lng=13&sort=distance&cursor=${Buffer.from('distance|abc|1').toString('base64url')}`, 'cursor'],
    ];
    for (const [qs, field] of cases) {
      const res = await t.request(`/api/spaces?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.json.message, qs).toMatch(new RegExp(`^${field}: `));
    }
  });

  describe('the grid cells of the index never decide: the exact distance does', () => {
    let g: TestApp;
    const made: Record<string, { lat: number; lng: number }> = {};
    // Centres on cell corners and edges (0.1° cells), one across ±180° and one near a pole (no longitude
    // bounds), and one radius large enough that whole latitude rows are read instead of listed cells.
    const CENTRES: Record<string, { lat: number; lng: number; radiusKm: number }> = {
      corner: { lat: -45.1, lng: -69.9, radiusKm: 25 },
      edge: { lat: -40.05, lng: -65.3, radiusKm: 5 },
      antimeridian: { lat: -17.0, lng: 179.95, radiusKm: 25 },
      polar: { lat: 89.9, lng: 10, radiusKm: 25 },
      wide: { lat: -30.5, lng: -60.5, radiusKm: 300 },
    };
    const DIRECTIONS = Array.from({ length: 16 }, (_, i) => i * 22.5);

    beforeAll(async () => {
      g = await startTestApp();
      const owner = await ensureDemoOwner(g.db);
      const now = g.clock.now();
      const rows = [];
      for (const [name, c] of Object.entries(CENTRES))
        for (const deg of DIRECTIONS)
          for (const [label, km] of [['in', c.radiusKm - 0.1], ['out', c.radiusKm + 0.1]] as const) {
            const [lat, lng] = destination(c.lat, c.lng, km, deg);
            const title = `${name} ${label} ${deg}`;
            made[title] = { lat, lng };
            rows.push(spaceRow(owner, now, { title, latitude: lat, longitude: lng, locationPrecision: 'address' }));
          }
      await insertSpaces(g.db, rows);
    });
    afterAll(async () => g.close());

    for (const [name, c] of Object.entries(CENTRES))
      it(`${name}: every listing 0.1 km inside the circle is found in all 16 directions, none 0.1 km outside`, async () => {
        const found: string[] = [];
        let cursor = '';
        do {
          const res = await g.request(`/api/spaces?lat=${c.lat}&lng=${c.lng}&radiusKm=${c.radiusKm}&sort=distance&limit=50${cursor && `&cursor=${cursor}`}`);
          expect(res.status).toBe(200);
          // The first page's count holds the 16 inside and none of the 16 just outside, in the same cells.
          if (!cursor) expect(res.headers.get('x-total-count')).toBe('16');
          found.push(...(res.json as Space[]).map((s) => s.title));
          cursor = res.headers.get('x-next-cursor') ?? '';
        } while (cursor);
        const mine = found.filter((title) => title.startsWith(`${name} `));
        expect(mine.sort()).toEqual(DIRECTIONS.map((deg) => `${name} in ${deg}`).sort());
        // No other centre's listing comes with them (the centres are far apart).
        expect(found.filter((title) => title in made && !title.startsWith(`${name} `))).toEqual([]);
        // The same box as a map area: every listing inside it is found, across cells.
        if (name === 'corner') {
          const bbox = [c.lat - 0.3, c.lng - 0.4, c.lat + 0.3, c.lng + 0.4];
          const inBox = Object.entries(made)
            .filter(([, p]) => p.lat >= bbox[0]! && p.lat <= bbox[2]! && p.lng >= bbox[1]! && p.lng <= bbox[3]!)
            .map(([title]) => title);
          const listed = ((await g.request(`/api/spaces?bbox=${bbox.join(',')}&limit=100`)).json as Space[]).map((s) => s.title);
          expect(listed.sort()).toEqual(inBox.sort());
        }
      });
    it('a radius with more than a page of matches (the page may walk its sort order) answers as a sparse one does', async () => {
      // 1,017 listings within 10 km and 113 at 10.5 km among them (every tenth), one second apart: the count is
      // capped, the page is the newest within the radius, and the cursor pages (which probe the cells)
      // continue it without gaps.
      const centre = { lat: -35.05, lng: -58.05 };
      const owner = await ensureDemoOwner(g.db);
      const base = g.clock.now().getTime();
      const outside = (i: number) => i % 10 === 9;
      const rows = Array.from({ length: 1130 }, (_, i) => {
        const [latitude, longitude] = destination(centre.lat, centre.lng, outside(i) ? 10.5 : (i % 99) / 10, (i * 37) % 360);
        return spaceRow(owner, new Date(base - i * 1000), { title: `dense ${i}`, latitude, longitude, locationPrecision: 'address', createdAt: new Date(base - i * 1000) });
      });
      const inside = rows.map((r) => r.title).filter((_, i) => !outside(i));
      await insertSpaces(g.db, rows);
      const url = `/api/spaces?lat=${centre.lat}&lng=${centre.lng}&radiusKm=10&limit=50`;
      const first = await g.request(url);
      expect(first.status).toBe(200);
      expect(first.headers.get('x-total-count')).toBe('1000');
      expect(first.headers.get('x-total-count-capped')).toBe('true');
      const seen = (first.json as Space[]).map((s) => s.title);
      expect(seen).toEqual(inside.slice(0, 50));
      let cursor = first.headers.get('x-next-cursor') ?? '';
      for (let page = 0; page < 3 && cursor; page++) {
        const next = await g.request(`${url}&cursor=${cursor}`);
        seen.push(...(next.json as Space[]).map((s) => s.title));
        cursor = next.headers.get('x-next-cursor') ?? '';
      }
      expect(seen).toEqual(inside.slice(0, 200));
    });
  });

  describe('positions on create and edit', () => {
    let owner: TestUser;
    let geocoder: Server;
    let geocoderUrl: string;
    let answer: 'hit' | 'fail' = 'hit';
    const asked: string[] = [];

    beforeAll(async () => {
      owner = await createSignedInUser(t);
      // A stand-in for a Nominatim-compatible geocoder (third-party HTTP), on this machine.
      geocoder = createServer((req, res) => {
        asked.push(req.url ?? '');
        if (answer === 'fail') return void res.writeHead(503).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ lat: '45.52636', lon: '-122.68537', display_name: 'NW Glisan St' }]));
      });
      await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
      geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => geocoder.close(() => resolve()));
    });

    it('without a geocoder the city gives the position (city precision); editing the city moves it', async () => {
      const res = await t.request('/api/spaces', { body: validSpaceBody({ city: 'Berlin', country: 'DE', state: undefined }), cookie: owner.cookie });
      expect(res.status).toBe(201);
      const created = res.json as OwnSpace;
      expect(created).toMatchObject({ latitude: 52.52437, longitude: 13.41053, locationPrecision: 'city' });
      const moved = await t.request(`/api/spaces/${created.id}`, { method: 'PATCH', body: { city: 'München' }, cookie: owner.cookie });
      expect(moved.json).toMatchObject({ latitude: 48.13743, longitude: 11.57549, locationPrecision: 'city' });
      const unknown = await t.request(`/api/spaces/${created.id}`, { method: 'PATCH', body: { city: 'Nowhereville' }, cookie: owner.cookie });
      expect(unknown.json).toMatchObject({ latitude: null, longitude: null, locationPrecision: null });
    });

    it('a pin inside the country is kept; outside it is refused unless confirmed', async () => {
      const ok = await t.request('/api/spaces', { body: validSpaceBody({ city: 'Berlin', country: 'DE', latitude: 52.5, longitude: 13.4 }), cookie: owner.cookie });
      expect(ok.json).toMatchObject({ latitude: 52.5, longitude: 13.4, locationPrecision: 'address' });
      const paris = await t.request('/api/spaces', { body: validSpaceBody({ city: 'Berlin', country: 'DE', latitude: 48.8566, longitude: 2.3522 }), cookie: owner.cookie });
      expect(paris.status).toBe(400);
      expect(paris.json.fieldErrors.latitude).toMatch(/FR, not in DE/);
      const confirmed = await t.request('/api/spaces', { body: validSpaceBody({ city: 'Berlin', country: 'DE', latitude: 48.8566, longitude: 2.3522, confirmPin: true }), cookie: owner.cookie });
      expect(confirmed.status).toBe(201);
      const half = await t.request('/api/spaces', { body: validSpaceBody({ latitude: 52.5 }), cookie: owner.cookie });
      expect(half.json.fieldErrors).toHaveProperty('longitude');
      // The public answer rounds the pin; the owner's own answer does not.
      const pinned = await t.request('/api/spaces', { body: validSpaceBody({ city: 'Berlin', country: 'DE', latitude: 52.512345, longitude: 13.401234 }), cookie: owner.cookie });
      const id = (pinned.json as OwnSpace).id;
      await publishSpace(t.db, id, 'listing_fee', t.clock.now(), { onLive: notifySavedSearches });
      expect((await t.request(`/api/spaces/${id}`)).json).toMatchObject({ latitude: 52.512, longitude: 13.401 });
      expect((await t.request(`/api/spaces/${id}`, { cookie: owner.cookie })).json).toMatchObject({ latitude: 52.512345, longitude: 13.401234 });
    });

    it('with GEOCODER_URL the address is geocoded; when it fails the gazetteer answers', async () => {
      const g = await startTestApp({ env: { GEOCODER_URL: geocoderUrl } });
      try {
        const user = await createSignedInUser(g);
        const res = await g.request('/api/spaces', { body: validSpaceBody(), cookie: user.cookie });
        expect(res.json).toMatchObject({ latitude: 45.52636, longitude: -122.68537, locationPrecision: 'address' });
        expect(asked.at(-1)).toMatch(/^\/search\?q=1200\+NW\+Glisan\+St.*countrycodes=us/);
        answer = 'fail';
        const fallback = await g.request('/api/spaces', { body: validSpaceBody(), cookie: user.cookie });
        expect(fallback.json).toMatchObject({ locationPrecision: 'city', latitude: expect.closeTo(45.52, 1) });
      } finally {
        await g.close();
      }
    });
  });
});
