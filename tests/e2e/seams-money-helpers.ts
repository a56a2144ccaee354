// Helpers of the seams-money specs (issue 25 items 3, 6, 7, 21, 23): a draft listing made through the API
// the way the form makes it, and screenshots kept for a person to look at (only when SCREENS names a folder).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** An unpaid draft of the signed-in owner of `request`; `fields` override the defaults (same shape as POST /api/spaces). */
export async function draftSpace(request: APIRequestContext, baseURL: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await request.post('/api/spaces', {
    headers: { origin: baseURL },
    data: {
      title: `Seams roof ${Date.now()}`,
      description: 'A bright, flat rooftop with water access and afternoon sun.',
      location: '221 Rooftop Row',
      city: 'Portland',
      state: 'OR',
      zipCode: '97201',
      country: 'US',
      size: 1200,
      pricePerMonth: '950',
      spaceType: 'rooftop',
      amenities: ['water_access'],
      images: [],
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A screenshot under $SCREENS (e.g. /work/notes/screens/money) of the part a person looks at (or the
 *  viewport); nothing when SCREENS is unset. */
export async function screenshot(page: Page, name: string, part?: Locator): Promise<void> {
  const folder = process.env.SCREENS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${name}.png`);
  if (part) await part.screenshot({ path: file });
  else await page.screenshot({ path: file });
}

/** Busy machines (several engineers' suites at once) make a sign-up and a page several times slower. */
export const SLOW_MACHINE_TIMEOUT_MS = 90_000;
