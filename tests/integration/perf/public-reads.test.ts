// The public-read micro-cache and its headers over HTTP (issue 12 "Must show"): invalidation across
// instances within 2 s, no paused or archived listing served after invalidation, one query for 50
// concurrent identical requests, 304 without a body, compressed = uncompressed bytes, and personalised
// answers never cached nor public.
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client';
import { spaces } from '#db/schema/index';
import { expireListings } from '#api/modules/spaces/expire-listings';
import { DAY } from '#api/lib/clock';
import { insertBlogPost } from '../../fixtures/blog-posts';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { afterNotified, cacheListening, within } from '../../fixtures/caches';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { testDatabaseKind } from '../../fixtures/test-database';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

/** A raw GET: the bytes as sent (no automatic decoding) and the headers. */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(body: Buffer, encoding: string | string[] | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

describe('public-read cache', () => {
  let t: TestApp;
  let owner: TestUser;
  const now = new Date('2026-05-01T12:00:00.000Z');

  beforeAll(async () => {
    t = await startTestApp({ now });
    owner = await createSignedInUser(t);
    await insertSpaces(t.db, Array.from({ length: 30 }, () => spaceRow(owner.id, now, { city: 'Cachetown' })));
    await cacheListening(t.context.publicCache, 'public-read cache');
  });
  afterAll(async () => t.close());

  const publicIds = async (query: string) => ((await t.request(`/api/spaces?${query}`)).json as { id: number }[]).map((s) => s.id);

  it('runs one query for 50 concurrent identical anonymous requests', async () => {
    // The insert's change notification may still be on its way and clear the cache mid-batch (a second
    // load, rightly): a batch that saw a clear is asked again; one that saw none must have loaded once.
    let clears = 0;
    t.context.publicCache.onClear(() => clears++);
    for (let attempt = 1; ; attempt++) {
      const before = { loads: t.context.publicCache.loads, clears };
      const answers = await Promise.all(Array.from({ length: 50 }, () => t.request(`/api/spaces?city=Cachetown&sort=price_asc&limit=${20 + attempt}`)));
      if (clears !== before.clears && attempt < 5) continue;
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      expect(answers[0]!.json).toHaveLength(20 + attempt);
      expect(clears - before.clears).toBe(0);
      expect(t.context.publicCache.loads - before.loads).toBe(1);
      break;
    }
  });

  it('keys the cache by the normalized query: the same filters in another order share one answer', async () => {
    const before = t.context.publicCache.loads;
    await t.request('/api/spaces?city=Cachetown&amenities=power&amenities=water_access&limit=5');
    await t.request('/api/spaces?limit=5&amenities=water_access&amenities=power&city=Cachetown&maxPrice=');
    expect(t.context.publicCache.loads - before).toBe(1);
  });

  it('marks anonymous public reads public with a strong ETag and answers If-None-Match with an empty 304', async () => {
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, now, { city: 'Etagville' })]);
    await insertBlogPost(t.db);
    for (const path of ['/api/spaces?city=Etagville', `/api/spaces/${space!.id}`, '/api/blog']) {
      const first = await t.request(path);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/
      const again = await t.request(path, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('content-length') ?? '0').toBe('0');
    }
  });

  it('sends compressed and uncompressed answers that decode to the same bytes', async () => {
    const path = '/api/spaces?city=Cachetown&limit=20';
    const plain = await rawGet(t.baseUrl, path, { 'accept-encoding': 'identity' });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const sent = await rawGet(t.baseUrl, path, { 'accept-encoding': encoding });
      expect(sent.headers['content-encoding']).toBe(encoding);
      expect(sent.headers.vary).toMatch(/Accept-Encoding/i);
      expect(sent.body.length).toBeLessThan(plain.body.length / 3);
      expect(decode(sent.body, sent.headers['content-encoding']).equals(plain.body)).toBe(true);
      // Each encoding is its own representation: its own strong ETag.
      expect(sent.headers.etag).not.toBe(plain.headers.etag);
    }
    // A personalised answer goes through the compression middleware: same bytes too.
    const mine = await rawGet(t.baseUrl, '/api/spaces/my', { 'accept-encoding': 'identity', cookie: owner.cookie });
    const mineBr = await rawGet(t.baseUrl, '/api/spaces/my', { 'accept-encoding': 'br', cookie: owner.cookie });
    expect(mineBr.headers['content-encoding']).toBe('br');
    expect(decode(mineBr.body, 'br').equals(mine.body)).toBe(true);
  });

  it('never caches a personalised answer nor marks it public', async () => {
    const draft = await t.request('/api/spaces', { body: { title: 'Secret draft', description: 'Only mine', location: '1 Hidden Way', city: 'Privacy', country: 'US', size: 100, pricePerMonth: '10', spaceType: 'rooftop' }, cookie: owner.cookie });
    expect(draft.status).toBe(201);
    const id = draft.json.id as number;
    const own = await t.request(`/api/spaces/${id}`, { cookie: owner.cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    // The owner's view was not put in the cache for anyone else.
    expect((await t.request(`/api/spaces/${id}`)).status).toBe(404);
    for (const path of ['/api/spaces/my', '/api/auth/user', '/api/spaces?city=Privacy']) {
      const res = await t.request(path, { cookie: owner.cookie });
      expect(res.headers.get('cache-control'), path).toMatch(/no-store/);
      expect(res.headers.get('cache-control'), path).not.toMatch(/public/);
    }
  });

  it('never serves a paused listing from the cache after its invalidation, and the owner sees the change at once', async () => {
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, now, { city: 'Pauseburg' })]);
    await within(2_000, async () => (await t.request(`/api/spaces/${space!.id}`)).status === 200);
    expect(await publicIds('city=Pauseburg')).toEqual([space!.id]);

    const paused = await t.request(`/api/spaces/${space!.id}`, { method: 'PATCH', body: { isActive: false }, cookie: owner.cookie });
    expect(paused.status).toBe(200);
    expect((await t.request(`/api/spaces/${space!.id}`, { cookie: owner.cookie })).json.status).toBe('paused');

    await within(2_000, async () => (await t.request(`/api/spaces/${space!.id}`)).status === 404);
    for (let i = 0; i < 10; i++) {
      expect((await t.request(`/api/spaces/${space!.id}`)).status).toBe(404);
      expect(await publicIds('city=Pauseburg')).toEqual([]);
    }
  });

  it('never serves an archived (expired) listing from the cache after the expiry job', async () => {
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { city: 'Expirington', expiresAt: new Date(t.clock.now().getTime() + DAY) })]);
    await within(2_000, async () => (await publicIds('city=Expirington')).includes(space!.id));
    t.clock.advance(2 * DAY);
    await expireListings(t.db, t.clock.now());
    await within(2_000, async () => !(await publicIds('city=Expirington')).includes(space!.id));
    for (let i = 0; i < 10; i++) expect((await t.request(`/api/spaces/${space!.id}`)).status).toBe(404);
  });

  it('keeps its answers when only a draft changes (a photo uploaded to it), and clears them when a live listing does', async () => {
    const [draft] = await insertSpaces(t.db, [spaceRow(owner.id, now, { city: 'Draftville', hasListingFee: false })]);
    const [live] = await afterNotified(t.context.publicCache, () => insertSpaces(t.db, [spaceRow(owner.id, now, { city: 'Liveville' })]));
    await within(2_000, async () => (await publicIds('city=Liveville')).includes(live!.id));
    await publicIds('city=Cachetown');
    const cached = t.context.publicCache.size;
    expect(cached).toBeGreaterThan(0);
    // What a photo upload writes on its listing's row: the photos' copy and the time.
    await t.db.update(spaces).set({ photos: [], updatedAt: now }).where(eq(spaces.id, draft!.id));
    await new Promise((r) => setTimeout(r, 500));
    expect(t.context.publicCache.size).toBe(cached);
    await t.db.update(spaces).set({ photos: [], updatedAt: now }).where(eq(spaces.id, live!.id));
    await within(2_000, async () => t.context.publicCache.size === 0);
  });

  it('invalidates on a change written by any code path (the database trigger), within 2 s', async () => {
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { city: 'Triggerton', title: 'Before' })]);
    await within(2_000, async () => (await t.request(`/api/spaces/${space!.id}`)).json?.title === 'Before');
    await t.db.update(spaces).set({ title: 'After' }).where(eq(spaces.id, space!.id));
    const took = await within(2_000, async () => (await t.request(`/api/spaces/${space!.id}`)).json?.title === 'After');
    expect(took).toBeLessThan(2_000);
  });
});

