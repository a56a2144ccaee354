// The console's Jobs tab (issue 31): a verification e-mail to an address at .invalid is refused for good by
// the mail server (the development mailbox answers 550, as a real one would for an unknown domain), so the
// outbox gives it up; the operator finds it under the outbox job, retries it (it fails again), drops it with
// a reason, and finds both actions in the audit log. axe on the tab; a screenshot of it.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { visitorFrom } from './browser';
import { closeAll, linkFrom, newUser, person, registerViaApi, waitForMail } from './fixtures/api';
import { expectNoSeriousAxeViolations } from './spaces-helpers';

const OPERATOR_EMAIL = 'operator-jobs-e2e@example.com';
const SCREENS = 'test-results/admin-jobs-screens';

test('the operator sees the jobs, retries and drops an e-mail the mail server refused, and both are audited', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  mkdirSync(SCREENS, { recursive: true });
  const operator = await person(browser, baseURL!, { firstName: 'Otto', octet: 141, email: OPERATOR_EMAIL });
  await operator.page.goto(linkFrom(await waitForMail(operator.context.request, OPERATOR_EMAIL, /Verify/), '/verify-email'));
  await expect(operator.page.getByText(/verified/i).first()).toBeVisible();

  // Someone signs up with a mistyped domain: the verification e-mail can never be delivered.
  const bouncing = { ...newUser('Bea', 'Bounce'), email: `bea-${Date.now()}@mistyped.invalid` };
  const visitor = await browser.newContext({ baseURL, ...visitorFrom(142) });
  await registerViaApi(visitor, baseURL!, bouncing);

  const ops = operator.page;
  await ops.setViewportSize({ width: 1280, height: 900 });
  await ops.goto('/admin?tab=jobs');
  await expect(ops.locator('[data-job="email-outbox"]')).toBeVisible();
  const item = ops.locator('[data-failed-item]').filter({ hasText: bouncing.email });
  // The outbox job runs every 2 s: refresh until it has given the e-mail up.
  await expect(async () => {
    await ops.getByRole('button', { name: 'Refresh' }).click();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(item).toContainText('550');
  await expect(ops.locator('[data-job="email-outbox"]')).toContainText('failed item');
  await expectNoSeriousAxeViolations(ops);
  await ops.screenshot({ path: `${SCREENS}/jobs-desktop.png`, fullPage: true });

  // Retry: back in line, refused again, failed again.
  await item.getByRole('button', { name: 'Retry item' }).click();
  const retry = ops.getByRole('dialog', { name: 'Retry item' });
  await retry.getByLabel('Reason (required)').fill('Trying once more before dropping it.');
  await retry.getByRole('button', { name: 'Retry item' }).click();
  await expect(retry).toBeHidden();
  await expect(async () => {
    await ops.getByRole('button', { name: 'Refresh' }).click();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // Drop: gone for good.
  await item.getByRole('button', { name: 'Drop item' }).click();
  const drop = ops.getByRole('dialog', { name: 'Drop item' });
  await drop.getByLabel('Reason (required)').fill('The domain does not exist; the person can correct the address in Settings.');
  await drop.getByRole('button', { name: 'Drop item' }).click();
  await expect(drop).toBeHidden();
  await expect(item).toHaveCount(0);
  await ops.getByRole('button', { name: 'Refresh' }).click();
  await expect(item).toHaveCount(0);

  // Both in the audit log, with the reasons.
  await ops.goto('/admin?tab=audit');
  await ops.getByLabel('Target type').selectOption('email');
  await ops.getByRole('button', { name: 'Filter' }).click();
  await expect(ops.locator('[data-audit-action="job.drop"]').first()).toContainText('The domain does not exist');
  await expect(ops.locator('[data-audit-action="job.retry"]').first()).toContainText('Trying once more before dropping it.');

  await closeAll(operator, { context: visitor });
});
