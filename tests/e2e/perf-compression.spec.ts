// The running product's answers on the wire (issue 12): pages and hashed assets come precompressed by
// Accept-Encoding with Vary, decode to exactly the plain bytes, and revalidate; the browse page asks for
// its first answer early; a listing page answers an anonymous If-None-Match with an empty 304.
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
  const page = await rawGet(baseURL!, '/spaces', { 'accept-encoding': 'identity' });
  expect(page.status).toBe(200);
  const script = String(page.body).match(/component-url="(\/_astro\/SpaceBrowser[^"]+)"/)?.[1];
  expect(script).toBeTruthy();
  // `/` is rendered on demand (decision 0010): its compression is the middleware's, covered elsewhere.
  for (const path of ['/spaces', script!, '/about']) {
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

test('the browse page asks for its first answer early, once, and shows the first picture eagerly with high priority', async ({ page }) => {
  const html = await (await page.request.get('/spaces')).text();
  // An unfiltered visit asks for the first answer before the JavaScript loads; a filtered one must not (it
  // would go unused), so a tiny inline script looks at the address first.
  expect(html).toContain("fetch('/api/spaces?limit=12'");
  expect(html).toContain('if(!location.search)');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/spaces') asked.push(new URL(r.url()).search);
  });
  await page.goto('/spaces');
  const first = page.locator('[data-space-card] img').first();
  await expect(first).toBeVisible();
  // The browse store took the early answer instead of asking again.
  expect(asked).toEqual(['?limit=12']);
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(page.locator('[data-space-card] img').nth(1)).toHaveAttribute('loading', 'lazy');
  // The page starts the first picture's download from the preloaded answer, before the island renders it.
  const src = await first.getAttribute('src');
  await expect(page.locator(`head link[rel="preload"][as="image"][href="${src}"]`)).toHaveCount(1);
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
