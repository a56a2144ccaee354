// Issue 43, items 3, 7 and 15, and issue 38 item 5, in Chromium on a phone (390×844) and a desktop (1366×900):
// terms accepted for a lease that starts next month say when reviews open and until when (not "until" a
// date a month after the acceptance, with a Review button before any tenancy); an unverified account that
// proposes terms is told why it cannot and offered the verification link again; anyone reading a review on a
// profile reports it with a review's reasons, and the profile names its author "First I.". Screenshots under
// test-results/review-seams/ to be looked at.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test } from '@playwright/test';
import { AGREEMENT_MESSAGES } from '#contracts/agreements';
import { REPORT_REASON_LABELS } from '#contracts/moderation';
import { closeAll, liveListing, originOf, person, removeListings, startConversation } from './fixtures/api';

const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = path.resolve('test-results', 'review-seams');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const TERMS = { rent: '1400.00', termMonths: 12, areaSqFt: null, depositMonths: 1, utilitiesPaidBy: 'tenant', growingActivities: '', accessHours: '', insuranceAmount: '0', notes: '' };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

test('terms for a lease that starts next month: no review yet, and the thread says from when and until when', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const owner = await person(browser, baseURL!, { firstName: 'Wanda', lastName: 'Windowsill', octet: 131, viewport: DESKTOP, verified: true });
  const farmer = await person(browser, baseURL!, { firstName: 'Paco', lastName: 'Pepper', octet: 132, viewport: PHONE, verified: true });
  const spaceId = await liveListing(owner.context.request, baseURL!, { title: `Future rooftop ${randomBytes(3).toString('hex')}` });
  const conversationId = await startConversation(farmer.context.request, baseURL!, spaceId, 'Hello! Could I grow peppers on your rooftop next month?');
  const start = new Date(Date.now() + 40 * 86_400_000);
  const proposed = await farmer.context.request.post(`/api/conversations/${conversationId}/proposals`, { headers: originOf(baseURL!), data: { ...TERMS, startDate: isoDay(start) } });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const proposalId = ((await proposed.json()) as { id: number }).id;
  expect((await owner.context.request.post(`/api/proposals/${proposalId}/accept`, { headers: originOf(baseURL!), data: {} })).status()).toBe(200);

  const from = longDate(`${isoDay(start)}T00:00:00.000Z`);
  const until = longDate(new Date(Date.parse(`${isoDay(start)}T00:00:00.000Z`) + 30 * 86_400_000 - 1).toISOString());
  for (const [who, other, name] of [[farmer, 'Wanda Windowsill', 'phone'], [owner, 'Paco Pepper', 'desktop']] as const) {
    await who.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
    const panel = who.page.locator(`[data-agreement-reviews="${proposalId}"]`);
    await expect(panel.locator('[data-review-window]')).toHaveText(`You can review ${other} once the lease has started: from ${from} until ${until}.`);
    await expect(panel.getByRole('button', { name: `Review ${other}` })).toHaveCount(0);
    await panel.scrollIntoViewIfNeeded();
    await who.page.screenshot({ path: path.join(SHOTS, `review-window-${name}.png`) });
  }
  await removeListings(owner.context.request, baseURL!);
  await closeAll(owner, farmer);
});

test('an unverified farmer who proposes terms reads why not and can have the link sent again', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const owner = await person(browser, baseURL!, { firstName: 'Vera', lastName: 'Verified', octet: 133, viewport: DESKTOP, verified: true });
  const spaceId = await liveListing(owner.context.request, baseURL!, { title: `Unverified rooftop ${randomBytes(3).toString('hex')}` });
  for (const [viewport, name, octet] of [[PHONE, 'phone', 134], [DESKTOP, 'desktop', 135]] as const) {
    const farmer = await person(browser, baseURL!, { firstName: 'Nico', lastName: 'New', octet, viewport });
    const conversationId = await startConversation(farmer.context.request, baseURL!, spaceId, 'Hello! Could I grow herbs on your rooftop?');
    await farmer.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
    await farmer.page.getByTestId('propose-terms').click();
    const form = farmer.page.getByTestId('proposal-form');
    await form.getByLabel('Start date').fill(isoDay(new Date(Date.now() + 30 * 86_400_000)));
    await form.getByRole('button', { name: 'Propose terms' }).click();
    const notice = form.getByTestId('verify-email-notice');
    await expect(notice).toContainText(AGREEMENT_MESSAGES.verifyToAgree);
    await notice.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await expect(notice.getByRole('button', { name: 'Verification e-mail sent' })).toBeDisabled();
    await farmer.page.screenshot({ path: path.join(SHOTS, `unverified-propose-${name}.png`) });
    await closeAll(farmer);
  }
  await removeListings(owner.context.request, baseURL!);
  await closeAll(owner);
});

test('anyone reading a review on a profile reports it with the reasons of a review; the author is "First I."', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const owner = await person(browser, baseURL!, { firstName: 'Rita', lastName: 'Ownersurname', octet: 136, viewport: DESKTOP, verified: true });
  const farmer = await person(browser, baseURL!, { firstName: 'Fred', lastName: 'Farmersurname', octet: 137, viewport: PHONE, verified: true });
  const spaceId = await liveListing(owner.context.request, baseURL!, { title: `Reviewed cellar ${randomBytes(3).toString('hex')}` });
  const conversationId = await startConversation(farmer.context.request, baseURL!, spaceId, 'Hello! Could I grow mushrooms in your cellar?');
  const proposed = await farmer.context.request.post(`/api/conversations/${conversationId}/proposals`, { headers: originOf(baseURL!), data: { ...TERMS, startDate: isoDay(new Date()) } });
  const proposalId = ((await proposed.json()) as { id: number }).id;
  expect((await owner.context.request.post(`/api/proposals/${proposalId}/accept`, { headers: originOf(baseURL!), data: {} })).status()).toBe(200);
  const text = 'The cellar was damp in a way the listing did not say, but the owner was kind.';
  for (const [who, body] of [[farmer, { rating: 3, text }], [owner, { rating: 5, text: 'Paid on time and kept the cellar spotless all along.' }]] as const) {
    const res = await who.context.request.post(`/api/proposals/${proposalId}/reviews`, { headers: originOf(baseURL!), data: body });
    expect(res.status(), await res.text()).toBe(201);
  }

  for (const [viewport, name, octet] of [[PHONE, 'phone', 138], [DESKTOP, 'desktop', 139]] as const) {
    const reader = await person(browser, baseURL!, { firstName: 'Rhea', lastName: 'Reader', octet, viewport });
    await reader.page.goto(`/people/${owner.id}`);
    const item = reader.page.locator('[data-review]').filter({ hasText: text });
    await expect(item).toContainText('Fred F.');
    await expect(reader.page.locator('body')).not.toContainText('Farmersurname');
    await item.getByRole('button', { name: 'Report this review' }).click();
    const dialog = reader.page.getByRole('dialog', { name: 'Report this review' });
    await expect(dialog.getByRole('radio', { name: REPORT_REASON_LABELS.false_review })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: REPORT_REASON_LABELS.not_real })).toHaveCount(0);
    await dialog.getByRole('radio', { name: REPORT_REASON_LABELS.false_review }).check();
    await dialog.getByLabel('Details (optional)').fill('The damp is not in the listing: is this the same cellar?');
    await reader.page.screenshot({ path: path.join(SHOTS, `report-review-dialog-${name}.png`) });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.locator('[data-report-thanks]')).toBeVisible();
    await closeAll(reader);
  }
  await removeListings(owner.context.request, baseURL!);
  await closeAll(owner, farmer);
});
