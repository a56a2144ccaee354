// The navigation bar switching between signed-out and signed-in states (desktop and mobile), and the
// route guards decided on the server.
import { expect, test } from '@playwright/test';
import { newUser, registerViaApi } from './accounts-helpers';
import { visitorFrom } from './browser';

test.use(visitorFrom(12));

test('desktop: Sign In / Sign Up, then List Space and the avatar menu, then signed out again', async ({ page, context, baseURL }) => {
  // A visitor without a session asks nothing about it: no GET /api/auth/user, so no 401 in the console.
  const userCalls: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/user') userCalls.push(page.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  await expect(nav.getByRole('button', { name: 'Account menu' })).toBeHidden();
  expect(userCalls).toEqual([]);
  expect(consoleErrors).toEqual([]);

  const user = newUser('Marie');
  await registerViaApi(context, baseURL!, user);
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'List Space' })).toHaveAttribute('href', '/list-space');
  const avatar = nav.getByRole('button', { name: 'Account menu' });
  await expect(avatar).toHaveText('M');
  await avatar.click();
  const menu = page.locator('#user-menu-panel');
  await expect(menu).toBeVisible();
  await expect(menu).toContainText('Marie Lovelace');
  await expect(menu).toContainText(user.email);
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL('/');
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect((await context.request.get('/api/auth/user')).status()).toBe(401);
  // Signed out again: the next page asks nothing either.
  const callsWhileSignedIn = userCalls.length;
  await page.goto('/about');
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(userCalls).toHaveLength(callsWhileSignedIn);
  expect(consoleErrors).toEqual([]);
});

test('content pages load no React runtime, signed in or not', async ({ page, context, baseURL }) => {
  await registerViaApi(context, baseURL!, newUser());
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/about');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(scripts.filter((s) => /\/_astro\/(client|react|react-dom|jsx-runtime)[.-]/i.test(s))).toEqual([]);
  expect(scripts.some((s) => s.includes('UserMenu'))).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the mobile panel shows Sign In / Sign Up, then the avatar, name, email, List Space and Log Out', async ({ page, context, baseURL }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.locator('#mobile-panel');
    await expect(panel.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Sign Up' })).toBeVisible();

    const user = newUser('Wangari');
    await registerViaApi(context, baseURL!, user);
    await page.goto('/how-it-works');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(panel.getByRole('link', { name: 'Sign In' })).toBeHidden();
    await expect(panel).toContainText('Wangari Lovelace');
    await expect(panel).toContainText(user.email);
    await expect(panel.locator('[data-avatar]')).toHaveText('W');
    await expect(panel.getByRole('link', { name: 'List Space' })).toHaveAttribute('href', '/list-space');
    const logOut = panel.getByRole('link', { name: 'Log Out' });
    await expect(logOut).toHaveAttribute('href', '/api/logout');
    await logOut.click();
    await page.waitForURL('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(panel.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});

test('route guards: anonymous → /login and back; signed in → no /login; / shows the dashboard', async ({ page, context, baseURL }) => {
  for (const path of ['/dashboard', '/settings', '/list-space', '/checkout?spaceId=1&paymentType=listing_fee&currency=USD']) {
    const response = await context.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location).toBe(`/login?next=${encodeURIComponent(path)}`);
  }
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Welcome back/);

  const user = newUser('Rosa');
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/);
  await registerViaApi(context, baseURL!, { ...user });
  await context.clearCookies();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);
  const home = await page.goto('/');
  expect(await home!.text()).toContain('<span data-greeting-word>Welcome back</span>, <span data-greeting-name>');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Rosa!');
});
