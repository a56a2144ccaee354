// Settings has the dashboard's tab table and deep links (issue 16 §2): ?tab= opens that tab, switching
// tabs writes it back (no history entry), an unknown tab falls back to the first.
import { expect, test } from '@playwright/test';
import { signUpAndIn } from './spaces-helpers';

test('settings tabs are deep-linkable with ?tab= like the dashboard', async ({ page, baseURL }) => {
  await signUpAndIn(page, baseURL!);
  await page.goto('/settings?tab=billing');
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('No payments yet');

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=security$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/settings?tab=nonsense');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');

  // The saved-searches note about e-mails off links straight to the Notifications tab.
  await page.goto('/settings?tab=notifications');
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
});
