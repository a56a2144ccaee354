// Issue 25 item 7, in Chromium: the list-space form tells the owner the street address is public and offers
// "Show the street address only to farmers I am talking with". Chosen, the street address leaves every
// public read — the listing page (text and JSON-LD), the contact window, GET /api/spaces and /api/spaces/{id}
// — which show the city and the rounded pin; a farmer sees it once in a conversation about the listing.
import { expect, test, type Browser } from '@playwright/test';
import { registerViaApi, newUser } from './accounts-helpers';
import { visitorFrom } from './browser';
import { publishByTestCard } from './payments-helpers';
import { screenshot, SLOW_MACHINE_TIMEOUT_MS } from './seams-money-helpers';
import { signUpAndIn } from './spaces-helpers';

test.use(visitorFrom(246));

const STREET = '742 Evergreen Terrace';

async function farmerContext(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport, ...visitorFrom(247) });
  await registerViaApi(context, baseURL, { ...newUser('Fiona'), lastName: 'Farmer' });
  return context;
}

test('the owner keeps the street address for farmers they talk with: hidden on every public read, shown in the conversation', async ({ page, browser, baseURL }) => {
  test.setTimeout(2 * SLOW_MACHINE_TIMEOUT_MS);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpAndIn(page, baseURL!);
  const city = `Springfield${Date.now().toString(36)}`;
  const title = `Quiet roof in ${city}`;
  await page.goto('/list-space');
  await expect(page.locator('form [data-hydrated="true"]')).toBeAttached();
  await page.getByRole('textbox', { name: 'Space Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A quiet flat roof with a water tap and full sun.');
  await page.getByRole('textbox', { name: 'Full Address', exact: true }).fill(STREET);
  await page.getByRole('textbox', { name: 'City', exact: true }).fill(city);
  await page.getByRole('spinbutton', { name: 'Size (sq ft)' }).fill('900');
  await page.getByRole('spinbutton', { name: 'Monthly Rent ($)' }).fill('700');
  // The form says what is public, and what the choice changes.
  const note = page.locator('#ls-address-privacy');
  await expect(note).toContainText('The street address is public');
  const choice = page.getByRole('checkbox', { name: 'Show the street address only to farmers I am talking with' });
  await choice.click();
  await expect(choice).toBeChecked();
  await expect(note).toContainText(`Everyone else sees ${city}`);
  await screenshot(page, 'form-address-choice-390', page.getByRole('group', { name: 'Location' }));
  await page.getByRole('button', { name: /Create Listing/ }).click();
  await page.waitForURL(/\/checkout\?/);
  const id = Number(new URL(page.url()).searchParams.get('spaceId'));
  await publishByTestCard(page.request, baseURL!, id);
  // Stored as the owner typed it; the owner's own answer has it.
  const own = (await (await page.request.get(`/api/spaces/${id}`)).json()) as { location: string; hideStreetAddress: boolean };
  expect(own).toMatchObject({ location: STREET, hideStreetAddress: true });

  // A visitor: the page (HTML, JSON-LD included), the detail and list answers show the city only.
  for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
    const visitor = await browser.newContext({ baseURL, viewport });
    const v = await visitor.newPage();
    const response = await v.goto(`/spaces/${id}`);
    expect(await response!.text()).not.toContain('Evergreen');
    await expect(v.getByTestId('space-address')).toContainText(city);
    await expect(v.getByTestId('space-address')).toContainText('shares the street address once you are in a conversation');
    await screenshot(v, `public-page-address-hidden-${viewport.width}`, v.getByTestId('space-address').locator('xpath=ancestor::dl'));
    const detail = (await (await v.request.get(`/api/spaces/${id}`)).json()) as { location: string; streetAddressWithheld: boolean; latitude: number | null };
    expect(detail.location).toBe(city);
    expect(detail.streetAddressWithheld).toBe(true);
    const list = JSON.stringify(await (await v.request.get(`/api/spaces?city=${city}`)).json());
    expect(list).toContain(title);
    expect(list).not.toContain('Evergreen');
    await visitor.close();
  }

  // A signed-in farmer: not yet in a conversation — the contact window shows the city; after writing, the street.
  const farmer = await farmerContext(browser, baseURL!, { width: 1366, height: 900 });
  const f = await farmer.newPage();
  await f.goto(`/spaces/${id}`);
  await expect(f.getByTestId('space-address')).not.toContainText('Evergreen');
  await f.getByRole('button', { name: 'Contact Owner' }).click();
  const dialog = f.getByRole('dialog', { name: 'Contact Space Owner' });
  await expect(dialog).toContainText(city);
  await expect(dialog).not.toContainText('Evergreen');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello! Could I grow microgreens on your roof from June?');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog).toBeHidden();
  await f.reload();
  await expect(f.getByTestId('space-address')).toContainText(STREET);
  expect(((await (await f.request.get(`/api/spaces/${id}`)).json()) as { location: string }).location).toBe(STREET);
  await farmer.close();
});
