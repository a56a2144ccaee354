// Issue 25 item 23, in Chromium: a Berlin owner's form asks the rent in euros and stores EUR; the listing's
// card and page show "€", not "$"; the footer's copyright follows the current year on a
// pre-rendered page and on one rendered on demand.
import { expect, test } from '@playwright/test';
import { visitorFrom } from './browser';
import { publishByTestCard } from './payments-helpers';
import { draftSpace, SLOW_MACHINE_TIMEOUT_MS } from './seams-money-helpers';
import { signUpAndIn } from './spaces-helpers';

test.describe.configure({ timeout: SLOW_MACHINE_TIMEOUT_MS });
test.use(visitorFrom(250));

test('a Berlin listing is priced in euros everywhere; the copyright year is this year', async ({ page, baseURL }) => {
  await signUpAndIn(page, baseURL!);
  await page.goto('/list-space');
  await expect(page.locator('form [data-hydrated="true"]')).toBeAttached();
  const title = `Berlin cellar ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Space Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A dry cellar with power and a freight lift.');
  await page.getByRole('textbox', { name: 'Full Address', exact: true }).fill('Oranienstraße 1');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Berlin');
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('DE');
  await page.getByRole('spinbutton', { name: 'Size (sq ft)' }).fill('600');
  await page.getByRole('spinbutton', { name: 'Monthly Rent (€)' }).fill('1200');
  await page.getByRole('button', { name: /Create Listing/ }).click();
  await page.waitForURL(/\/checkout\?/);
  const id = Number(new URL(page.url()).searchParams.get('spaceId'));
  expect(((await (await page.request.get(`/api/spaces/${id}`)).json()) as { currency: string }).currency).toBe('EUR');
  await publishByTestCard(page.request, baseURL!, id);
  // A US listing beside it stays in dollars.
  const usTitle = `Dollar roof ${Date.now()}`;
  const usId = await draftSpace(page.request, baseURL!, { title: usTitle, city: 'Berlin', pricePerMonth: '900' });
  await publishByTestCard(page.request, baseURL!, usId);

  await page.goto('/spaces?city=Berlin');
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('€1,200');
  await expect(card).not.toContainText('$');
  await expect(page.getByRole('listitem').filter({ hasText: usTitle })).toContainText('$900');

  await page.goto(`/spaces/${id}`);
  await expect(page.locator('main')).toContainText('€1,200');
  await expect(page.locator('main')).not.toContainText('$1,200');

  const year = String(new Date().getFullYear());
  await expect(page.getByRole('contentinfo')).toContainText(`© ${year}`);
  await page.goto('/about');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${year}`);
});
