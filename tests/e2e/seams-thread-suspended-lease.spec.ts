// Issue 25, item 24: a farmer with an agreed lease is told when FarmSpace suspends the other party (for
// example on suspected fraud) — by e-mail, and in the conversation itself, where the lease was agreed: the
// thread says what to do now (send no money, deposits or keys; sign nothing) and whom to ask, without the
// operator's reason. Set up through the API (fixtures/api.ts); the farmer reads it in the real page.
import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test } from '@playwright/test';
import { SUPPORT_EMAIL } from '#contracts/constants';
import { closeAll, linkFrom, liveListing, originOf, person, startConversation, waitForMail } from './fixtures/api';

// The machines these run on are shared and busy: a page's first paint can take longer than the default 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

test('the farmer of an agreed lease is told in the thread (and by e-mail) when the owner is suspended for suspected fraud', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const headers = originOf(baseURL!);
  const operatorEmail = 'operator-lease-e2e@example.com';
  const operator = await person(browser, baseURL!, { firstName: 'Opal', lastName: 'Keeper', email: operatorEmail, octet: 155 });
  await operator.page.goto(linkFrom(await waitForMail(operator.context.request, operatorEmail, /Verify/), '/verify-email'));
  await expect(operator.page.getByText(/verified/i).first()).toBeVisible();

  const owner = await person(browser, baseURL!, { firstName: 'Otto', lastName: 'Crook', octet: 156, viewport: PHONE, verified: true });
  const farmer = await person(browser, baseURL!, { firstName: 'Fern', lastName: 'Grower', octet: 157, viewport: DESKTOP, verified: true });
  const title = `Warehouse bay ${randomBytes(3).toString('hex')}`;
  const spaceId = await liveListing(owner.context.request, baseURL!, { title });
  const conversationId = await startConversation(farmer.context.request, baseURL!, spaceId, 'Hello! Could I start a microgreens farm here next month?');
  const d = new Date();
  const startDate = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  const proposed = await farmer.context.request.post(`/api/conversations/${conversationId}/proposals`, { headers, data: { rent: '1400', startDate, termMonths: 12, utilitiesPaidBy: 'tenant', notes: '' } });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const proposalId = ((await proposed.json()) as { id: number }).id;
  const accepted = await owner.context.request.post(`/api/proposals/${proposalId}/accept`, { headers, data: {} });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // Before the suspension the thread has no such notice.
  const page = farmer.page;
  await page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
  await expect(page.locator('[data-proposal][data-status="accepted"]')).toBeVisible();
  await expect(page.locator('[data-suspended-lease]')).toHaveCount(0);

  const reason = 'Suspected fraud: the same photos under three names.';
  const suspended = await operator.context.request.post(`/api/admin/users/${owner.id}/suspend`, { headers, data: { reason } });
  expect(suspended.status(), await suspended.text()).toBe(200);

  // The farmer opens the conversation: the notice is in the thread's header, as an alert, in words.
  await page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
  const notice = page.locator('[data-suspended-lease]');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(notice).toContainText('You agreed a lease with this person');
  await expect(notice).toContainText('suspected fraud');
  await expect(notice).toContainText('do not send money, deposits or keys');
  await expect(notice.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  await expect(page.getByRole('log', { name: /Messages with/ })).toBeVisible();
  // The operator's reason stays between FarmSpace and the suspended person.
  await expect(page.getByText(reason)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('suspended-lease-thread-desktop.png') });

  // And by e-mail, with replies going to support.
  const mail = await waitForMail(farmer.context.request, farmer.user.email, /Important about your lease/);
  expect(mail.text).not.toContain(reason);

  await closeAll(operator, owner, farmer);
});
