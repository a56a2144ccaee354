// The public page /demand (issue 29, decisions 1602, 1603): the home page's link opens it, and a city that 5
// people search shows the searches' count, the farmers, the growing system and the space type asked for (no
// budget band from five people) — rendered on the server, with no script. The searches are saved through the API by five farmers, in a
// city no other spec searches (one per viewport: both tests share the run's database); the demo data has none
// (the page then says there are not enough searches yet).
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { closeAll, originOf, person } from './fixtures/api';

/** A folder for screenshots to look at (DEMAND_SHOTS=…); none by default. */
const SHOTS = process.env.DEMAND_SHOTS;
const shot = (page: Page, name: string, fullPage = false) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage }) : undefined);

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test(`the home page links to the demand by city, which shows a city that 5 people search (${viewport.name})`, async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    const city = viewport.name === 'phone' ? 'Duluth' : 'Fargo';
    const farmers = [];
    for (const [i, maxPrice] of [800, 1000, 1200, 1400, 1600].entries()) {
      const farmer = await person(browser, baseURL!, { octet: (viewport.name === 'phone' ? 200 : 210) + i, firstName: 'Dana' });
      farmers.push(farmer);
      const res = await farmer.context.request.post('/api/saved-searches', {
        headers: originOf(baseURL!),
        data: { name: `Racks ${maxPrice}`, query: `city=${city}&country=US&spaceType=basement&maxPrice=${maxPrice}&system=microgreens_racks` },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    const visitor = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
    const page = await visitor.newPage();
    await page.goto('/');
    await page.locator('[data-demand-link]').scrollIntoViewIfNeeded();
    await shot(page, `home-demand-link-${viewport.name}`);
    await page.getByRole('link', { name: 'See what farmers are looking for, city by city →' }).click();
    await expect(page).toHaveURL(/\/demand$/);
    await expect(page).toHaveTitle('What farmers are looking for, city by city | FarmSpace');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/demand$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /saved searches/);
    // The cached answer from before these searches may be served once more while it refreshes: reload until renewed.
    const card = page.locator(`[data-demand-city="${city}, US"]`);
    await expect(async () => {
      if (!(await card.count())) await page.reload();
      await expect(card).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(card.locator('[data-demand-searches]')).toHaveText('5');
    await expect(card).toContainText('saved searches by about 5 farmers');
    // Five budgets give no band (decision 1603: ten people's, the extremes left out): none of the five is shown.
    await expect(card.locator('[data-demand-budget]')).toHaveText('Fewer than 10 farmers set a budget');
    await expect(card).not.toContainText(/\$1,?[02468]00|\$800/);
    await expect(card.locator('[data-demand-systems]')).toHaveText(/\(5\)/);
    await expect(card.locator('[data-demand-space-types]')).toHaveText('Basement (5)');
    // No island: the page ships no script of its own.
    expect(await page.locator('astro-island').count()).toBe(0);
    const width = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth }));
    expect(width.scrollWidth).toBeLessThanOrEqual(width.innerWidth);
    await shot(page, `demand-page-${viewport.name}`, true);
    await card.scrollIntoViewIfNeeded();
    await shot(page, `demand-page-city-${viewport.name}`);
    await visitor.close();
    await closeAll(...farmers);
  });
}
