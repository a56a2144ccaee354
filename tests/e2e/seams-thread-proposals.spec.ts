// Issue 25, items 19 and 20: the proposal form and who may propose. Two browsers, a farmer on a desktop and
// an owner on a phone. 19: the start date starts at the listing's "available from"; a past start date is
// flagged on the first submit together with every other bad field; toasts name fields as people read them
// (no "rent:"); a counter marks what it changed; Accept asks first. 20: no "Propose terms" (nor Accept) on a
// listing FarmSpace hid or with a suspended person — said before any form is filled, not after.
import { expect as baseExpect, test } from '@playwright/test';
import { linkFrom, waitForMail } from './accounts-helpers';
import { closeAll, DESKTOP, ownerAndFarmerTalking, PHONE, proposeViaApi, signedIn } from './seams-thread-setup';

// The machines these run on are shared and busy: a page's first paint can take longer than the default 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });

/** YYYY-MM-DD, `months` calendar months ahead of today (UTC), on the given day. */
function monthsAhead(months: number, day: number): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, day)).toISOString().slice(0, 10);
}

test('proposal form: available-from default, every error on the first submit in words, counter changes marked, Accept confirmed', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const availableFrom = monthsAhead(3, 15);
  const { owner, farmer, conversationId } = await ownerAndFarmerTalking(browser, baseURL!, { octets: [141, 142], ownerViewport: PHONE, farmerViewport: DESKTOP, listing: { availableFrom } });

  await farmer.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
  await farmer.page.getByTestId('propose-terms').click();
  const form = farmer.page.getByTestId('proposal-form');
  // The space is free from `availableFrom`: the lease starts then, not on the first of next month.
  await expect.soft(form.getByLabel('Start date')).toHaveValue(availableFrom);

  // Two bad fields at once, one of them a past date: both flagged on the first submit.
  await form.getByRole('textbox', { name: /Monthly rent/ }).fill('lots');
  await form.getByLabel('Start date').fill('2020-01-01');
  await form.getByRole('button', { name: 'Propose terms' }).click();
  await expect.soft(form.locator('[data-field-error="startDate"]')).toContainText('Start date cannot be in the past');
  await expect(form.locator('[data-field-error="rent"]')).toContainText('Monthly rent must be an amount');
  const toast = farmer.page.locator('#toast-live');
  await expect(toast).toContainText('Monthly rent');
  await expect.soft(toast).not.toContainText('rent:');
  await expect.soft(toast).not.toContainText('startDate');
  expect(((await (await farmer.context.request.get(`/api/conversations/${conversationId}/proposals`)).json()) as unknown[]).length).toBe(0);

  await form.getByRole('textbox', { name: /Monthly rent/ }).fill('1400');
  await form.getByLabel('Start date').fill(availableFrom);
  await form.getByRole('button', { name: 'Propose terms' }).click();
  await expect(form).toBeHidden();

  // The owner (phone) counters with a higher rent and a longer term.
  await owner.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
  const offered = owner.page.locator('[data-proposal][data-status="open"]');
  await offered.getByRole('button', { name: 'Counter' }).click();
  const counter = owner.page.getByTestId('proposal-form');
  await counter.getByRole('textbox', { name: /Monthly rent/ }).fill('1650');
  await counter.getByRole('spinbutton', { name: 'Term (months)' }).fill('24');
  await counter.getByRole('button', { name: 'Send counter-proposal' }).click();
  await expect(counter).toBeHidden();

  // The farmer sees what changed, and only that, marked on the counter.
  const counterCard = farmer.page.locator('[data-proposal][data-status="open"]');
  await expect(counterCard).toContainText('Terms from Olga Landry', { timeout: 20_000 });
  await expect.soft(counterCard.locator('[data-changed]')).toHaveCount(2);
  await expect.soft(counterCard.locator('[data-changed="rent"]')).toContainText('$1,650.00');
  await expect.soft(counterCard.locator('[data-changed="rent"]')).toContainText('was $1,400.00');
  await expect.soft(counterCard.locator('[data-changed="termMonths"]')).toContainText('was 12 months');

  // Accept asks first: cancelling changes nothing; confirming accepts.
  await counterCard.getByRole('button', { name: 'Accept terms' }).click();
  const confirm = farmer.page.getByRole('alertdialog', { name: /Accept these terms/ });
  await expect(confirm).toContainText('$1,650.00');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  const statuses = async () => ((await (await farmer.context.request.get(`/api/conversations/${conversationId}/proposals`)).json()) as { status: string }[]).map((p) => p.status).sort();
  expect(await statuses()).toEqual(['countered', 'open']);
  await counterCard.getByRole('button', { name: 'Accept terms' }).click();
  await farmer.page.getByRole('alertdialog', { name: /Accept these terms/ }).getByRole('button', { name: 'Accept terms' }).click();
  await expect(farmer.page.locator('[data-proposal][data-status="accepted"]')).toBeVisible();
  expect(await statuses()).toEqual(['accepted', 'countered']);

  await closeAll(owner, farmer);
});

