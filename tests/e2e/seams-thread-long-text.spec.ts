// Issue 25, item 10: long text. A 5,000-character description without a space made the phone listing page
// 41,442 px wide; titles were cut at 255 characters and a pasted 6,080-character message at 5,000, both
// silently. Now people's text wraps anywhere (no page is wider than the phone), every long field counts its
// characters against a limit it states, and more than the limit is an error the person sees — nothing is
// cut. The API refuses over-long input with a 400 that says so and stores nothing.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { closeAll, ownerAndFarmerTalking, pageOverflow, PHONE, DESKTOP, say } from './seams-thread-setup';

// The machines these run on are shared and busy: a page's first paint can take longer than the default 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const SHOTS = path.resolve('test-results', 'seams-thread');
const unbroken = (n: number, letter = 'a') => letter.repeat(n);

test('an unbroken 5,000-character description, title and message wrap on a phone; long fields count and refuse, never cut', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const title = `Longroof${unbroken(247, 'r')}`; // 255 characters, the limit
  const deal = await ownerAndFarmerTalking(browser, baseURL!, { octets: [131, 132], ownerViewport: DESKTOP, farmerViewport: PHONE, listing: { title, description: unbroken(5000, 'w') } });
  const { owner, farmer, spaceId, conversationId } = deal;
  await say(farmer, baseURL!, conversationId, unbroken(5000, 'm'));

  // The farmer on a phone: the listing page, browse and the thread are no wider than the screen.
  await farmer.page.goto(`/spaces/${spaceId}`);
  await expect(farmer.page.getByText(unbroken(40, 'w')).first()).toBeVisible();
  expect.soft(await pageOverflow(farmer.page)).toEqual({ scrollWidth: PHONE.width, viewport: PHONE.width });
  await farmer.page.screenshot({ path: path.join(SHOTS, 'long-description-phone-390x844.png') });
  await farmer.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
  await expect(farmer.page.locator('[data-message]').last()).toContainText(unbroken(40, 'm'));
  expect.soft(await pageOverflow(farmer.page)).toEqual({ scrollWidth: PHONE.width, viewport: PHONE.width });

  // The thread's box takes a pasted 6,080 characters whole, counts them against 5,000 and refuses to send.
  const box = farmer.page.getByRole('textbox', { name: 'Type a message' });
  await box.fill(unbroken(6080, 'p'));
  await expect.soft(box).toHaveValue(unbroken(6080, 'p'));
  const counter = farmer.page.locator('[data-length-counter="message"]');
  await expect.soft(counter).toContainText('6,080 / 5,000');
  await expect.soft(counter).toContainText('1,080 too many');
  await expect.soft(farmer.page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await box.fill(unbroken(4990, 'p'));
  await expect.soft(counter).toContainText('4,990 / 5,000');
  await expect(farmer.page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();

  // The owner (desktop) sees the same thread wrapped, and the page of the listing too.
  await owner.page.goto(`/spaces/${spaceId}`);
  expect.soft(await pageOverflow(owner.page)).toEqual({ scrollWidth: DESKTOP.width, viewport: DESKTOP.width });
  await owner.page.screenshot({ path: path.join(SHOTS, 'long-description-desktop-1366x900.png') });

  // The edit screen: a 300-character title is kept whole, counted and flagged; Save is refused with the
  // limit, and the stored title does not change.
  await owner.page.goto(`/list-space?edit=${spaceId}`);
  const titleBox = owner.page.getByRole('textbox', { name: 'Space Title', exact: true });
  await expect(titleBox).toHaveValue(title);
  await expect.soft(owner.page.locator('[data-length-counter="title"]')).toContainText('255 / 255');
  await titleBox.fill(unbroken(300, 't'));
  await expect.soft(titleBox).toHaveValue(unbroken(300, 't'));
  await expect.soft(owner.page.locator('[data-length-counter="title"]')).toContainText('45 too many');
  await expect.soft(owner.page.locator('[data-length-counter="description"]')).toContainText('5,000 / 5,000');
  expect(((await (await owner.context.request.get(`/api/spaces/${spaceId}`)).json()) as { title: string }).title).toBe(title);

  // The API refuses over-long input with a 400 naming the limit, and stores nothing.
  const headers = { origin: baseURL! };
  const longTitle = await owner.context.request.patch(`/api/spaces/${spaceId}`, { headers, data: { title: unbroken(256) } });
  expect(longTitle.status()).toBe(400);
  expect(((await longTitle.json()) as { message: string }).message).toContain('at most 255 characters');
  const longDescription = await owner.context.request.post('/api/spaces', { headers, data: { title: 'Short', description: unbroken(5001), location: '1 A St', city: 'Portland', country: 'US', size: 100, pricePerMonth: '100', spaceType: 'rooftop', amenities: [], images: [] } });
  expect(longDescription.status()).toBe(400);
  expect(((await longDescription.json()) as { message: string }).message).toContain('at most 5000 characters');
  const longMessage = await owner.context.request.post(`/api/conversations/${conversationId}/messages`, { headers, data: { content: unbroken(5001) } });
  expect(longMessage.status()).toBe(400);
  expect(((await longMessage.json()) as { message: string }).message).toContain('at most 5,000 characters');
  const longNotes = await owner.context.request.post(`/api/conversations/${conversationId}/proposals`, { headers, data: { rent: '1400', startDate: '2099-01-01', termMonths: 12, utilitiesPaidBy: 'tenant', notes: unbroken(2001) } });
  expect(longNotes.status()).toBe(400);
  expect(((await longNotes.json()) as { message: string }).message).toContain('at most 2,000 characters');
  const space = (await (await owner.context.request.get(`/api/spaces/${spaceId}`)).json()) as { title: string };
  expect(space.title).toBe(title);
  const thread = (await (await owner.context.request.get(`/api/conversations/${conversationId}/messages`)).json()) as { content: string }[];
  expect(thread.filter((m) => m.content.length > 5000)).toEqual([]);
  expect(((await (await owner.context.request.get(`/api/conversations/${conversationId}/proposals`)).json()) as unknown[]).length).toBe(0);

  await closeAll(owner, farmer);
});

test('the street address, the growing details and the report form count too: a paste is kept whole and refused, never cut', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const deal = await ownerAndFarmerTalking(browser, baseURL!, { octets: [133, 134], ownerViewport: DESKTOP, farmerViewport: PHONE });
  const { owner, farmer, spaceId } = deal;

  // The edit screen: the address (255), the access hours (100) and the food-safety status (300).
  await owner.page.goto(`/list-space?edit=${spaceId}`);
  const address = owner.page.getByRole('textbox', { name: 'Full Address' });
  await expect(address).toHaveValue('48 Pier Street');
  await expect.soft(owner.page.locator('[data-length-counter="location"]')).toContainText('14 / 255 characters');
  await address.fill(unbroken(300, 's'));
  await expect.soft(address).toHaveValue(unbroken(300, 's'));
  await expect.soft(owner.page.locator('[data-length-counter="location"]')).toContainText('300 / 255 characters — 45 too many');
  const growing = owner.page.getByTestId('growing-details');
  await growing.getByRole('combobox', { name: 'Access hours' }).selectOption('limited');
  const hours = growing.getByRole('textbox', { name: 'Which hours?' });
  await hours.fill(unbroken(150, 'h'));
  await expect.soft(hours).toHaveValue(unbroken(150, 'h'));
  await expect.soft(growing.locator('[data-length-counter="accessHours"]')).toContainText('150 / 100 characters — 50 too many');
  const food = growing.getByRole('textbox', { name: /Food-safety or zoning status/ });
  await food.fill(unbroken(350, 'f'));
  await expect.soft(food).toHaveValue(unbroken(350, 'f'));
  await expect.soft(growing.locator('[data-length-counter="foodSafetyStatus"]')).toContainText('350 / 300 characters — 50 too many');
  // Save is refused with the limits, and nothing is stored.
  await owner.page.getByRole('button', { name: 'Save Changes' }).click();
  await expect.soft(growing.locator('[data-field-error="accessHours"]')).toHaveText('Access hours must be at most 100 characters');
  await expect.soft(growing.locator('[data-field-error="foodSafetyStatus"]')).toHaveText('Food-safety / zoning status must be at most 300 characters');
  await growing.getByRole('combobox', { name: 'Access hours' }).selectOption('');
  await food.fill('');
  await owner.page.getByRole('button', { name: 'Save Changes' }).click();
  await expect.soft(owner.page.getByText('Full Address must be at most 255 characters').first()).toBeVisible();
  const stored = (await (await owner.context.request.get(`/api/spaces/${spaceId}`)).json()) as { location: string; growing?: { accessHours: string | null } };
  expect(stored.location).toBe('48 Pier Street');

  // The farmer reports the listing on a phone: 2,100 characters of details are kept, counted and refused.
  await farmer.page.goto(`/spaces/${spaceId}`);
  await farmer.page.getByRole('button', { name: 'Report this listing' }).click();
  const dialog = farmer.page.getByRole('dialog');
  await dialog.getByRole('radio').first().check();
  const details = dialog.getByRole('textbox', { name: 'Details (optional)' });
  await details.fill(unbroken(2100, 'd'));
  await expect.soft(details).toHaveValue(unbroken(2100, 'd'));
  await expect.soft(dialog.locator('[data-length-counter="details"]')).toContainText('2,100 / 2,000 characters — 100 too many');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Details must be at most 2000 characters.');
  expect.soft(await pageOverflow(farmer.page)).toEqual({ scrollWidth: PHONE.width, viewport: PHONE.width });

  await closeAll(owner, farmer);
});
