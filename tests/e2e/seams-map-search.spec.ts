// Issue 25, item 18: searching with the map. Near Helena with Nearest first, "Search this area" keeps the place
// (the distances) and the sort; "Within" shows only while a place is chosen and reaches past 100 km (a listing
// 200 km away is found within 250 km, not within 100); the mouse wheel scrolls the page over an unfocused map
// with a hint, and zooms with Ctrl held or once the map has focus. The owner's listings are made through the API.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { destination } from '../fixtures/geo';
import { newUser, registerViaApi } from './accounts-helpers';
import { visitorFrom } from './browser';
import { pinnedListing, serveTiles, zoomOf } from './map-helpers';

/** Helena, Montana (the gazetteer's position). */
const HELENA = { latitude: 46.5927, longitude: -112.0361 };

async function listingsAroundHelena(page: Page, baseURL: string) {
  await registerViaApi(page.context(), baseURL, newUser('Hank'));
  const tag = randomBytes(3).toString('hex');
  const at = (km: number, bearing: number) => {
    const [latitude, longitude] = destination(HELENA.latitude, HELENA.longitude, km, bearing);
    return { latitude: Math.round(latitude * 1e4) / 1e4, longitude: Math.round(longitude * 1e4) / 1e4 };
  };
  const near = `Near shed ${tag}`;
  const farther = `Farther barn ${tag}`;
  const far = `Far greenhouse ${tag}`;
  await pinnedListing(page.context(), baseURL, farther, at(12, 200), 'Helena');
  await pinnedListing(page.context(), baseURL, near, at(4, 20), 'Helena');
  await pinnedListing(page.context(), baseURL, far, at(200, 80), 'Lewistown');
  await page.context().clearCookies();
  return { near, farther, far };
}

for (const [device, viewport, octet] of [
  ['desktop', { width: 1366, height: 900 }, 195],
  ['phone', { width: 390, height: 844 }, 196],
] as const) {
  test(`${device}: near Helena, Nearest first, "Search this area" keeps both; Within only with a place, up to 500 km`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport, locale: 'en-US', ...visitorFrom(octet) });
    const page = await context.newPage();
    const { near, farther, far } = await listingsAroundHelena(page, baseURL!);
    await serveTiles(page);
    await page.goto('/spaces?view=map');
    if (device === 'phone') await page.getByRole('button', { name: /^Filters/ }).click();
    const filters = page.getByRole('search', { name: 'Filter spaces' });
    // No place yet: no radius to show.
    await expect(filters.getByLabel('Within')).toHaveCount(0);
    const box = filters.getByRole('combobox', { name: 'Near a place' });
    await box.fill('Helena');
    await page.getByRole('option', { name: 'Helena, MT, US' }).click();
    const within = filters.getByLabel('Within');
    await expect(within).toHaveValue('25');
    await expect(within.locator('option')).toHaveText(['3 mi (5 km)', '6 mi (10 km)', '16 mi (25 km)', '31 mi (50 km)', '62 mi (100 km)', '155 mi (250 km)', '311 mi (500 km)']);

    // Past 100 km: the listing 200 km away is found within 250 km and not within 100.
    const card = (title: string) => page.locator('[data-space-card]', { hasText: title });
    await within.selectOption('100');
    await expect(card(near)).toBeVisible();
    await expect(card(far)).toHaveCount(0);
    await within.selectOption('250');
    await expect(page).toHaveURL(/radiusKm=250/);
    await expect(card(far)).toBeVisible();
    await within.selectOption('25');

    await page.getByLabel('Sort by').selectOption('distance');
    await expect(page).toHaveURL(/sort=distance/);
    const map = page.getByTestId('space-map');
    await expect(map.locator('.fs-pin, .marker-cluster').first()).toBeVisible();
    await map.getByRole('button', { name: 'Search this area' }).click();
    await expect(page).toHaveURL(/bbox=/);
    await expect(page).toHaveURL(/near=\d+/);
    await expect(page).toHaveURL(/sort=distance/);
    await expect(page).not.toHaveURL(/radiusKm=/);
    await expect(page.getByLabel('Sort by')).toHaveValue('distance');
    await expect(box).toHaveValue('Helena, MT, US');
    // The box replaced the radius: "Within" is gone while the map area filters, and comes back with it cleared.
    await expect(within).toHaveCount(0);
    // Nearest first: the 4 km listing before the 12 km one, each with its distance.
    const titles = page.locator('[data-space-card] h2');
    await expect(titles.filter({ hasText: near })).toHaveCount(1);
    const order = (await titles.allTextContents()).filter((t) => t.includes(near) || t.includes(farther));
    expect(order).toEqual([near, farther]);
    await expect(card(near).getByTestId('distance')).toHaveText(/^\d(\.\d)? mi away$/);
    await filters.getByRole('button', { name: 'In the map area ✕' }).click();
    await expect(within).toHaveValue('25');
    await expect(page).not.toHaveURL(/bbox=/);
    await context.close();
  });
}

test('desktop: the wheel scrolls the page over an unfocused map and shows how to zoom; Ctrl+wheel or a focused map zooms', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await serveTiles(page);
  await page.goto('/spaces?view=map');
  const map = page.getByTestId('space-map');
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await expect(page.locator('.leaflet-zoom-anim')).toHaveCount(0);
  const start = await zoomOf(map);
  const frame = (await map.boundingBox())!;
  await page.mouse.move(frame.x + frame.width - 40, frame.y + frame.height - 60);

  // Unfocused: the page scrolls, the map keeps its zoom, the hint says how to zoom.
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, 200);
  await expect(page.getByTestId('wheel-hint')).toHaveText('Use Ctrl + scroll to zoom the map');
  await expect(page.getByTestId('wheel-hint')).toHaveCSS('opacity', '1');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
  expect(await zoomOf(map)).toBe(start);

  // Ctrl + wheel zooms in (and the browser does not zoom the page).
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width - 40, box.y + box.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -300);
  await page.keyboard.up('Control');
  await expect.poll(() => zoomOf(map)).toBeGreaterThan(start);
  await expect(page.getByTestId('wheel-hint')).toHaveCSS('opacity', '0');
  await expect(page.locator('.leaflet-zoom-anim')).toHaveCount(0);

  // A click gives the map focus; then the plain wheel zooms (out) and the page stays where it is.
  const zoomed = await zoomOf(map);
  await page.mouse.click(box.x + box.width - 40, box.y + box.height / 2);
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, 300);
  await expect.poll(() => zoomOf(map)).toBeLessThan(zoomed);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});
