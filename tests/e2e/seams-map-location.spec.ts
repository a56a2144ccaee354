// Issue 25, item 8: one location box, with suggestions, on the home page and on /spaces. "Bozem" typed on the
// home page suggests Bozeman and Enter searches there (the owner's listing near it is found, the box on
// /spaces says where); "Xyzzyq" says there is no such place instead of listing every space as if filtered,
// from the home page and from the box on /spaces; the city as exact text stays for links (/spaces?city=).
// On a desktop and on a phone (where the filters fold away behind "Filters").
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { newUser, registerViaApi } from './accounts-helpers';
import { visitorFrom } from './browser';
import { pinnedListing } from './map-helpers';

const SCREENS = process.env.SCREENS_DIR;
/** Bozeman, Montana (the gazetteer's); a listing 3 km from it is the one near it in the e2e data. */
const BOZEMAN = { latitude: 45.6797, longitude: -111.0386 };

async function openFilters(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
  return page.getByRole('search', { name: 'Filter spaces' });
}

for (const [device, viewport, octet] of [
  ['desktop', { width: 1366, height: 900 }, 193],
  ['phone', { width: 390, height: 844 }, 194],
] as const) {
  test.describe(device, () => {
    test.use({ viewport, ...visitorFrom(octet) });
    const phone = device === 'phone';

    test('the home page suggests places; Enter on "Bozem" searches near Bozeman; /spaces has one location box, showing it', async ({ page, baseURL }) => {
      await registerViaApi(page.context(), baseURL!, newUser('Bea'));
      const title = `Grain store ${randomBytes(3).toString('hex')}`;
      await pinnedListing(page.context(), baseURL!, title, { latitude: BOZEMAN.latitude + 0.02, longitude: BOZEMAN.longitude + 0.02 }, 'Bozeman');
      await page.context().clearCookies();

      await page.goto('/');
      const box = page.getByRole('search').getByRole('combobox', { name: 'Near a place' });
      await box.fill('Bozem');
      const first = page.getByRole('listbox', { name: 'Places' }).getByRole('option').first();
      await expect(first).toHaveText('Bozeman, MT, US');
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/spaces\?.*near=\d+/);
      await expect(page).toHaveURL(/radiusKm=25/);
      await expect(page.locator('[data-space-card]', { hasText: title })).toBeVisible();
      await expect(page.locator('[data-space-card]', { hasText: title }).getByTestId('distance')).toHaveText(/away$/);

      const filters = await openFilters(page, phone);
      await expect(filters.getByRole('combobox', { name: 'Near a place' })).toHaveValue('Bozeman, MT, US');
      // One location box: no second, exact-text city field beside it.
      await expect(filters.getByLabel('City', { exact: true })).toHaveCount(0);
    });

    test('"Xyzzyq" is no place: said so from the home page and from the box on /spaces, and nothing is listed as if filtered', async ({ page }) => {
      await page.goto('/');
      const home = page.getByRole('search').getByRole('combobox', { name: 'Near a place' });
      await home.fill('Xyzzyq');
      await home.press('Enter');
      await expect(page).toHaveURL(/\/spaces\?place=Xyzzyq$/);
      const unknown = page.getByRole('alert').filter({ hasText: 'No place called “Xyzzyq”' });
      await expect(unknown).toBeVisible();
      await expect(page.locator('[data-space-card]')).toHaveCount(0);
      await expect(page.getByTestId('result-count')).toHaveText('');
      if (SCREENS) await page.screenshot({ path: `${SCREENS}/no-place-called-${device}.png` });

      // Back to everything, then the same from the box on /spaces: the text stays in the box to correct.
      await unknown.getByRole('button', { name: 'Show spaces everywhere' }).click();
      await expect(page).toHaveURL(/\/spaces$/);
      await expect(page.getByTestId('result-count')).toHaveText(/^\d+ spaces? found$/);
      const filters = await openFilters(page, phone);
      const box = filters.getByRole('combobox', { name: 'Near a place' });
      await box.fill('Xyzzyq');
      await box.press('Enter');
      await expect(unknown).toBeVisible();
      await expect(box).toHaveValue('Xyzzyq');
      await expect(page.locator('[data-space-card]')).toHaveCount(0);
      // A real place typed and entered before its suggestions arrive is found all the same.
      await box.fill('Bozeman');
      await box.press('Enter');
      await expect(page).toHaveURL(/near=\d+.*radiusKm=25/);
      await expect(box).toHaveValue('Bozeman, MT, US');
      await expect(unknown).toBeHidden();
    });
  });
}

test('the city as exact text is kept for links: /spaces?city= filters by it and shows it, removable', async ({ page }) => {
  await page.goto('/spaces?city=Berlin');
  await expect(page.getByTestId('result-count')).toHaveText(/^[1-9]\d* spaces? found$/);
  for (const text of await page.locator('[data-space-card]').allTextContents()) expect(text).toContain('Berlin');
  await expect(page.getByRole('searchbox', { name: 'City' })).toHaveValue('Berlin');
  await page.getByRole('button', { name: 'Remove the city filter' }).click();
  await expect(page).toHaveURL(/\/spaces$/);
});
