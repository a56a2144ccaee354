// List Your Space (spec 2.9): the required-field toast by label, then a created draft and the redirect to
// checkout with spaceId, paymentType and currency; the owner's draft page is visible to them only.
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signUpAndIn } from './spaces-helpers';
import { visitorFrom } from './browser';

test.use(visitorFrom(14));

test('missing fields are named; a complete form creates the space and goes to checkout', async ({ page, baseURL }) => {
  await signUpAndIn(page, baseURL!);
  await page.goto('/list-space');
  await expect(page.getByRole('heading', { level: 1, name: 'List Your Space' })).toBeVisible();
  // Empty, not "0" (issue 25); an empty size is the spec's 0 and is refused as missing below.
  await expect(page.getByRole('spinbutton', { name: 'Size (sq ft)' })).toHaveValue('');
  await expect(page.getByRole('spinbutton', { name: 'Monthly Rent ($)' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Space Type' })).toHaveValue('rooftop');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
  await expect(page.getByText('RECOMMENDED')).toBeVisible();
  await expect(page.getByText('$7.99')).toBeVisible();
  await expect(page.getByText('$19.99')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: /Create Listing/ }).click();
  const toast = page.locator('#toast-live');
  await expect(toast).toContainText('Please complete required fields');
  await expect(toast).toContainText('Missing: Space Title, Description, Full Address, City, Size (must be greater than 0), Monthly Rent (must be a valid amount)');
  await expect(page.getByRole('textbox', { name: 'Space Title', exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('textbox', { name: 'Space Title', exact: true }).fill('Sunny <b>rooftop</b> in Austin');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A flat roof with water access and full sun.');
  await page.getByRole('textbox', { name: 'Full Address', exact: true }).fill('500 Congress Ave, Austin, TX 78701');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Austin');
  await page.getByRole('textbox', { name: 'State/Province', exact: true }).fill('TX');
  await page.getByRole('spinbutton', { name: 'Size (sq ft)' }).fill('1500');
  await page.getByRole('button', { name: /Create Listing/ }).click();
  await expect(toast).toContainText('Missing: Monthly Rent (must be a valid amount)');

  await page.getByRole('spinbutton', { name: 'Monthly Rent ($)' }).fill('1250.50');
  await page.getByLabel('Water Access').check();
  await page.getByLabel('Natural Light').check();
  await page.getByRole('textbox', { name: 'Images' }).fill('https://example.com/roof.jpg, , ');
  await page.getByText('Premium Listing').click();
  await page.getByRole('button', { name: /Create Listing/ }).click();
  await expect(toast).toContainText('Space Created');
  await expect(toast).toContainText('Complete payment to publish it.');
  await page.waitForURL(/\/checkout\?/);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/checkout');
  expect(url.searchParams.get('paymentType')).toBe('featured_upgrade');
  expect(url.searchParams.get('currency')).toBe('USD');
  const spaceId = url.searchParams.get('spaceId');
  expect(spaceId).toMatch(/^\d+$/);

  const mine = await page.request.get('/api/spaces/my');
  const created = (await mine.json()).find((s: { id: number }) => String(s.id) === spaceId);
  expect(created).toMatchObject({ title: 'Sunny rooftop in Austin', pricePerMonth: '1250.50', amenities: ['natural_light', 'water_access'], images: ['https://example.com/roof.jpg'], status: 'draft', state: 'TX' });

  // The owner sees the unpublished draft page (noindex, with a note); everyone else gets 404.
  await page.goto(`/spaces/${spaceId}`);
  await expect(page.getByText('Only you can see this listing')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByText('This is your listing.')).toBeVisible();
  const anonymous = await page.context().browser()!.newContext({ baseURL });
  const other = await anonymous.newPage();
  expect((await other.goto(`/spaces/${spaceId}`))?.status()).toBe(404);
  await anonymous.close();
});

test('a server error is shown with its message', async ({ page, baseURL }) => {
  await signUpAndIn(page, baseURL!);
  await page.route('**/api/spaces', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal error', code: 'internal' }) }) : route.continue(),
  );
  await page.goto('/list-space');
  await page.getByRole('textbox', { name: 'Space Title', exact: true }).fill('Roof');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Nice');
  await page.getByRole('textbox', { name: 'Full Address', exact: true }).fill('1 Main St');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Austin');
  await page.getByRole('spinbutton', { name: 'Size (sq ft)' }).fill('100');
  await page.getByRole('spinbutton', { name: 'Monthly Rent ($)' }).fill('100');
  await page.getByRole('button', { name: /Create Listing/ }).click();
  await expect(page.locator('#toast-live')).toContainText('Error');
  await expect(page.locator('#toast-live')).toContainText('Internal error');
  await expect(page).toHaveURL(/\/list-space$/);
});

test('signed-out visitors are sent to sign in, and back to the form afterwards', async ({ page }) => {
  await page.goto('/list-space');
  await expect(page).toHaveURL(/\/login\?next=%2Flist-space$/);
});

test('a failed fetch shows "Failed to fetch spaces"', async ({ page }) => {
  // The first page comes with the HTML (decision 0707): the island's own next question is the one that fails.
  await page.goto('/spaces');
  await expect(page.locator('astro-island:has([data-testid="space-grid"])')).not.toHaveAttribute('ssr');
  await page.route('**/api/spaces?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error","code":"internal"}' }));
  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page.locator('#toast-live')).toContainText('Failed to fetch spaces');
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
});
