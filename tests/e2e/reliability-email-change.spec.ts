// Issue 15, item 5, in Chromium: Settings asks for the current password when the e-mail address changes
// (and only then), shows the API's refusal of a wrong one on the field, and the old address is told.
import { expect, test } from '@playwright/test';
import { newUser, registerViaApi, waitForMail } from './accounts-helpers';

test('changing the e-mail in Settings takes the current password', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const user = newUser('Mira');
  await registerViaApi(context, baseURL!, user);
  await page.goto('/settings');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page.getByLabel('Current password')).toHaveCount(0);

  const next = `moved-${user.email}`;
  await page.getByLabel('Email').fill(next);
  const password = page.getByLabel('Current password');
  await expect(password).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Enter your current password to change your e-mail address')).toBeVisible();

  await password.fill('not-my-password');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Current password is incorrect').first()).toBeVisible();

  await password.fill(user.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please check your e-mail to verify your new address.')).toBeVisible();
  const notice = await waitForMail(page.request, user.email, /e-mail address of your FarmSpace account was changed/);
  expect(notice.text).toMatch(/^Hello,/);
  expect(notice.text).toContain('/reset-password?token=');
  await waitForMail(page.request, next, /Verify/);
});
