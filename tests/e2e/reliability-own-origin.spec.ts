// Issue 11, defect 1, in Chromium: the product (PUBLIC_SITE_URL http://localhost:PORT) opened at
// http://127.0.0.1:PORT instead — sign-up and sign-in work (they were refused as cross-site), and the
// islands read GET /api/auth/user's user object (defect 2): the greeting shows the first name.
import { expect, test } from '@playwright/test';
import { newUser } from './accounts-helpers';

test('sign up and sign in at http://127.0.0.1:PORT, not the configured localhost address', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const ip = baseURL!.replace('localhost', '127.0.0.1');
  expect(ip).not.toBe(baseURL);
  const user = newUser('Iris');
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(r.url());
  });

  await page.goto(`${ip}/register`);
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(`${ip}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Iris!');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${ip}/`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto(`${ip}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${ip}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Iris!');
  expect(refused).toEqual([]);
});
