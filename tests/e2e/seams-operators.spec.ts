// Issue 43, items 5 and 4: the operators' dialogs name their target, and a mistaken suspension is walked back.
// Item 5: "Suspend account" and "Hide listing" say whom (name, id, the report they come from), and the action
// is tied to the id the dialog was opened for: the operator opens the dialog for the second report, handles
// the first one in a second tab (the queue moves up), then confirms — the second report's person is
// suspended, not the first. Item 4: reinstating a suspended owner ("Suspended by mistake") mails the lease
// partner a follow-up and the thread's red warning gives way to a notice that the account was reinstated.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Browser } from '@playwright/test';
import { closeAll, linkFrom, liveListing, originOf, person, startConversation, waitForMail, type Person } from './fixtures/api';

// The machines these run on are shared and busy: a page's first paint can take longer than the default 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SHOTS = path.resolve('test-results', 'seams-operators');

async function verifiedOperator(browser: Browser, baseURL: string, email: string, octet: number): Promise<Person> {
  const operator = await person(browser, baseURL, { firstName: 'Opal', lastName: 'Keeper', email, octet, viewport: DESKTOP });
  await operator.page.goto(linkFrom(await waitForMail(operator.context.request, email, /Verify/), '/verify-email'));
  await expect(operator.page.getByText(/verified/i).first()).toBeVisible();
  return operator;
}

async function suspended(operator: Person, userId: number): Promise<boolean> {
  const res = await operator.context.request.get(`/api/admin/users/${userId}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { suspendedAt: string | null }).suspendedAt !== null;
}

test('each operator dialog names its target and acts on the one it was opened for, even after the queue moves', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const headers = originOf(baseURL!);
  const operator = await verifiedOperator(browser, baseURL!, 'operator-seams-e2e@example.com', 230);
  const first = await person(browser, baseURL!, { firstName: 'Aldo', lastName: 'Early', octet: 231 });
  const second = await person(browser, baseURL!, { firstName: 'Bea', lastName: 'Later', octet: 232 });
  const reporter = await person(browser, baseURL!, { firstName: 'Rita', lastName: 'Watch', octet: 233 });
  const tag = randomBytes(3).toString('hex');
  const firstSpace = await liveListing(first.context.request, baseURL!, { title: `Early rooftop ${tag}` });
  const secondSpace = await liveListing(second.context.request, baseURL!, { title: `Later basement ${tag}` });
  const report = async (spaceId: number) => {
    const res = await reporter.context.request.post('/api/reports', { headers, data: { spaceId, reason: 'scam', details: `Gift cards only (${tag}).` } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const firstReport = await report(firstSpace);
  const secondReport = await report(secondSpace);

  const ops = operator.page;
  await ops.goto('/admin?tab=reports');
  const firstRow = ops.locator(`[data-report="${firstReport}"]`);
  const secondRow = ops.locator(`[data-report="${secondReport}"]`);
  await expect(secondRow).toBeVisible();

  // "Hide listing" names the listing (title and id) and the report it comes from.
  await firstRow.getByRole('button', { name: 'Hide listing' }).click();
  const hide = ops.getByRole('dialog', { name: /Hide listing/ });
  await expect(hide).toContainText(`Early rooftop ${tag}`);
  await expect(hide).toContainText(`listing #${firstSpace}`);
  await expect(hide).toContainText(`report #${firstReport}`);
  await hide.getByRole('button', { name: 'Cancel' }).click();
  await expect(hide).toBeHidden();

  // "Suspend account" for the second report's person names them (name and id) and the report.
  await secondRow.getByText('The person reported: history and actions').click();
  await secondRow.getByRole('button', { name: 'Suspend account' }).click();
  const suspend = ops.getByRole('dialog', { name: /Suspend account/ });
  await expect(suspend).toContainText('Bea Later');
  await expect(suspend).toContainText(`account #${second.id}`);
  await expect(suspend).toContainText(`report #${secondReport}`);
  await suspend.getByLabel('Reason (required)').fill('Fraudulent listing: gift cards.');
  await ops.screenshot({ path: path.join(SHOTS, 'suspend-dialog-desktop-1366x900.png') });

  // Meanwhile, in a second tab, the first report is handled: the queue moves up by one.
  const tab = await operator.context.newPage();
  await tab.goto('/admin?tab=reports');
  await tab.locator(`[data-report="${firstReport}"]`).getByRole('button', { name: 'Dismiss report' }).click();
  const dismiss = tab.getByRole('dialog', { name: /Dismiss report/ });
  await expect(dismiss).toContainText(`report #${firstReport}`);
  await dismiss.getByLabel('Reason (required)').fill('Not a scam: paid through FarmSpace.');
  await dismiss.getByRole('button', { name: 'Dismiss report' }).click();
  await expect(dismiss).toBeHidden();
  await expect(tab.locator(`[data-report="${firstReport}"]`)).toHaveCount(0);
  await tab.close();

  // Back in the first tab, the dialog still names the second report's person; confirming suspends them.
  await expect(suspend).toContainText('Bea Later');
  await suspend.getByRole('button', { name: 'Suspend account' }).click();
  await expect(suspend).toBeHidden();
  expect(await suspended(operator, second.id)).toBe(true);
  expect(await suspended(operator, first.id)).toBe(false);

  // The dialog on a phone: the target's name and ids wrap inside it.
  await ops.setViewportSize(PHONE);
  await ops.goto('/admin?tab=search');
  await ops.getByLabel('E-mail, name, title or id').fill(first.user.email);
  await ops.getByRole('button', { name: 'Search' }).click();
  await ops.getByRole('button', { name: new RegExp(first.user.email) }).click();
  await ops.locator(`[data-user-history="${first.id}"]`).getByRole('button', { name: 'Suspend account' }).click();
  const phoneDialog = ops.getByRole('dialog', { name: /Suspend account/ });
  await expect(phoneDialog).toContainText('Aldo Early');
  await expect(phoneDialog).toContainText(`account #${first.id}`);
  await ops.screenshot({ path: path.join(SHOTS, 'suspend-dialog-phone-390x844.png') });

  await closeAll(operator, first, second, reporter);
});

