// Public profiles end to end (issue 28), two people in two browsers: a farmer writes their public profile in
// Settings (the dialog that loads on demand), with a picture, and opens it; the owner's listing page leads to the owner's
// profile, and the farmer's name in the owner's conversation leads to the farmer's. No e-mail, no surname.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { liveListing, person, startConversation, closeAll, originOf } from './fixtures/api';
import { expectNoSeriousAxeViolations } from './spaces-helpers';
import { smallPhoto } from '../fixtures/photos';

test('a farmer writes their profile; a listing and a conversation lead to the people behind them', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  mkdirSync('test-results/profiles', { recursive: true });
  const owner = await person(browser, baseURL!, { firstName: 'Odile', lastName: 'Marchand', octet: 161 });
  const farmer = await person(browser, baseURL!, { firstName: 'Farid', lastName: 'Haddad', octet: 162, viewport: { width: 390, height: 844 } });
  expect((await owner.context.request.put('/api/profile', { headers: originOf(baseURL!), data: { about: 'Three rooftops in the old port, with water and a freight lift.', crops: '', growingSystems: [], experienceYears: null, website: '' } })).status()).toBe(200);
  const spaceId = await liveListing(owner.context.request, baseURL!, { title: 'Port rooftop', description: 'A flat roof with water and a freight lift.', location: '2 Quay Street', size: 1200, pricePerMonth: '900', spaceType: 'rooftop' });

  // The farmer writes their profile in Settings.
  await farmer.page.goto('/settings');
  await farmer.page.getByRole('button', { name: 'Edit public profile' }).click();
  const dialog = farmer.page.getByTestId('public-profile-dialog');
  await dialog.locator('input[name="avatar"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await smallPhoto(40) });
  await expect(dialog.getByRole('img', { name: 'Your picture' })).toBeVisible();
  await dialog.getByLabel('About you').fill('I grow <b>microgreens</b> for six restaurants.');
  await dialog.getByLabel('What you grow').fill('Pea shoots, sunflower, radish');
  await dialog.getByLabel('Microgreens racks').check();
  await dialog.getByLabel('Experience (years)').fill('4');
  await dialog.getByLabel(/^Link/).fill('ftp://nope');
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog.getByText('Link must be a web address')).toBeVisible();
  await dialog.getByLabel(/^Link/).fill('https://farid.example');
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog).toBeHidden();
  await farmer.page.getByRole('link', { name: 'View your profile' }).click();
  await expect(farmer.page.getByRole('heading', { level: 1 })).toHaveText('Farid H.');
  await expect(farmer.page.getByText('I grow microgreens for six restaurants.')).toBeVisible();
  await expect(farmer.page.getByRole('img', { name: "Farid H.'s picture" })).toHaveJSProperty('complete', true);
  expect(await farmer.page.getByRole('img', { name: "Farid H.'s picture" }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(farmer.page.getByText('Microgreens racks')).toBeVisible();
  await expect(farmer.page.getByText('4 years')).toBeVisible();
  await expect(farmer.page.locator('article')).not.toContainText('Haddad');
  await expectNoSeriousAxeViolations(farmer.page);
  await farmer.page.screenshot({ path: 'test-results/profiles/farmer-profile-phone.png', fullPage: true });

  // From the owner's listing to the owner.
  await farmer.page.goto(`/spaces/${spaceId}`);
  await farmer.page.getByRole('link', { name: 'About the owner →' }).click();
  await expect(farmer.page).toHaveURL(`/people/${owner.id}`);
  await expect(farmer.page.getByRole('heading', { level: 1 })).toHaveText('Odile M.');
  await expect(farmer.page.getByText('Three rooftops in the old port')).toBeVisible();
  await expect(farmer.page.getByRole('link', { name: /Port rooftop/ })).toHaveAttribute('href', `/spaces/${spaceId}`);
  await expect(farmer.page.locator('article')).not.toContainText(owner.user.email);
  await expect(farmer.page.locator('article')).not.toContainText('Marchand');

  // From the owner's conversation to the farmer.
  await startConversation(farmer.context.request, baseURL!, spaceId, 'Hello, could I grow microgreens on your roof?');
  await owner.page.goto('/dashboard?tab=messages');
  await owner.page.getByRole('button', { name: /Farid/ }).first().click();
  await owner.page.getByTestId('thread-profile-link').click();
  await expect(owner.page).toHaveURL(`/people/${farmer.id}`);
  await expect(owner.page.getByText('Pea shoots, sunflower, radish')).toBeVisible();
  await owner.page.screenshot({ path: 'test-results/profiles/farmer-profile-desktop.png', fullPage: true });

  // A profile that does not exist is a page that says so, with a 404.
  expect((await owner.page.goto('/people/999999999'))?.status()).toBe(404);
  await expect(owner.page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
  await closeAll(owner, farmer);
});
