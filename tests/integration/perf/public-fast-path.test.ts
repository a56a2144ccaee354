// The public-read fast path (docs/decisions/0705): a cache hit answered before Express carries exactly the
// bytes and headers the full path sends for the same request (only X-Request-Id and Date differ), writes
// its request log line, and is never used when the answer could differ: after a change, after the
// cache's freshness ends, with the cache off, for another Host (421 in production), with a cookie (session
// hint, personal answers), with If-None-Match (304) or with a body.
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { afterNotified, cacheListening } from '../../fixtures/caches';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser } from '../../fixtures/users';

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; rawNames: string[]; body: Buffer };

/** A raw request: the bytes as sent (no decoding), the headers and their names as spelled on the wire. */
function raw(base: string, path: string, headers: Record<string, string> = {}, init: { method?: string; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { method: init.method ?? 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, rawNames: res.rawHeaders.filter((_, i) => i % 2 === 0), body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

function decode(r: Raw): string {
  const encoding = r.headers['content-encoding'];
  return (encoding === 'br' ? brotliDecompressSync(r.body) : encoding === 'gzip' ? gunzipSync(r.body) : r.body).toString();
}

/** Every header but the per-request ones, in the order sent. */
function comparable(r: Raw) {
  return r.rawNames.filter((n) => !['x-request-id', 'date'].includes(n.toLowerCase())).map((n) => [n, r.headers[n.toLowerCase()]]);
}

describe('public-read fast path', () => {
  let t: TestApp;
  const now = new Date('2026-05-01T12:00:00.000Z');
  let path: string;

  beforeAll(async () => {
    t = await startTestApp({ now });
    const owner = await createSignedInUser(t);
    await cacheListening(t.context.publicCache, 'public-read cache');
    await afterNotified(t.context.publicCache, () => insertSpaces(t.db, Array.from({ length: 20 }, () => spaceRow(owner.id, now, { city: 'Fastville' }))));
    path = '/api/spaces?city=Fastville&sort=price_asc';
  });
  afterAll(async () => t.close());

  const fast = () => t.context.fastPath!.served;

  /** The full path's answer (a cache hit), then the fast path's answer to the same request. */
  async function bothPaths(headers: Record<string, string>, url = path) {
    t.context.publicCache.clear();
    await raw(t.baseUrl, url, headers); // loads
    const before = fast();
    const full = await raw(t.baseUrl, url, headers); // a cache hit through Express: remembered
    expect(fast()).toBe(before);
    const quick = await raw(t.baseUrl, url, headers);
    expect(fast()).toBe(before + 1);
    return { full, quick };
  }

  for (const acceptEncoding of ['br, gzip', 'gzip', 'identity', undefined]) {
    it(`answers with the full path's headers and bytes (Accept-Encoding: ${acceptEncoding ?? 'none'})`, async () => {
      const { full, quick } = await bothPaths(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
      expect(quick.status).toBe(200);
      expect(comparable(quick)).toEqual(comparable(full));
      expect(quick.body.equals(full.body)).toBe(true);
      expect(JSON.parse(decode(quick))).toHaveLength(20);
      // The security headers the reliability suite checks are among them.
      expect(quick.headers['content-security-policy']).toContain("default-src 'self'");
      expect(quick.headers['x-content-type-options']).toBe('nosniff');
      expect(quick.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
      expect(quick.headers.vary).toContain('Accept-Encoding');
      expect(quick.headers.etag).toBe(full.headers.etag);
      expect(quick.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(quick.headers['x-request-id']).not.toBe(full.headers['x-request-id']);
    });
  }

  it('writes the request log line with its own request id', async () => {
    const { quick } = await bothPaths({ 'accept-encoding': 'gzip' });
    const id = quick.headers['x-request-id'] as string;
    await new Promise((r) => setTimeout(r, 20));
    const line = t.logs.map((l) => JSON.parse(l) as { msg: string; req?: { id: string; url: string; method: string }; res?: { statusCode: number } }).find((l) => l.req?.id === id);
    expect(line).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: path }, res: { statusCode: 200 } });
  });

  it('goes back to the full path as soon as a listing changes', async () => {
    await bothPaths({});
    await afterNotified(t.context.publicCache, () => t.db.execute(sql`update spaces set title = 'Changed by a write' where id = (select min(id) from spaces where city = 'Fastville')`));
    const until = Date.now() + 2_000;
    let titles: string[] = [];
    while (Date.now() < until) {
      titles = (JSON.parse(decode(await raw(t.baseUrl, path))) as { title: string }[]).map((s) => s.title);
      if (titles.includes('Changed by a write')) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(titles).toContain('Changed by a write');
  });

  it('stops once the cached answer is no longer fresh by the app clock', async () => {
    await bothPaths({});
    t.clock.advance(6_000);
    try {
      const before = fast();
      expect((await raw(t.baseUrl, path)).status).toBe(200);
      expect(fast()).toBe(before);
    } finally {
      t.context.publicCache.clear();
    }
  });

  it('is not used while the cache is off', async () => {
    await bothPaths({});
    t.context.publicCache.setListening(false);
    try {
      const before = fast();
      await raw(t.baseUrl, path);
      await raw(t.baseUrl, path);
      expect(fast()).toBe(before);
    } finally {
      t.context.publicCache.setListening(true);
    }
  });

  it('leaves conditional requests, cookies and bodies to the full path', async () => {
    const { full } = await bothPaths({});
    const before = fast();
    const conditional = await raw(t.baseUrl, path, { 'if-none-match': full.headers.etag as string });
    expect(conditional.status).toBe(304);
    expect(conditional.body).toHaveLength(0);
    // A stale session hint without a session: the full path clears it.
    const hinted = await raw(t.baseUrl, path, { cookie: 'fs_signed_in=1' });
    expect(hinted.status).toBe(200);
    await raw(t.baseUrl, path, { 'content-type': 'application/json', 'content-length': '7' }, { body: '{"a":1}' });
    expect(fast()).toBe(before);
  });

  it('replays the place search once sent, whatever the listing cache does; refusals and 304s stay with the full path', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const url = '/api/places?q=mun&limit=3';
    const before = fast();
    const full = await raw(t.baseUrl, url, headers);
    expect(fast()).toBe(before);
    expect(full.status).toBe(200);
    expect(full.headers['cache-control']).toBe('public, max-age=86400');
    expect(full.headers.etag).toBeTruthy();
    const quick = await raw(t.baseUrl, url, headers);
    expect(fast()).toBe(before + 1);
    expect(comparable(quick)).toEqual(comparable(full));
    expect(quick.body.equals(full.body)).toBe(true);
    expect((JSON.parse(decode(quick)) as { name: string }[])[0]!.name).toBe('Munich');
    // The gazetteer does not change with listings: a clear of the listing cache (a write) keeps it.
    t.context.publicCache.clear();
    await raw(t.baseUrl, url, headers);
    expect(fast()).toBe(before + 2);
    // A refusal is decided by the full path every time; so is a conditional request (304).
    for (let i = 0; i < 2; i++) {
      const refused = await raw(t.baseUrl, `/api/places?q=${'a'.repeat(200)}`);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body.toString()).message).toMatch(/^q: /);
    }
    const conditional = await raw(t.baseUrl, url, { ...headers, 'if-none-match': full.headers.etag as string });
    expect(conditional.status).toBe(304);
    expect(fast()).toBe(before + 2);
  });

  it('only replays an answer to the same URL as sent', async () => {
    await bothPaths({});
    const before = fast();
    // Same parsed query, other raw URL: answered by the full path (same cache entry), not replayed.
    expect((await raw(t.baseUrl, '/api/spaces?sort=price_asc&city=Fastville')).status).toBe(200);
    expect(fast()).toBe(before);
  });
});

describe('public-read fast path in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'f'.repeat(40) } });
    await cacheListening(t.context.publicCache, 'public-read cache');
  });
  afterAll(async () => t.close());

  it('never answers for a host name the full path refuses (421)', async () => {
    const host = new URL(t.baseUrl).host;
    for (let i = 0; i < 3; i++) expect((await raw(t.baseUrl, '/api/spaces?limit=3', { host })).status).toBe(200);
    const served = t.context.fastPath!.served;
    expect(served).toBeGreaterThan(0);
    const foreign = await raw(t.baseUrl, '/api/spaces?limit=3', { host: 'attacker.example' });
    expect(foreign.status).toBe(421);
    expect(t.context.fastPath!.served).toBe(served);
    expect(foreign.headers['content-security-policy']).toBeDefined();
    expect(foreign.headers['strict-transport-security']).toBeDefined();
    const again = await raw(t.baseUrl, '/api/spaces?limit=3', { host });
    expect(again.headers['strict-transport-security']).toBeDefined();
    expect(t.context.fastPath!.served).toBe(served + 1);
  });
});
