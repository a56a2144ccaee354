// Issue 43, item 6: every map is a named region for screen readers — the browse map ("Map of 1 space near
// Berlin, DE"), the listing's map and the form's pin picker — and axe passes on each page with its map open.
// The map component used to drop the label it was given (react-leaflet passes only id, class and style on).
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './spaces-helpers';
import { visitorFrom } from './browser';
import { signUpAndIn } from './fixtures/api';
import { serveTiles } from './map-helpers';

// Busy shared machines: a map's markers can take longer than the default 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });

test.use(visitorFrom(242));
test.describe.configure({ timeout: 120_000 });

const BERLIN_ID = 2950159;
const PHONE = { width: 390, height: 844 };

async function namedRegion(page: Page, testId: string, name: RegExp) {
  const map = page.getByTestId(testId);
  const region = map.getByRole('region', { name });
  await expect(region).toHaveCount(1);
  await expect(region).toBeVisible();
  return region;
}

test('the browse map and the listing map are named regions, axe passes with them open', async ({ page }, testInfo) => {
  await serveTiles(page);
  await page.goto(`/spaces?near=${BERLIN_ID}&place=Berlin%2C+DE&radiusKm=25&view=map`);
  const map = page.getByTestId('space-map');
  await expect(map.locator('.fs-pin')).toHaveCount(1);
  await namedRegion(page, 'space-map', /^Map of 1 space near Berlin/);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('browse-map-desktop.png') });

  await page.getByRole('button', { name: 'List', exact: true }).click();
  const id = await page.locator('[data-space-card]').first().getAttribute('data-space-card');
  await page.setViewportSize(PHONE);
  await page.goto(`/spaces/${id}`);
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  // The listing's map loads when its section scrolls into view.
  await page.getByRole('region', { name: 'Where it is' }).scrollIntoViewIfNeeded();
  await expect(page.getByTestId('space-map').locator('.fs-pin')).toHaveCount(1);
  await namedRegion(page, 'space-map', new RegExp(`^Map of ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('listing-map-phone.png') });
});

test('the pin picker is a named region, axe passes with it open', async ({ page, baseURL }, testInfo) => {
  await serveTiles(page);
  await signUpAndIn(page, baseURL!, 'Mapa');
  await page.goto('/list-space');
  await expect(page.locator('form [data-hydrated="true"]')).toBeAttached();
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Denver');
  const picker = page.getByTestId('pin-picker');
  await picker.getByRole('button', { name: 'Correct the pin on a map' }).click();
  await expect(page.getByTestId('pin-map').locator('.fs-pin-start')).toBeVisible();
  await namedRegion(page, 'pin-map', /^Map to place your space's pin/);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('pin-picker.png') });
});
