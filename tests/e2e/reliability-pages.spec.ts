// Issue 15, items 10, 11, 12 and 16, on the running product: no CSP violation on any page (static,
// on-demand, islands) now that script-src has no 'unsafe-inline'; /_image is gone; a listing's page prints
// only PUBLIC_SITE_URL in its absolute URLs whatever Host it was asked with; a missing page's status line
// reads "404 Not Found".
import { connect } from 'node:net';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './seams-money-helpers';
import { signUpAndIn } from './spaces-helpers';
import { DEEP } from '../setup/depth';
import { settled } from './browser';

const STATIC_PAGES = [
  '/', '/how-it-works', '/about', '/contact', '/terms', '/privacy', '/disclaimer', '/blog',
  '/articles/10-cities-urban-farming-revolution', '/articles/farm-space-lease-agreement-guide',
  '/spaces', '/login', '/register', '/forgot-password', '/reset-password?token=x', '/verify-email?token=x', '/no-such-page',
];
const SIGNED_IN_PAGES = ['/dashboard', '/settings', '/list-space', '/checkout', '/receipt?id=1'];
/**
 * The quick depth's pages (tests/setup/depth.ts): one of each layout and kind — static, article, on-demand,
 * the error page, the browse island and the signed-in islands; `npm run test:deep` visits every page.
 */
const QUICK_PAGES = new Set(['/', '/blog', '/articles/farm-space-lease-agreement-guide', '/spaces', '/login', '/no-such-page', '/dashboard', '/list-space', '/settings']);
const atDepth = (paths: string[]) => (DEEP ? paths : paths.filter((path) => QUICK_PAGES.has(path)));

/** Records every CSP violation the page reports, from the first byte (event) and in the console. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(`event: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return violations;
}

/** Loads a page, shows each client:visible island, and waits until every island hydrated. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  await settled(page);
  // client:visible islands hydrate once seen: bring each into view in turn (a jump to the end skips them).
  for (const island of await page.locator('astro-island[client="visible"]').all()) await island.scrollIntoViewIfNeeded();
  // Astro removes `ssr` from an island once it hydrated: an island left with it means a blocked script.
  await expect(page.locator('astro-island[ssr]'), `${path}: islands not hydrated`).toHaveCount(0);
}

async function publicSpaceId(page: Page): Promise<number> {
  const res = await page.request.get('/api/spaces?limit=1');
  const body = (await res.json()) as Array<{ id: number }> | { spaces: Array<{ id: number }> };
  const list = Array.isArray(body) ? body : body.spaces;
  expect(list.length, 'the product seeds demonstration listings').toBeGreaterThan(0);
  return list[0]!.id;
}

test('item 11: no page reports a CSP violation, and script-src allows no inline script by itself', { tag: '@sampled' }, async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const violations = await watchCsp(page);
  const first = await page.request.get('/');
  const scriptSrc = /script-src ([^;]*)/.exec(first.headers()['content-security-policy'] ?? '')?.[1] ?? '';
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  const spaceId = await publicSpaceId(page);
  for (const path of [...atDepth(STATIC_PAGES), `/spaces/${spaceId}`]) await visit(page, path);
  // The space's own dialog island opens from the browse page too.
  await signUpAndIn(page, baseURL!);
  for (const path of [...atDepth(SIGNED_IN_PAGES), '/', `/spaces/${spaceId}`]) await visit(page, path);
  expect(violations).toEqual([]);
});

// Issue 25 item 3: visiting the form is not enough — its previews appear only once a photo is chosen, and
// they are blob: URLs that img-src refused, so owners chose cover, order and alt text blind.
test('issue 25 item 3: a photo chosen in the list-space form shows its preview, with no CSP violation', async ({ page, baseURL }) => {
  const violations = await watchCsp(page);
  await signUpAndIn(page, baseURL!);
  await visit(page, '/list-space');
  await expect(page.locator('form [data-hydrated="true"]')).toBeAttached();
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 150, b: 60 } } }).jpeg().toBuffer();
  await page.locator('[data-photo-input]').setInputFiles([{ name: 'roof.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  const preview = page.locator('[data-photo-key] img').first();
  await expect(preview).toHaveAttribute('src', /^blob:/);
  // A refused image never loads: its natural width stays 0 and the owner sees a broken-image icon.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
    await page.setViewportSize(viewport);
    await screenshot(page, `upload-preview-${viewport.width}`, page.locator('[data-photo-key]').first());
  }
  expect(violations).toEqual([]);
});

test('item 10: /_image is not served', async ({ page }) => {
  for (const path of ['/_image?href=%2Ffavicon.svg&w=4000&q=100', '/_image?href=https%3A%2F%2Fexample.com%2Fa.png&w=4000', '/_image']) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(404);
  }
});

/** One raw HTTP/1.1 exchange: the status line exactly as sent, and the body. */
function rawGet(baseURL: string, path: string, host?: string): Promise<{ statusLine: string; body: string }> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname === 'localhost' ? '127.0.0.1' : url.hostname);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve({ statusLine: data.split('\r\n')[0]!, body: data.slice(data.indexOf('\r\n\r\n') + 4) }));
    socket.on('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host ?? url.host}\r\nAccept: text/html\r\nConnection: close\r\n\r\n`);
  });
}

test('item 16: the reason phrase matches the status', async ({ baseURL }) => {
  for (const path of ['/spaces/99999', '/spaces/abc', '/articles/no-such-post', '/no-such-page']) {
    expect((await rawGet(baseURL!, path)).statusLine, path).toBe('HTTP/1.1 404 Not Found');
  }
  expect((await rawGet(baseURL!, '/about')).statusLine).toBe('HTTP/1.1 200 OK');
});

test("item 12: a listing's page builds its absolute URLs from PUBLIC_SITE_URL, not the request's Host", async ({ page, baseURL }) => {
  const spaceId = await publicSpaceId(page);
  const { statusLine, body } = await rawGet(baseURL!, `/spaces/${spaceId}`, 'attacker.example');
  expect(statusLine).toBe('HTTP/1.1 200 OK');
  const leaked = body.match(/.{0,80}attacker\.example.{0,40}/g) ?? [];
  expect(leaked, 'the page printed the Host it was asked with').toEqual([]);
  const absolute = [...body.matchAll(/(?:href|content)="(https?:\/\/[^"]+)"|"(?:url|image|@id)":\s*\[?"(https?:\/\/[^"]+)"/g)].map((m) => m[1] ?? m[2]!);
  expect(absolute.length).toBeGreaterThan(2);
  const ours = absolute.filter((u) => u.startsWith(`${baseURL}/`));
  expect(ours.length, 'canonical, og:url and og:image at least').toBeGreaterThanOrEqual(3);
  expect(body).toContain('application/ld+json');
});
