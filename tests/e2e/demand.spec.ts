// The demand panel of the list-space form (issue 29): as the owner types the city, the rent and a growing
// fact, the panel counts the farmers whose saved searches this listing would match (debounced; people rounded
// down to 5, decision 1603) and names the single change that would reach more. The searches are made through
// the API by ten farmers, in a city of this run's own.
import { expect, test } from '@playwright/test';
import { closeAll, originOf, person, signUpAndIn, type Person } from './fixtures/api';
import { visitorFrom } from './browser';

test.use(visitorFrom(251));
const SHOTS = process.env.DEMAND_SHOTS;
if (process.env.DEMAND_PHONE) test.use({ viewport: { width: 390, height: 844 } });

test('the demand panel updates as the owner types the city, the rent and the water', async ({ page, browser, baseURL }) => {
  const city = `Demandville ${Date.now().toString(36)}`;
  // Ten farmers (the demand counts people, not searches: decision 1603), each from an address of their own:
  // ten sign-ups before the journey starts.
  test.setTimeout(90_000);
  const farmers: Person[] = [];
  for (let i = 0; i < 10; i++) farmers.push(await person(browser, baseURL!, { octet: 60 + i, firstName: 'Fern' }));
  const save = async (farmer: Person, name: string, query: string) => {
    const res = await farmer.context.request.post('/api/saved-searches', { headers: originOf(baseURL!), data: { name, query: `city=${encodeURIComponent(city)}&spaceType=rooftop&${query}` } });
    expect(res.status(), await res.text()).toBe(201);
  };
  for (const [i, farmer] of farmers.entries()) await (i < 5 ? save(farmer, 'Cheap roof', 'maxPrice=1200') : save(farmer, 'Watered roof', 'maxPrice=2000&water=tap'));

  await signUpAndIn(page, baseURL!, 'Olu');
  await page.goto('/list-space');
  await expect(page.locator('form [data-hydrated="true"]')).toBeAttached();
  await expect(page.locator('[data-demand-panel]')).toHaveCount(0);
  await page.getByLabel('Space Type').selectOption('rooftop');
  // The first answer is held back (a slow network) to see the form while the panel counts.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/demand?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('textbox', { name: 'City' }).fill(city);
  const panel = page.locator('[data-demand-panel]');
  await expect(panel).toContainText('Counting the farmers’ saved searches…');
  // The panel's room is held from the start: its figures arriving do not move the form below it.
  const amenities = page.getByRole('group', { name: 'Amenities' });
  const before = await amenities.boundingBox();
  release();
  // No rent yet: every search sets a budget, so none matches; all ten farmers search the city.
  // The panel's chunk loads once a place is typed, then asks after the pause: give the first answer time.
  await expect(panel.locator('[data-demand-nearby]')).toHaveAttribute('data-demand-nearby', '10', { timeout: 20_000 });
  await page.unroute('**/api/demand?*');
  expect((await amenities.boundingBox())?.y).toBe(before?.y);
  await expect(panel.locator('[data-demand-matching]')).toHaveAttribute('data-demand-matching', 'fewer than 5');
  await expect(panel).toContainText('Fewer than 5 farmers are looking for a rooftop like this');

  await page.getByRole('spinbutton', { name: /Monthly Rent/ }).pressSequentially('1000');
  await expect(panel.locator('[data-demand-matching]')).toHaveAttribute('data-demand-matching', '5');
  // Five budgets are no band: the ten nearby farmers' are (the lowest and highest left out, on the ladder: $1,200 read as $1,000).
  await expect(panel).toContainText('About 5 farmers are looking for a rooftop like this within their search radius; they budget $1,000–$2,000 a month.');
  await expect(panel).toContainText('The budget range is theirs.');
  await expect(panel.locator('[data-demand-widen]')).toContainText('List water access (a tap) would reach about 5 more farmers');
  await expect(panel).not.toContainText('fewer than 5 more');
  await expect(page.locator('[data-demand-price-hint]')).toContainText('Farmers here budget $1,000–$2,000 (median $1,500)');
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/demand-price-hint.png` });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/demand-after-rent.png` });
  }

  await page.getByLabel('Water', { exact: true }).selectOption('tap');
  await expect(panel.locator('[data-demand-matching]')).toHaveAttribute('data-demand-matching', '10');
  await expect(panel.locator('[data-demand-widen]')).toHaveCount(0);
  if (SHOTS) {
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/demand-with-water.png` });
  }
  await closeAll(...farmers);
});
