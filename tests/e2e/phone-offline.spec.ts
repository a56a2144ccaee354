// Offline (issue 30): the service worker keeps an article once it is read, so it opens with the network off,
// styled; any other page then shows the offline page; and no API answer or signed-in page is ever kept, so
// none can be served from the worker's cache.
import { expect, test } from '@playwright/test';

const ARTICLE = '/articles/farm-space-lease-agreement-guide';

test('an article read once opens offline; other pages get the offline page; an API answer never comes from the cache', async ({ page, context }) => {
  await page.goto(ARTICLE);
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The worker keeps the article it was installed on once it is active (and every article read after that).
  await expect.poll(() => page.evaluate(async (path) => Boolean(await caches.match(path)), ARTICLE), { timeout: 10_000 }).toBe(true);
  // Online, API answers and pages the worker does not keep pass through it.
  expect(await page.evaluate(() => fetch('/api/health').then((r) => r.status))).toBe(200);
  await page.goto('/about');

  await context.setOffline(true);
  await page.goto(ARTICLE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  // With its styles: the stylesheet came from the worker's cache too.
  expect(await page.evaluate(() => [...document.styleSheets].filter((s) => s.href?.includes('/_astro/')).every((s) => s.cssRules.length > 0))).toBe(true);

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  expect(await page.evaluate(() => fetch('/api/health').then((r) => `answered ${r.status}`, () => 'failed'))).toBe('failed');

  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    const lists = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)));
    return lists.flat();
  });
  expect(kept).toContain(ARTICLE);
  expect(kept.filter((p) => p.startsWith('/api/') || /^\/(about|dashboard|settings|spaces)/.test(p))).toEqual([]);
  await context.setOffline(false);
});

test('installable: the manifest names the app, starts at /dashboard, standalone, with 192/512 and maskable icons; the worker is never cached long', async ({ page, request }) => {
  await page.goto('/about');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await request.get(href!);
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as { name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; purpose: string }[] };
  expect(body).toMatchObject({ name: 'FarmSpace', start_url: '/dashboard', display: 'standalone', theme_color: '#1c663c' });
  expect(body.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of body.icons) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
  expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
});