// On PostgreSQL two instances (own pool, cache and LISTEN connection each) on one database; PGlite is
// single-connection, so there the "second instance" is the same one.
describe('public-read cache across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let owner: TestUser;
  const now = new Date('2026-05-01T12:00:00.000Z');
  const twoInstances = testDatabaseKind() === 'postgres';

  beforeAll(async () => {
    a = await startTestApp({ now });
    b = twoInstances ? await startTestApp({ now, database: { ...openDatabase({ databaseUrl: a.database.url!, poolSize: 3 }), url: a.database.url } }) : a;
    owner = await createSignedInUser(a);
    await Promise.all([cacheListening(a.context.publicCache, 'public-read cache'), cacheListening(b.context.publicCache, 'public-read cache')]);
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
  });
  it('shows a change made on one instance on the other within 2 s', async () => {
    const created = await a.request('/api/spaces', { body: { title: 'Two instances', description: 'd', location: '1 A St', city: 'Twinsville', country: 'US', size: 100, pricePerMonth: '10', spaceType: 'rooftop' }, cookie: owner.cookie });
    const id = created.json.id as number;
    await a.db.update(spaces).set({ hasListingFee: true, expiresAt: new Date(now.getTime() + 30 * DAY) }).where(eq(spaces.id, id));
    await within(2_000, async () => (await b.request('/api/spaces?city=Twinsville')).json.length === 1);
    // B now serves the listing from its cache; the owner pauses it through A.
    expect((await b.request(`/api/spaces/${id}`)).status).toBe(200);
    const paused = await a.request(`/api/spaces/${id}`, { method: 'PATCH', body: { isActive: false }, cookie: owner.cookie });
    expect(paused.status).toBe(200);
    const took = await within(2_000, async () => (await b.request(`/api/spaces/${id}`)).status === 404 && (await b.request('/api/spaces?city=Twinsville')).json.length === 0);
    expect(took).toBeLessThan(2_000);
  });
});
