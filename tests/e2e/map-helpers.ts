// Helpers for the map's end-to-end tests: map tiles answered from a local fixture (nothing reaches the
// internet; decision 0903), and a published listing with its owner's pin at a chosen position, made
// through the API the way the listing form and the checkout page make it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { publishByTestCard } from './payments-helpers';

const TILE = readFileSync(path.join(import.meta.dirname, 'fixtures', 'map-tile.png'));

/** Answers every map tile with the fixture PNG (or with 503, to prove the markers work without tiles). */
export async function serveTiles(page: Page, ok = true): Promise<void> {
  page.on('pageerror', (error) => console.error(`page error: ${error.message}\n${error.stack}`));
  await page.route(/tile\.openstreetmap\.org/, (route) => (ok ? route.fulfill({ status: 200, contentType: 'image/png', body: TILE }) : route.fulfill({ status: 503, body: '' })));
}

/**
 * A random position in an empty stretch of Wyoming (no demonstration listing, none of the other map tests'
 * places): each test's listing sits alone in its own map box.
 */
export function lonelyPosition(): { latitude: number; longitude: number } {
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  return { latitude: round(42 + Math.random() * 2), longitude: round(-108 + Math.random() * 3) };
}

/** A map box of ±`half` degrees around a position, as the browse URL's `bbox` writes it. */
export function boxAround({ latitude, longitude }: { latitude: number; longitude: number }, half = 0.05): string {
  return [latitude - half, longitude - half, latitude + half, longitude + half].map((v) => v.toFixed(4)).join(',');
}

/** Creates and publishes (test card) a listing of the signed-in owner of `context`, pinned at `position`. */
export async function pinnedListing(context: BrowserContext, baseURL: string, title: string, position: { latitude: number; longitude: number }, city = 'Casper'): Promise<number> {
  const created = await context.request.post('/api/spaces', {
    headers: { origin: baseURL },
    data: {
      title,
      description: 'A dry, heated barn loft with water on site and room for vertical racks.',
      location: '1 Prairie Road',
      city,
      country: 'US',
      size: 1200,
      pricePerMonth: '900',
      spaceType: 'warehouse',
      amenities: [],
      images: [],
      ...position,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await publishByTestCard(context.request, baseURL, id);
  return id;
}

/** The zoom level the map shows, read from its loaded tiles' URLs (they carry it). */
export function zoomOf(map: Locator): Promise<number> {
  return map.evaluate((el) => {
    const levels = [...el.querySelectorAll<HTMLElement>('.leaflet-tile-container')].filter((c) => c.querySelector('img.leaflet-tile-loaded'));
    const top = levels.sort((a, b) => Number(b.style.zIndex) - Number(a.style.zIndex))[0];
    const src = top?.querySelector<HTMLImageElement>('img.leaflet-tile-loaded')?.src ?? '';
    return Number(/\/(\d+)\/\d+\/\d+\.png/.exec(src)?.[1] ?? NaN);
  });
}
