// The running product's answers on the wire (issue 12): pages and hashed assets come precompressed by
// Accept-Encoding with Vary, decode to exactly the plain bytes, and revalidate; the browse page asks for
// its first page of cards in the HTML; a listing page answers an anonymous If-None-Match with an empty 304.
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
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

const decode = (r: Raw) => (r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body);

test('pages and scripts are sent precompressed and decode to the same bytes', async ({ baseURL }) => {
  const page = await rawGet(baseURL!, '/login', { 'accept-encoding': 'identity' });
  expect(page.status).toBe(200);
  const script = String(page.body).match(/component-url="(\/_astro\/LoginForm[^"]+)"/)?.[1];
  expect(script).toBeTruthy();
  // `/` and `/spaces` are rendered on demand (decisions 0010, 0707): their compression is the middleware's, covered elsewhere.
  for (const path of ['/login', script!, '/about']) {
    const plain = await rawGet(baseURL!, path, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
      const sent = await rawGet(baseURL!, path, { 'accept-encoding': accept });
      expect(sent.headers['content-encoding'], `${path} ${accept}`).toBe(encoding);
      expect(String(sent.headers.vary)).toMatch(/Accept-Encoding/i);
      expect(sent.body.length).toBeLessThan(plain.body.length / 2);
      expect(decode(sent).equals(plain.body)).toBe(true);
      // Revalidation of the compressed file: its own validator, and a 304 without a body.
      const again = await rawGet(baseURL!, path, { 'accept-encoding': accept, 'if-none-match': String(sent.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
  }
});

test('the browse page comes with its first page of cards, asks the API nothing at load, and shows the first picture eagerly with high priority', async ({ page }) => {
  const answer = await page.request.get('/spaces');
  const html = await answer.text();
  const first = JSON.parse((await (await page.request.get('/api/spaces?limit=12')).text()) as string) as { id: number }[];
  // The cards are in the HTML (rendered on demand, decision 0707), in the API's order.
  const served = [...html.matchAll(/data-space-card="(\d+)"/g)].map((m) => Number(m[1]));
  expect(served).toEqual(first.map((s) => s.id));
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/spaces') asked.push(new URL(r.url()).search);
  });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/spaces');
  const picture = page.locator('[data-space-card] img').first();
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('loading', 'eager');
  await expect(picture).toHaveAttribute('fetchpriority', 'high');
  await expect(page.locator('[data-space-card] img').nth(1)).toHaveAttribute('loading', 'lazy');
  // The island took the page over without asking for it again or redrawing it differently (no hydration error).
  await expect(page.locator('astro-island:has([data-testid="space-grid"])')).not.toHaveAttribute('ssr');
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
  // A filtered address comes with its own first page.
  const filtered = await (await page.request.get('/spaces?spaceType=rooftop')).text();
  const rooftops = JSON.parse(await (await page.request.get('/api/spaces?spaceType=rooftop&limit=12')).text()) as { id: number }[];
  expect([...filtered.matchAll(/data-space-card="(\d+)"/g)].map((m) => Number(m[1]))).toEqual(rooftops.map((s) => s.id));
});

test('a listing page carries a strong ETag for anonymous visitors and answers If-None-Match with an empty 304', async ({ baseURL }) => {
  const list = JSON.parse(String((await rawGet(baseURL!, '/api/spaces?limit=1')).body)) as { id: number }[];
  expect(list.length).toBe(1);
  const first = await rawGet(baseURL!, `/spaces/${list[0]!.id}`, { 'accept-encoding': 'br' });
  expect(first.status).toBe(200);
  expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
  const etag = String(first.headers.etag);
  expect(etag).toMatch(/^"[^"]+"$/);
  const again = await rawGet(baseURL!, `/spaces/${list[0]!.id}`, { 'accept-encoding': 'br', 'if-none-match': etag });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
  // Unknown listing: not cacheable.
  const missing = await rawGet(baseURL!, '/spaces/999999999');
  expect(missing.status).toBe(404);
  expect(missing.headers['cache-control']).toMatch(/no-store/);
});
