// The account journey in Chromium: register → verification e-mail in the dev mailbox → verify → sign in →
// change profile → change password (old fails, new works, a second signed-in browser is signed out) →
// forgot password → reset link from the mailbox → sign in.
import { expect, test } from '@playwright/test';
import { linkFrom, newUser, waitForMail } from './accounts-helpers';
import { visitorFrom } from './browser';

test.use(visitorFrom(11));

// @deep (docs/decisions/0611): the whole account journey through its forms (40–50 s): sign-up and sign-in through the UI stay in `npm test` (accounts-nav, reliability-open-redirect), the calls behind the rest in tests/integration/accounts.
test('register, verify, sign in, edit profile, change and reset the password', { tag: '@deep' }, async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const user = newUser('Ada');

  await test.step('register', async () => {
    await page.goto('/register');
    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Last name').fill(user.lastName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('/');
    // Just registered: "Welcome", not "Welcome back" (issue 25); signing in later says "Welcome back".
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ada!');
    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(page.getByText('Please check your e-mail to verify your account.')).toBeVisible();
  });

  await test.step('verify the e-mail address with the link from the mailbox', async () => {
    const mail = await waitForMail(page.request, user.email, /Verify/);
    await page.goto(linkFrom(mail, '/verify-email'));
    await expect(page.getByText('Your e-mail address is verified')).toBeVisible();
    await expect(page).toHaveURL(/\/verify-email$/);
  });

  await test.step('log out from the menu, then sign in', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('/');
    await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Ada!');
  });

  await test.step('change the profile', async () => {
    await page.goto('/settings');
    await page.getByLabel('First name').fill('Augusta');
    await page.getByLabel('Account Type').selectOption({ label: 'Urban Farmer' });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile Updated')).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.locator('#user-menu-panel')).toContainText('Augusta Lovelace');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Augusta');
    await expect(page.getByLabel('Account Type')).toHaveValue('farmer');
  });

  await test.step('settings nothing reads say so (docs/accounts.md: settings saved for later)', async () => {
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByRole('switch', { name: 'SMS Notifications' })).toHaveAccessibleDescription(/Saved for later/);
    await expect(page.getByRole('switch', { name: 'Email Notifications' })).not.toHaveAccessibleDescription(/Saved for later/);
    await page.getByRole('tab', { name: 'Preferences' }).click();
    // Public Profile now does what it says (issue 28: /people/{id} is 404 to others when it is off).
    await expect(page.getByRole('switch', { name: 'Public Profile' })).not.toHaveAccessibleDescription(/Saved for later/);
    await expect(page.getByRole('switch', { name: 'Show Contact Info' })).toHaveAccessibleDescription(/Saved for later/);
    await expect(page.getByText('Language and currency are saved for later')).toBeVisible();
  });

  const second = await browser.newContext({ baseURL });
  const secondPage = await second.newPage();
  await test.step('sign in on a second browser', async () => {
    await secondPage.goto('/login');
    await secondPage.getByLabel('Email').fill(user.email);
    await secondPage.getByLabel('Password', { exact: true }).fill(user.password);
    await secondPage.getByRole('button', { name: 'Sign In' }).click();
    await secondPage.waitForURL('/');
    await secondPage.goto('/settings');
    await expect(secondPage.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  });

  const changed = `${user.password}-changed`;
  await test.step('change the password: the second browser is signed out', async () => {
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill(changed);
    await page.getByLabel('Confirm new password').fill(changed);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password Changed')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');
    // this browser stays signed in
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await secondPage.goto('/settings');
    await expect(secondPage).toHaveURL(/\/login\?next=%2Fsettings$/);
  });

  await test.step('the old password fails, the new one works', async () => {
    await secondPage.getByLabel('Email').fill(user.email);
    await secondPage.getByLabel('Password', { exact: true }).fill(user.password);
    await secondPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(secondPage.getByText('Login failed')).toBeVisible();
    await expect(secondPage.getByText('Invalid email or password')).toBeVisible();
    await secondPage.getByLabel('Password', { exact: true }).fill(changed);
    await secondPage.getByRole('button', { name: 'Sign In' }).click();
    await secondPage.waitForURL('/settings');
  });
  await second.close();

  const reset = `${user.password}-reset`;
  await test.step('forgot password: the reset link from the mailbox sets a new one', async () => {
    await page.goto('/api/logout');
    await page.waitForURL('/');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    const mail = await waitForMail(page.request, user.email, /Reset/);
    await page.goto(linkFrom(mail, '/reset-password'));
    await page.getByLabel('New password', { exact: true }).fill(reset);
    await page.getByLabel('Confirm new password').fill(reset);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('/login');
    await expect(page.getByText('Your password has been reset. Please sign in with the new one.')).toBeVisible();
  });

  await test.step('sign in with the new password', async () => {
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(reset);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Augusta!');
  });
});
