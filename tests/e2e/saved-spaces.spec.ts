// Saved spaces end to end (issue 19's "saves by farmers"), two people in two browsers: a farmer saves a
// listing from its page (the toggle says it is pressed), finds it in the dashboard's Saved Spaces tab
// (axe, a phone-sized screenshot), and the owner's listing numbers count the save; removing empties the tab.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { liveListing, person } from './fixtures/api';
import { expectNoSeriousAxeViolations } from './spaces-helpers';

test('a farmer saves a listing, finds it in Saved Spaces, the owner sees the save counted; removing empties the tab', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  mkdirSync('test-results/saved-spaces', { recursive: true });
  const owner = await person(browser, baseURL!, { firstName: 'Sabine', octet: 81 });
  const farmer = await person(browser, baseURL!, { firstName: 'Sven', octet: 82, viewport: { width: 390, height: 844 } });
  const title = `Basement grow room ${randomBytes(3).toString('hex')}`;
  const spaceId = await liveListing(owner.context.request, baseURL!, { title, description: 'A dry basement with three-phase power and a floor drain.', location: '5 Mill Lane', size: 900, pricePerMonth: '700', spaceType: 'basement' });

  await farmer.page.goto(`/spaces/${spaceId}`);
  const save = farmer.page.getByRole('button', { name: /^Saved?$/ });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  // Once saved it says so (issue 25 item 22).
  await expect(save).toHaveText('Saved');
  await expect(farmer.page.getByText('Find it again under Saved Spaces')).toBeVisible();
  await save.scrollIntoViewIfNeeded();
  await farmer.page.screenshot({ path: 'test-results/saved-spaces/listing-saved-phone.png' });

  await farmer.page.goto('/dashboard?tab=saved');
  await expect(farmer.page.getByRole('tab', { name: 'Saved Spaces' })).toHaveAttribute('aria-selected', 'true');
  const list = farmer.page.getByRole('list', { name: 'Saved spaces' });
  await expect(list.getByRole('link', { name: title })).toHaveAttribute('href', `/spaces/${spaceId}`);
  await expectNoSeriousAxeViolations(farmer.page);
  await farmer.page.screenshot({ path: 'test-results/saved-spaces/saved-tab-phone.png', fullPage: true });

  await owner.page.goto('/dashboard?tab=listings');
  const numbers = owner.page.locator(`[data-listing-numbers="${spaceId}"]`);
  await numbers.locator('summary').click();
  await expect(numbers).toContainText('Saves: 1');

  await list.getByRole('button', { name: `Remove ${title}` }).click();
  await expect(farmer.page.getByTestId('saved-spaces-empty')).toBeVisible();
  await farmer.page.goto(`/spaces/${spaceId}`);
  await expect(farmer.page.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute('aria-pressed', 'false');

  expect((await owner.context.request.delete(`/api/spaces/${spaceId}`, { headers: { origin: baseURL! } })).status()).toBe(204);
  await owner.context.close();
  await farmer.context.close();
});
