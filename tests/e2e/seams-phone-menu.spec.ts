// Issue 43, item 12: on a phone the menu of a signed-in person leads where the desktop's account menu does —
// Dashboard, My Listings, Messages and Settings — beside List Space and Log Out.
import { expect as baseExpect, test } from '@playwright/test';
import { newUser, registerViaApi } from './accounts-helpers';
import { visitorFrom } from './browser';

const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ ...visitorFrom(244), viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('a signed-in person finds Dashboard, My Listings and Settings in the phone menu', async ({ page, context, baseURL }, testInfo) => {
  await registerViaApi(context, baseURL!, newUser('Menna'));
  await page.goto('/how-it-works');
  await page.getByRole('button', { name: 'Open menu' }).tap();
  const panel = page.locator('#mobile-panel');
  await expect(panel).toContainText('Menna Lovelace');
  for (const [name, href] of [['Dashboard', '/dashboard'], ['My Listings', '/dashboard?tab=listings'], ['Messages', '/dashboard?tab=messages'], ['Settings', '/settings']] as const) {
    await expect(panel.getByRole('link', { name, exact: name !== 'Messages' })).toHaveAttribute('href', href);
  }
  await page.screenshot({ path: testInfo.outputPath('phone-menu-signed-in.png') });
  await panel.getByRole('link', { name: 'My Listings', exact: true }).tap();
  await page.waitForURL(/\/dashboard\?tab=listings/);
  await expect(page.getByRole('tab', { name: 'My Listings', selected: true })).toBeVisible();
});