test('no "Propose terms" on a hidden listing or with a suspended person: said before any form', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const operatorEmail = 'operator-thread-e2e@example.com';
  const operator = await signedIn(browser, baseURL!, 'Opal', 'Keeper', 150, DESKTOP, operatorEmail);
  await operator.page.goto(linkFrom(await waitForMail(operator.context.request, operatorEmail, /Verify/), '/verify-email'));
  await expect(operator.page.getByText(/verified/i).first()).toBeVisible();
  const headers = { origin: baseURL! };

  // A listing FarmSpace hides, with the farmer's terms open: neither party is offered to propose or accept.
  const hidden = await ownerAndFarmerTalking(browser, baseURL!, { octets: [151, 152], ownerViewport: PHONE, farmerViewport: DESKTOP });
  await proposeViaApi(hidden.farmer, baseURL!, hidden.conversationId);
  expect((await operator.context.request.post(`/api/admin/spaces/${hidden.spaceId}/hide`, { headers, data: { reason: 'Reported as a scam.' } })).status()).toBe(200);
  await hidden.owner.page.goto(`/dashboard?tab=messages&conversation=${hidden.conversationId}`);
  const ownerPage = hidden.owner.page;
  await expect(ownerPage.locator('[data-proposal][data-status="open"]')).toBeVisible();
  await expect(ownerPage.getByRole('button', { name: 'Accept terms' })).toHaveCount(0);
  await expect(ownerPage.getByRole('button', { name: 'Counter' })).toHaveCount(0);
  await expect(ownerPage.getByTestId('propose-terms')).toHaveCount(0);
  await expect(ownerPage.locator('[data-terms-closed]')).toContainText('hidden by FarmSpace');
  await hidden.farmer.page.goto(`/dashboard?tab=messages&conversation=${hidden.conversationId}`);
  await expect(hidden.farmer.page.locator('[data-proposal][data-status="open"]')).toBeVisible();
  await expect(hidden.farmer.page.getByTestId('propose-terms')).toHaveCount(0);
  await expect(hidden.farmer.page.locator('[data-terms-closed]')).toContainText('hidden by FarmSpace');

  // An owner FarmSpace suspends: the farmer is not offered to propose terms to them.
  const suspended = await ownerAndFarmerTalking(browser, baseURL!, { octets: [153, 154], ownerViewport: PHONE, farmerViewport: DESKTOP });
  expect((await operator.context.request.post(`/api/admin/users/${suspended.owner.id}/suspend`, { headers, data: { reason: 'Fraudulent listings.' } })).status()).toBe(200);
  await suspended.farmer.page.goto(`/dashboard?tab=messages&conversation=${suspended.conversationId}`);
  const farmerPage = suspended.farmer.page;
  await expect(farmerPage.locator('[data-suspended]')).toBeVisible();
  await expect(farmerPage.getByTestId('propose-terms')).toHaveCount(0);
  await expect(farmerPage.locator('[data-terms-closed]')).toContainText('suspended');

  await closeAll(operator, hidden.owner, hidden.farmer, suspended.owner, suspended.farmer);
});
