// Every validation message of spec 5 for the account forms, shown under its field in the browser.
import { expect, test } from '@playwright/test';
import { newUser, registerViaApi } from './accounts-helpers';
import { visitorFrom } from './browser';

test.use(visitorFrom(13));

test('login: email and password messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('ada@example.com');
  await expect(page.getByText('Please enter a valid email address')).toBeHidden();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('main').getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  await expect(page.getByRole('main').getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact');
});

test('login: the password can be shown and hidden', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret-value');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('register: names, email and password messages, and the server refuses common passwords', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/login');

  const user = newUser();
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration failed')).toBeVisible();
  await expect(page.locator('[data-field-error="password"]')).toHaveText('This password is too common. Please choose one that is harder to guess');
});

test('settings: profile and password change messages', async ({ page, context, baseURL }) => {
  await registerViaApi(context, baseURL!, newUser('Grace'));
  await page.goto('/settings');
  await page.getByLabel('First name').fill('');
  await page.getByLabel('Last name').fill('');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();

  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Please confirm your password')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm new password').fill('something-else');
  await expect(page.locator('[data-field-error="confirmPassword"]')).toHaveText("Passwords don't match");
  await page.getByLabel('Current password').fill('wrong-current-password');
  await page.getByLabel('Confirm new password').fill('long-enough-1');
  await page.getByLabel('New password', { exact: true }).fill('Long-Enough-Unusual-1');
  await page.getByLabel('Confirm new password').fill('Long-Enough-Unusual-1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password Change Failed')).toBeVisible();
  await expect(page.locator('[data-field-error="currentPassword"]')).toHaveText('Current password is incorrect');
});

test('forgot and reset password: messages', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.goto('/reset-password?token=an-invalid-token-that-is-long-enough');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Please confirm your password')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Long-Enough-Unusual-2');
  await page.getByLabel('Confirm new password').fill('Long-Enough-Unusual-3');
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm new password').fill('Long-Enough-Unusual-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired. Please request a new one.')).toBeVisible();
});
