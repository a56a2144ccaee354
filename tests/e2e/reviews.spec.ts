// Reviews after an agreed lease (issue 28) in two browsers: terms agreed through the API (fixtures), then each
// party reviews the other in the thread — the first sees that theirs waits for the other's (double-blind),
// the second publishes both — both read both reviews, and the listing's card shows the owner's real rating
// instead of the spec's fixed 4.9. Screenshots are kept under test-results/reviews/ to be looked at.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { REPORT_REASON_LABELS } from '#contracts/moderation';
import { closeAll, linkFrom, liveListing, originOf, person, removeListings, startConversation, waitForMail } from './fixtures/api';
import { expectNoSeriousAxeViolations } from './spaces-helpers';

const SHOTS = path.resolve('test-results', 'reviews');

/** A lease that starts today (UTC): reviews open from a lease's start (issue 43, item 3). */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

async function review(page: Page, otherName: string, stars: number, text: string) {
  await page.getByRole('button', { name: `Review ${otherName}` }).click();
  const dialog = page.getByTestId('review-dialog');
  await expect(dialog.getByRole('heading', { name: `Review ${otherName}` })).toBeVisible();
  // Sending without a rating says what is missing and sends nothing.
  await dialog.getByRole('button', { name: 'Send review' }).click();
  await expect(dialog.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await dialog.getByRole('radio', { name: `${stars} stars` }).check({ force: true });
  await dialog.getByRole('textbox', { name: /Your review/ }).fill(text);
  await dialog.getByRole('button', { name: 'Send review' }).click();
  await expect(dialog).toHaveCount(0);
}

test('both parties review each other after agreeing terms; both see both reviews; the card shows the real rating', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const owner = await person(browser, baseURL!, { firstName: 'Rosa', lastName: 'Roofton', octet: 121, viewport: { width: 1280, height: 900 }, verified: true });
  const farmer = await person(browser, baseURL!, { firstName: 'Miguel', lastName: 'Moss', octet: 122, viewport: { width: 390, height: 844 }, verified: true });
  const spaceId = await liveListing(owner.context.request, baseURL!, { title: `Reviewed rooftop ${randomBytes(3).toString('hex')}` });
  const conversationId = await startConversation(farmer.context.request, baseURL!, spaceId, 'Hello! Could I grow microgreens on your rooftop?');
  const terms = { rent: '1400.00', startDate: today(), termMonths: 12, areaSqFt: null, depositMonths: 1, utilitiesPaidBy: 'tenant', growingActivities: '', accessHours: '', insuranceAmount: '0', notes: '' };
  const proposed = await farmer.context.request.post(`/api/conversations/${conversationId}/proposals`, { headers: originOf(baseURL!), data: terms });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const proposalId = ((await proposed.json()) as { id: number }).id;
  expect((await owner.context.request.post(`/api/proposals/${proposalId}/accept`, { headers: originOf(baseURL!), data: {} })).status()).toBe(200);

  // The farmer writes first: the review waits, blind, for the owner's.
  await farmer.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
  await review(farmer.page, 'Rosa Roofton', 5, 'A sunny, flat rooftop exactly as listed, and a helpful owner.');
  const farmerPanel = farmer.page.locator(`[data-agreement-reviews="${proposalId}"]`);
  await expect(farmerPanel.locator('[data-review-waiting]')).toContainText('Your review will be published when Rosa Roofton writes theirs or on');
  await farmerPanel.scrollIntoViewIfNeeded();
  await farmer.page.screenshot({ path: path.join(SHOTS, 'farmer-waiting-phone.png') });

  // The owner cannot read it yet; writing theirs publishes both.
  await owner.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
  const ownerPanel = owner.page.locator(`[data-agreement-reviews="${proposalId}"]`);
  await expect(ownerPanel.getByRole('button', { name: 'Review Miguel Moss' })).toBeVisible();
  await expect(ownerPanel).not.toContainText('A sunny, flat rooftop');
  await owner.page.getByRole('button', { name: 'Review Miguel Moss' }).click();
  // The dialog loads on the first press: axe looks once it is there.
  await expect(owner.page.getByRole('dialog', { name: 'Review Miguel Moss' })).toBeVisible();
  await expectNoSeriousAxeViolations(owner.page, '[data-testid="review-dialog"]');
  await owner.page.screenshot({ path: path.join(SHOTS, 'review-dialog-desktop.png') });
  await owner.page.keyboard.press('Escape');
  await review(owner.page, 'Miguel Moss', 4, 'Paid on time, kept the rooftop tidy, easy to work with.');
  await expect(ownerPanel).toContainText("Miguel Moss's review of you");
  await expect(ownerPanel).toContainText('A sunny, flat rooftop exactly as listed');
  await expect(ownerPanel.locator('[data-review-waiting]')).toHaveCount(0);
  await owner.page.screenshot({ path: path.join(SHOTS, 'owner-both-published-desktop.png') });

  await farmer.page.reload();
  await expect(farmerPanel).toContainText("Rosa Roofton's review of you");
  await expect(farmerPanel).toContainText('Paid on time, kept the rooftop tidy');
  await farmerPanel.scrollIntoViewIfNeeded();
  await farmer.page.screenshot({ path: path.join(SHOTS, 'farmer-both-published-phone.png') });

  // The listing's card: the owner's real average and count, not 4.9.
  await farmer.page.goto('/spaces');
  const card = farmer.page.locator(`[data-space-card="${spaceId}"]`);
  await expect(card.locator('[data-owner-rating]')).toHaveText('Owner rated 5.0 (1 review)');
  await card.screenshot({ path: path.join(SHOTS, 'card-rating-phone.png') });
  await owner.page.goto(`/spaces/${spaceId}`);
  await expect(owner.page.locator('[data-owner-rating]')).toHaveText('Owner rated 5.0 (1 review)');
  await owner.page.screenshot({ path: path.join(SHOTS, 'listing-page-desktop.png') });

  // The owner reports the farmer's review of them under it in the thread; an operator hides it from the
  // console's queue, and the listing is "New" again.
  await owner.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
  await ownerPanel.getByRole('button', { name: 'Report this review' }).click();
  const report = owner.page.getByRole('dialog', { name: 'Report this review' });
  await report.getByRole('radio', { name: REPORT_REASON_LABELS.false_review }).check();
  await report.getByLabel('Details (optional)').fill('Reported for the test of the console.');
  await owner.page.screenshot({ path: path.join(SHOTS, 'report-review-desktop.png') });
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.locator('[data-report-thanks]')).toBeVisible();
  await owner.page.keyboard.press('Escape');
  const operator = await person(browser, baseURL!, { firstName: 'Opal', email: 'operator-reviews-e2e@example.com', octet: 123, viewport: { width: 1280, height: 900 } });
  await operator.page.goto(linkFrom(await waitForMail(operator.context.request, 'operator-reviews-e2e@example.com', /Verify/), '/verify-email'));
  await expect(operator.page.getByText(/verified/i).first()).toBeVisible();
  await operator.page.goto('/admin?tab=reports');
  const item = operator.page.locator('[data-report]').filter({ hasText: 'Reported for the test of the console.' });
  await expect(item).toContainText('A sunny, flat rooftop exactly as listed');
  await item.scrollIntoViewIfNeeded();
  await operator.page.screenshot({ path: path.join(SHOTS, 'console-review-report-desktop.png') });
  await item.getByRole('button', { name: 'Hide review' }).click();
  const hide = operator.page.getByRole('dialog', { name: 'Hide review' });
  await hide.getByLabel('Reason (required)').fill('Not about this lease.');
  await hide.getByRole('button', { name: 'Hide review' }).click();
  await expect(hide).toBeHidden();
  await expect.poll(async () => ((await (await farmer.context.request.get(`/api/spaces/${spaceId}`)).json()) as { ownerRating: unknown }).ownerRating, { timeout: 15_000 }).toBeNull();

  // Browse shows only the demo listings again for the other specs.
  await removeListings(owner.context.request, baseURL!);
  await closeAll(owner, farmer, operator);
});
