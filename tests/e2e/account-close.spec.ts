// Issue 28 in the browser: Settings → Security → Your data. The person downloads their data (one JSON file
// naming them), closes the account in the dialog (password and CLOSE typed), lands signed out on the home
// page with the toast, cannot sign in again, and registers anew with the same e-mail address.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newUser, registerViaApi } from './accounts-helpers';
import { visitorFrom } from './browser';

test.use(visitorFrom(228));

test('download my data, close the account, sign-in fails, the address registers again', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const user = newUser('Clara', 'Closing');
  await registerViaApi(page.context(), baseURL!, user);
  await page.goto('/settings?tab=security');

  await test.step('download my data', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^farmspace-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(document.sections.account).toMatchObject({ email: user.email, firstName: 'Clara', lastName: 'Closing' });
  });

  await test.step('close the account: the password and CLOSE, a wrong password first', async () => {
    await page.getByRole('heading', { name: 'Your data' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/account-data-section.png' });
    await page.getByRole('button', { name: 'Close account' }).click();
    const dialog = page.getByTestId('close-account-dialog');
    await expect(dialog.getByRole('heading', { name: 'Close your account?' })).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await expect(dialog.getByText('To confirm, type CLOSE in capital letters')).toBeVisible();
    await dialog.getByLabel('Type CLOSE to confirm').fill('CLOSE');
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await expect(dialog.getByText('The password is incorrect: your account is still open')).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await page.screenshot({ path: 'test-results/account-close-dialog.png' });
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await page.waitForURL('/');
    await expect(page.getByText('Your account is closed', { exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  await test.step('signing in fails; registering with the same address works', async () => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    await page.goto('/register');
    await page.getByLabel('First name').fill('Clara');
    await page.getByLabel('Last name').fill('Again');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Clara!');
  });
});