test('reinstating a mistakenly suspended owner tells the lease partner, and the thread says the account is back', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const headers = originOf(baseURL!);
  const operator = await verifiedOperator(browser, baseURL!, 'operator-seams2-e2e@example.com', 234);
  const owner = await person(browser, baseURL!, { firstName: 'Otto', lastName: 'Honest', octet: 235, verified: true });
  const farmer = await person(browser, baseURL!, { firstName: 'Fern', lastName: 'Grower', octet: 236, viewport: PHONE, verified: true });
  const title = `Warehouse bay ${randomBytes(3).toString('hex')}`;
  const spaceId = await liveListing(owner.context.request, baseURL!, { title });
  const conversationId = await startConversation(farmer.context.request, baseURL!, spaceId, 'Hello! Could I start a microgreens farm here next month?');
  const d = new Date();
  const startDate = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  const proposed = await farmer.context.request.post(`/api/conversations/${conversationId}/proposals`, { headers, data: { rent: '1400', startDate, termMonths: 12, utilitiesPaidBy: 'tenant', notes: '' } });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const accepted = await owner.context.request.post(`/api/proposals/${((await proposed.json()) as { id: number }).id}/accept`, { headers, data: {} });
  expect(accepted.status(), await accepted.text()).toBe(200);

  const suspendedRes = await operator.context.request.post(`/api/admin/users/${owner.id}/suspend`, { headers, data: { reason: 'Suspected fraud: same photos as another listing.' } });
  expect(suspendedRes.status(), await suspendedRes.text()).toBe(200);
  await waitForMail(farmer.context.request, farmer.user.email, /Important about your lease/);
  const thread = `/dashboard?tab=messages&conversation=${conversationId}`;
  await farmer.page.goto(thread);
  await expect(farmer.page.locator('[data-suspended-lease]')).toBeVisible();

  // The operator reinstates the owner from the console ("Suspended by mistake").
  const ops = operator.page;
  await ops.goto('/admin?tab=search');
  await ops.getByLabel('E-mail, name, title or id').fill(owner.user.email);
  await ops.getByRole('button', { name: 'Search' }).click();
  await ops.getByRole('button', { name: new RegExp(owner.user.email) }).click();
  await ops.locator(`[data-user-history="${owner.id}"]`).getByRole('button', { name: 'Reinstate account' }).click();
  const reinstate = ops.getByRole('dialog', { name: /Reinstate account/ });
  await reinstate.getByLabel('Reason (required)').fill('Suspended by mistake.');
  await reinstate.getByRole('button', { name: 'Reinstate account' }).click();
  await expect(reinstate).toBeHidden();

  // The partner hears it by e-mail: the warning no longer stands.
  const mail = await waitForMail(farmer.context.request, farmer.user.email, /Update about your lease/);
  expect(mail.text).toContain('reinstated');
  expect(mail.text).toContain(title);
  expect(mail.text).not.toContain('Suspended by mistake.');

  // And in the thread: no red warning, a notice that the account was reinstated; the box is open again.
  for (const viewport of [PHONE, DESKTOP]) {
    await farmer.page.setViewportSize(viewport);
    await farmer.page.goto(thread);
    await expect(farmer.page.getByRole('log', { name: /Messages with/ })).toBeVisible();
    await expect(farmer.page.locator('[data-suspended-lease]')).toHaveCount(0);
    const notice = farmer.page.locator('[data-reinstated-lease]');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('reinstated');
    await expect(farmer.page.getByRole('textbox', { name: 'Type a message' })).toBeEnabled();
    // Item 14: one date format on the screen ("January 1, 2027"), not "1 January 2027" beside "Dec 28, 2026".
    const pane = (await farmer.page.getByTestId('thread-pane').innerText()).replace(/\s+/g, ' ');
    expect(pane).toMatch(/\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/);
    expect(pane).not.toMatch(/\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/);
    expect(pane).not.toMatch(/\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b/);
    await farmer.page.screenshot({ path: path.join(SHOTS, `reinstated-thread-${viewport.width}x${viewport.height}.png`) });
  }

  await closeAll(operator, owner, farmer);
});
