// The owner's numbers on a listing's first day (issue 25, item 11): the owner publishes, looks at their own
// page (not counted), a farmer looks at it (counted), and the owner's "Numbers" chart shows that one view as
// a visible mark over today's date, with a value axis — on a phone and on a desktop.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newUser, registerViaApi } from './accounts-helpers';
import { visitorFrom } from './browser';
import { publishByTestCard } from './payments-helpers';

const SHOTS = 'test-results/seams-numbers';
type Person = { context: BrowserContext; page: Page };

async function person(browser: Browser, baseURL: string, firstName: string, octet: number, viewport: { width: number; height: number }): Promise<Person> {
  const context = await browser.newContext({ baseURL, viewport, ...visitorFrom(octet) });
  await registerViaApi(context, baseURL, newUser(firstName));
  return { context, page: await context.newPage() };
}

/** "26 Nov": how the chart's date axis names a UTC day. */
const dayLabel = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test(`day one (${viewport.name}): the owner's own views are not counted, a farmer's view shows as a mark over today's date`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    mkdirSync(SHOTS, { recursive: true });
    const octet = viewport.name === 'phone' ? 91 : 93;
    const owner = await person(browser, baseURL!, 'Nora', octet, viewport);
    const farmer = await person(browser, baseURL!, 'Niko', octet + 1, viewport);
    const title = `Day-one rooftop ${randomBytes(3).toString('hex')}`;
    const created = await owner.context.request.post('/api/spaces', {
      headers: { origin: baseURL! },
      data: { title, description: 'A flat roof with a parapet and a water tap.', location: '9 Quay Street', city: 'Portland', country: 'US', size: 1200, pricePerMonth: '800', spaceType: 'rooftop', amenities: [], images: [] },
    });
    expect(created.status()).toBe(201);
    const spaceId = ((await created.json()) as { id: number }).id;
    await publishByTestCard(owner.context.request, baseURL!, spaceId);

    // The owner checks the new page twice (as owners do after publishing), then a farmer looks once.
    for (let i = 0; i < 2; i++) {
      await owner.page.goto(`/spaces/${spaceId}`);
      await expect(owner.page.getByRole('heading', { name: title })).toBeVisible();
    }
    await farmer.page.goto(`/spaces/${spaceId}`);
    await expect(farmer.page.getByRole('heading', { name: title })).toBeVisible();

    // Views reach the database at the next flush (every 5 s): wait for the farmer's, then compare.
    const pageViews = async () => ((await (await owner.context.request.get(`/api/spaces/${spaceId}/stats`)).json()) as { pageViews: number[] }).pageViews.reduce((a, b) => a + b, 0);
    await expect.poll(pageViews, { timeout: 15_000, intervals: [500] }).toBeGreaterThan(0);
    expect(await pageViews()).toBe(1);

    await owner.page.goto('/dashboard?tab=listings');
    const numbers = owner.page.locator(`[data-listing-numbers="${spaceId}"]`);
    await numbers.locator('summary').click();
    await expect(numbers).toContainText('Page views: 1');
    const chart = numbers.locator('svg[data-listing-chart]');
    await expect(chart).toBeVisible();
    // One day of life: the view is a bar of real height, not a line between two points that do not exist.
    const mark = chart.locator('rect[data-series="pageViews"]');
    await expect(mark).toHaveCount(1);
    await expect(mark).toBeVisible();
    const box = (await mark.boundingBox())!;
    expect(box.height).toBeGreaterThan(20);
    expect(box.width).toBeGreaterThan(3);
    // Axes always: today's date under the mark, and the value axis up to at least 1.
    const today = chart.locator('[data-axis="date"] text');
    await expect(today).toHaveText([dayLabel(new Date())]);
    const label = (await today.boundingBox())!;
    expect(Math.abs(label.x + label.width / 2 - (box.x + box.width / 2))).toBeLessThan(40);
    await expect(chart.locator('[data-axis="value"] text')).toContainText(['0', '1']);
    // The chart fits its card on the screen.
    const card = (await numbers.boundingBox())!;
    const drawn = (await chart.boundingBox())!;
    expect(drawn.x + drawn.width).toBeLessThanOrEqual(Math.min(card.x + card.width, viewport.width));
    // And the page with the numbers open is no wider than the screen (the screen-reader table of the days
    // stuck out: 419 px on a 390 px phone).
    const width = await owner.page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth }));
    expect(width.scrollWidth).toBeLessThanOrEqual(width.innerWidth);
    await numbers.scrollIntoViewIfNeeded();
    await owner.page.screenshot({ path: `${SHOTS}/numbers-day-one-${viewport.name}.png` });

    expect((await owner.context.request.delete(`/api/spaces/${spaceId}`, { headers: { origin: baseURL! } })).status()).toBe(204);
    await owner.context.close();
    await farmer.context.close();
  });
}

// Issue 29: the listing's numbers count the farmers whose saved searches it matches now beside those the alerts
// recorded when it was published, in people rounded down to 5 (decision 1603). Five farmers' searches wait
// before publishing; five more farmers save after.
for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test(`saved searches (${viewport.name}): the numbers show the matches now beside those when published`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    mkdirSync(SHOTS, { recursive: true });
    const octet = viewport.name === 'phone' ? 95 : 97;
    const owner = await person(browser, baseURL!, 'Nell', octet, viewport);
    const city = `Numberton ${randomBytes(3).toString('hex')}`;
    // Ten farmers, each from an address of their own (100–109 on the phone, 110–119 on the desktop).
    const farmers: Person[] = [];
    for (let i = 0; i < 10; i++) farmers.push(await person(browser, baseURL!, 'Nico', (viewport.name === 'phone' ? 100 : 110) + i, viewport));
    const save = async (i: number) => {
      const res = await farmers[i]!.context.request.post('/api/saved-searches', { headers: { origin: baseURL! }, data: { name: `Roof ${i}`, query: `city=${encodeURIComponent(city)}&spaceType=rooftop&maxPrice=1000` } });
      expect(res.status(), await res.text()).toBe(201);
    };
    for (let i = 0; i < 5; i++) await save(i);
    const created = await owner.context.request.post('/api/spaces', {
      headers: { origin: baseURL! },
      data: { title: `Wanted rooftop ${city}`, description: 'A flat roof with a parapet.', location: '3 Quay Street', city, country: 'US', size: 1200, pricePerMonth: '800', spaceType: 'rooftop', amenities: [], images: [] },
    });
    expect(created.status()).toBe(201);
    const spaceId = ((await created.json()) as { id: number }).id;
    await publishByTestCard(owner.context.request, baseURL!, spaceId);
    for (let i = 5; i < 10; i++) await save(i);

    await owner.page.goto('/dashboard?tab=listings');
    const numbers = owner.page.locator(`[data-listing-numbers="${spaceId}"]`);
    await numbers.locator('summary').click();
    const searches = numbers.locator('[data-listing-searches]');
    await expect(searches).toHaveText('Farmers whose saved searches it matches: about 10 now · about 5 when published');
    await searches.scrollIntoViewIfNeeded();
    await owner.page.screenshot({ path: `${SHOTS}/numbers-searches-${viewport.name}.png` });

    expect((await owner.context.request.delete(`/api/spaces/${spaceId}`, { headers: { origin: baseURL! } })).status()).toBe(204);
    await owner.context.close();
    await Promise.all(farmers.map((f) => f.context.close()));
  });
}
