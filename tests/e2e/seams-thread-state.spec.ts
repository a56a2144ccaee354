// Issue 43, item 9: a conversation whose other party can no longer be written to says so once, and its
// message box is there but disabled with that reason — never a live box that refuses only after typing
// (a suspended partner), nor a closed account's thread that says "You can still write to each other here"
// without a box and still offers "Report this person".
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { linkFrom, waitForMail } from './fixtures/api';
import { closeAll, DESKTOP, ownerAndFarmerTalking, PHONE, signedIn } from './seams-thread-setup';

const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = path.resolve('test-results', 'seams-thread');

/** The box is shown, disabled, and described by the one sentence that says why; Send is disabled too. */
async function expectClosedBox(page: Page, reason: RegExp) {
  const box = page.getByRole('textbox', { name: 'Type a message' });
  await expect(box).toBeVisible();
  await expect(box).toBeDisabled();
  await expect(box).toHaveAccessibleDescription(reason);
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
}

test('a suspended partner: the box is disabled with the reason, said once', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const operator = await signedIn(browser, baseURL!, 'Opal', 'Keeper', 237, DESKTOP, 'operator-seams3-e2e@example.com');
  await operator.page.goto(linkFrom(await waitForMail(operator.context.request, operator.user.email, /Verify/), '/verify-email'));
  await expect(operator.page.getByText(/verified/i).first()).toBeVisible();
  const { owner, farmer, conversationId } = await ownerAndFarmerTalking(browser, baseURL!, { octets: [238, 239], farmerViewport: PHONE });
  const res = await operator.context.request.post(`/api/admin/users/${owner.id}/suspend`, { headers: { origin: baseURL! }, data: { reason: 'Fake listing.' } });
  expect(res.status(), await res.text()).toBe(200);

  for (const viewport of [PHONE, DESKTOP]) {
    await farmer.page.setViewportSize(viewport);
    await farmer.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
    await expect(farmer.page.getByRole('log', { name: /Messages with/ })).toBeVisible();
    await expectClosedBox(farmer.page, /suspended/);
    await expect(farmer.page.getByTestId('thread-pane').getByText(/This account is suspended/)).toHaveCount(1);
    await farmer.page.screenshot({ path: path.join(SHOTS, `suspended-partner-${viewport.width}x${viewport.height}.png`) });
  }
  await closeAll(operator, owner, farmer);
});

test('a closed account: no "You can still write", no "Report this person", the box disabled with the reason', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const { owner, farmer, conversationId } = await ownerAndFarmerTalking(browser, baseURL!, { octets: [240, 241], farmerViewport: PHONE });
  const closed = await owner.context.request.delete('/api/account', { headers: { origin: baseURL! }, data: { password: owner.user.password } });
  expect(closed.status(), await closed.text()).toBe(200);

  for (const viewport of [PHONE, DESKTOP]) {
    await farmer.page.setViewportSize(viewport);
    await farmer.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
    const pane = farmer.page.getByTestId('thread-pane');
    await expect(farmer.page.getByRole('log', { name: /Messages with/ })).toBeVisible();
    await expectClosedBox(farmer.page, /closed their FarmSpace account/);
    await expect(pane.getByText(/closed their FarmSpace account/)).toHaveCount(1);
    await expect(pane.getByText(/You can still write to each other/)).toHaveCount(0);
    await expect(pane.getByRole('button', { name: 'Report this person' })).toHaveCount(0);
    await farmer.page.screenshot({ path: path.join(SHOTS, `closed-partner-${viewport.width}x${viewport.height}.png`) });
  }
  await closeAll(owner, farmer);
});
