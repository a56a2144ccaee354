// Places and the map (issue 18) in Chromium against the demonstration listings: "Ber" → Berlin, 25 km, only
// the Berlin listing with its distance; the map view; drag to Munich and "Search this area"; the autocomplete
// by keyboard alone; axe; screenshots of the map at phone and desktop sizes. Map tiles come from a local
// fixture (nothing reaches the internet); a second test makes every tile fail and the markers still work.
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './spaces-helpers';
import { visitorFrom } from './browser';
import { newUser, registerViaApi } from './accounts-helpers';
import { serveTiles, zoomOf as zoomOfMap } from './map-helpers';

test.use(visitorFrom(181));
// Axe over a page of cards and a map, and many key presses, take long on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

const BERLIN_ID = 2950159;
const MUNICH_ID = 2867714;

test('Ber → Berlin, 25 km, the map, drag to Munich, search this area', async ({ page }, testInfo) => {
  await serveTiles(page);
  await page.goto('/spaces');
  await expect(page.getByTestId('result-count')).toHaveText(/spaces? found/);
  const box = page.getByRole('combobox', { name: 'Near a place' });
  await box.fill('Ber');
  const berlin = page.getByRole('option', { name: 'Berlin, DE' });
  await expect(berlin).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await berlin.click();
  await page.getByLabel('Within').selectOption('25');
  await expect(page).toHaveURL(new RegExp(`near=${BERLIN_ID}.*radiusKm=25`));
  await expect(page.getByTestId('result-count')).toHaveText('1 space found');
  const card = page.locator('[data-space-card]');
  await expect(card).toContainText('Kreuzberg');
  await expect(card.getByTestId('distance')).toHaveText(/^\d+(\.\d)? (km|mi) away$/);

  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page).toHaveURL(/view=map/);
  const map = page.getByTestId('space-map');
  await expect(map.locator('.fs-pin')).toHaveCount(1);
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('map-desktop.png'), fullPage: false });

  // Out to zoom 5, drag Munich (4.4° south, 1.8° west of Berlin) to the middle, back in to zoom 8. The
  // zoom is read from the tiles the map shows (their URLs carry it), and each click is repeated until the
  // map is there: a click during Leaflet's zoom animation is dropped, which once left the map a level off
  // and the drag half-way to Munich.
  const zoomOf = () => zoomOfMap(map);
  const settled = () => expect(page.locator('.leaflet-zoom-anim')).toHaveCount(0);
  async function zoomTo(target: number) {
    for (let guard = 0; guard < 30; guard++) {
      await settled();
      const now = await zoomOf();
      if (now === target) return;
      await map.getByRole('button', { name: now > target ? 'Zoom out' : 'Zoom in' }).click();
      // A dropped click changes nothing: the next turn of the loop looks again and clicks again.
      await expect.poll(zoomOf, { timeout: 3000 }).not.toBe(now).catch(() => undefined);
    }
    throw new Error(`the map did not reach zoom ${target}`);
  }
  await zoomTo(5);
  const frame = (await map.boundingBox())!;
  const cx = frame.x + frame.width / 2;
  const cy = frame.y + frame.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 20, cy - 80, { steps: 5 });
  await page.mouse.move(cx + 42, cy - 158, { steps: 5 });
  // Held still before letting go, as a person placing the map does: Leaflet throws the map on (inertia) with
  // the speed of the last 50 ms of a drag, and released at speed on a busy machine the map slid past Munich
  // (the search then found 0 spaces: one fresh-clone run in four, 2026-11-26).
  await page.waitForTimeout(200);
  await page.mouse.up();
  await zoomTo(8);
  await page.getByRole('button', { name: 'Search this area' }).click();
  await expect(page).toHaveURL(/bbox=/);
  // The box replaces the radius; the place stays, for the distances (issue 25).
  await expect(page).toHaveURL(new RegExp(`near=${BERLIN_ID}`));
  await expect(page).not.toHaveURL(/radiusKm=/);
  await expect(page.getByTestId('result-count')).toHaveText('1 space found');
  await expect(page.locator('[data-space-card]')).toContainText('Munich');
  await expect(map.locator('.fs-pin')).toHaveCount(1);
});

test('the autocomplete by keyboard alone', async ({ page }) => {
  await serveTiles(page);
  await page.goto('/spaces');
  await expect(page.getByTestId('result-count')).toHaveText(/spaces? found/);
  const box = page.getByRole('combobox', { name: 'Near a place' });
  const places = page.getByRole('listbox', { name: 'Places' });
  for (let i = 0; i < 40 && !(await box.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(box).toBeFocused();
  await page.keyboard.type('münch');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(places.getByRole('option').first()).toHaveText(/^Munich/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(places.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', await places.getByRole('option').first().getAttribute('id') ?? '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`near=${MUNICH_ID}`));
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('result-count')).toHaveText('1 space found');
  await expect(page.locator('[data-space-card]')).toContainText('Munich');
  // Escape closes the list without picking.
  await box.fill('');
  await page.keyboard.type('York');
  await expect(places.getByRole('option').first()).toHaveText(/^New York City/);
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
});

test('phone: the map when every tile fails still shows markers, and the list', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await serveTiles(page, false);
  await page.goto(`/spaces?near=${BERLIN_ID}&place=Berlin%2C+DE&radiusKm=25&view=map`);
  await expect(page.getByTestId('result-count')).toHaveText('1 space found');
  const map = page.getByTestId('space-map');
  await expect(map.locator('.fs-pin')).toHaveCount(1);
  await expect(map.getByText('Map tiles could not load')).toBeVisible();
  await expect(page.locator('[data-space-card]')).toContainText('Kreuzberg');
  await page.screenshot({ path: testInfo.outputPath('map-phone.png'), fullPage: true });
  await expectNoSeriousAxeViolations(page);
});

test('a city typed as text (the home page search) offers the place: Brooklyn, York, münchen find the demo listings', async ({ page }) => {
  await serveTiles(page);
  for (const [city, title] of [['Brooklyn', 'Sunny Brooklyn Rooftop'], ['York', 'Sunny Brooklyn Rooftop'], ['münchen', 'Community Garden Plot Block in Munich']] as const) {
    await page.goto(`/spaces?city=${encodeURIComponent(city)}`);
    await expect(page.getByTestId('result-count')).toHaveText(/spaces? found/);
    await page.getByRole('button', { name: /^Show spaces within 25 km/ }).click();
    await expect(page).toHaveURL(/near=\d+/);
    await expect(page).not.toHaveURL(/city=/);
    await expect(page.locator('[data-space-card]').first()).toContainText(title);
  }
});

test("an owner corrects the pin on the form's map; a pin outside the stated country is confirmed, not silently stored", async ({ page, baseURL }, testInfo) => {
  await serveTiles(page);
  await registerViaApi(page.context(), baseURL!, newUser('Pina'));
  const title = `Courtyard greenhouse ${Date.now().toString(36)}`;
  await page.goto('/list-space');
  await page.getByLabel('Space Title').fill(title);
  await page.getByLabel('Description').fill('A glass greenhouse in a quiet courtyard, with water and power.');
  await page.getByLabel('Space Type').selectOption('greenhouse');
  await page.getByLabel('Size (sq ft)').fill('800');
  await page.getByLabel('Monthly Rent ($)').fill('650');
  await page.getByLabel('Full Address').fill('Oranienstraße 1');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Berlin');
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('DE');

  // The map opens at Berlin (the city and country typed); a click there sets the pin.
  const picker = page.getByTestId('pin-picker');
  await picker.getByRole('button', { name: 'Correct the pin on a map' }).click();
  const map = page.getByTestId('pin-map');
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Hide the map' })).toHaveAttribute('aria-expanded', 'true');
  const frame = (await map.boundingBox())!;
  await page.waitForTimeout(300); // the map's move to the city (no animation event to wait for when none runs)
  await page.mouse.click(frame.x + frame.width / 2 + 40, frame.y + frame.height / 2 - 20);
  await expect(picker).toContainText(/Your pin: 52\.\d+, 13\.\d+\./);
  await expect(map.locator('.fs-pin')).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('pin-picker.png'), fullPage: false });
  const pinText = (await picker.locator('p').first().textContent())!;
  const [, lat, lng] = /Your pin: ([\d.-]+), ([\d.-]+)\./.exec(pinText)!;

  // The owner changes the country to one the pin is not in: the API refuses, the form asks to confirm.
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('US');
  await page.getByRole('button', { name: 'Create Listing & Continue to Payment' }).click();
  const problem = picker.getByRole('alert');
  await expect(problem).toBeVisible();
  expect(((await (await page.request.get('/api/spaces/my')).json()) as { title: string }[]).some((s) => s.title === title)).toBe(false);
  await problem.getByLabel('Yes, the space is where the pin is').check();
  await page.getByRole('button', { name: 'Create Listing & Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\?spaceId=\d+/);
  const mine = (await (await page.request.get('/api/spaces/my')).json()) as { title: string; latitude: number; longitude: number; country: string }[];
  const saved = mine.find((s) => s.title === title)!;
  expect(saved.country).toBe('US');
  expect(saved.latitude).toBeCloseTo(Number(lat), 4);
  expect(saved.longitude).toBeCloseTo(Number(lng), 4);
});
