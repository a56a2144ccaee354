// Messaging end to end with two people in two browsers: a farmer contacts an owner from /spaces, the owner
// finds the inquiry and the conversation (with its unread count) in the dashboard and replies with Enter,
// and the farmer's open thread shows the reply without a reload. Plus the contact dialog by keyboard
// alone, and axe on the dashboard's tabs (Saved Spaces and Saved Searches too) and the dialogs.
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser } from '@playwright/test';
import { MESSAGES_REFRESH_MS } from '#contracts/messaging';
import { afterNextPoll, liveListing as liveListingVia, person as personVia, removeListings as removeListingsVia, type Person } from './fixtures/api';
import { expectNoSeriousAxeViolations } from './spaces-helpers';

async function person(browser: Browser, baseURL: string, firstName: string, octet: number): Promise<Person> {
  return personVia(browser, baseURL, { firstName, lastName: `${firstName}son`, octet });
}

/** A live listing of `owner`, its listing fee paid with the test card. */
const liveListing = (owner: Person, baseURL: string, title: string, city: string) =>
  liveListingVia(owner.context.request, baseURL, { title, city, size: 1800, amenities: ['water_access'] });

/** Removes the owner's listings again (archived where a conversation hangs on them: never public), leaving browse with the demo data. */
const removeListings = (owner: Person, baseURL: string) => removeListingsVia(owner.context.request, baseURL);

test('a farmer contacts an owner; the owner replies with Enter; the farmer sees it without reloading', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const owner = await person(browser, baseURL!, 'Olivia', 81);
  const farmer = await person(browser, baseURL!, 'Felix', 82);
  const city = `Testville${randomBytes(3).toString('hex')}`;
  const roofTitle = `Sunny roof ${city}`;
  await liveListing(owner, baseURL!, roofTitle, city);
  const otherId = await liveListing(owner, baseURL!, `Quiet basement ${city}`, city);

  // The farmer finds the rooftop on /spaces and contacts the owner from its card.
  await farmer.page.goto(`/spaces?city=${city}`);
  const card = farmer.page.locator('[data-space-card]', { hasText: roofTitle });
  await card.getByRole('button', { name: 'Contact Owner' }).click();
  const dialog = farmer.page.getByRole('dialog', { name: 'Contact Space Owner' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Your Name' })).toHaveValue('Felix Felixson');
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue(new RegExp(roofTitle));
  await expectNoSeriousAxeViolations(farmer.page, '[data-testid="contact-dialog"]');
  await dialog.getByRole('textbox', { name: 'Message' }).fill("Hello! I'd like to grow microgreens on your roof. Could I visit next week?");
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(farmer.page.locator('#toast-live')).toContainText('Inquiry Sent');
  await expect(dialog).toBeHidden();

  // A second inquiry (about the basement) arrives after it, so the rooftop's conversation is not the one
  // opened automatically and keeps its unread count on screen.
  const second = await farmer.context.request.post('/api/conversations', {
    headers: { origin: baseURL! },
    data: { spaceId: otherId, content: 'Is the basement dry all year round?' },
  });
  expect(second.status()).toBe(201);
  const conversations = (await (await farmer.context.request.get('/api/conversations')).json()) as { id: number; space: { title: string } }[];
  const roofConversation = conversations.find((c) => c.space.title === roofTitle)!.id;

  // The farmer keeps the rooftop conversation open (the link e-mails use), its clock ours to move on.
  await farmer.page.clock.install();
  await farmer.page.goto(`/dashboard?tab=messages&conversation=${roofConversation}`);
  const farmerThread = farmer.page.getByTestId('thread');
  await expect(farmerThread).toContainText('microgreens');

  // The owner: the inquiry, then the conversation with its unread count.
  await owner.page.goto('/dashboard?tab=inquiries');
  await expect(owner.page.getByRole('heading', { name: 'Welcome back, Olivia!' })).toBeVisible();
  const received = owner.page.locator('[data-inquiry-received]', { hasText: 'microgreens' });
  await expect(received).toContainText('Felix Felixson');
  await expect(received).toContainText(farmer.user.email);
  await expect(owner.page.locator('[data-auth-area="desktop"] [data-unread-badge]')).toHaveText('2');
  await expect(owner.page.getByRole('tab', { name: 'Messages 2 unread', exact: true })).toBeVisible();
  // On a phone the count shows on the button that opens the menu panel, and is in its name.
  await owner.page.setViewportSize({ width: 390, height: 800 });
  await expect(owner.page.getByRole('button', { name: 'Open menu, 2 unread messages', exact: true })).toBeVisible();
  await expect(owner.page.locator('#mobile-menu-button [data-unread-badge]')).toHaveText('2');
  await owner.page.setViewportSize({ width: 1280, height: 720 });
  await expectNoSeriousAxeViolations(owner.page);

  await owner.page.getByRole('tab', { name: /Messages/ }).click();
  await expect(owner.page).toHaveURL(/tab=messages/);
  const roofItem = owner.page.locator(`[data-conversation="${roofConversation}"]`);
  await expect(roofItem).toContainText('Felix Felixson');
  await expect(roofItem).toContainText(roofTitle);
  await expect(roofItem.locator('[data-unread-count]')).toHaveText(/^1/);
  await expectNoSeriousAxeViolations(owner.page);

  await roofItem.click();
  await expect(owner.page).toHaveURL(new RegExp(`conversation=${roofConversation}`));
  const ownerThread = owner.page.getByTestId('thread');
  await expect(ownerThread).toContainText("I'd like to grow microgreens");
  await expect(roofItem.locator('[data-unread-count]')).toHaveCount(0);

  const box = owner.page.getByRole('textbox', { name: 'Type a message' });
  const send = owner.page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await box.fill('   ');
  await expect(send).toBeDisabled();
  await box.fill("Of course! Tuesday at 10? It's the \"green door\".");
  await box.press('Shift+Enter');
  await box.pressSequentially('Ring twice.');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(ownerThread).toContainText('Ring twice.');
  await expect(owner.page.locator('#toast-live')).toContainText('Message Sent');

  // The farmer's open thread shows the reply on its next poll, without a reload.
  await afterNextPoll(farmer.page, MESSAGES_REFRESH_MS, () => expect(farmerThread).toContainText('Of course! Tuesday at 10? It\'s the "green door".', { timeout: 2_000 }));
  await expect(farmerThread).toContainText('Ring twice.');

  await removeListings(owner, baseURL!);
  await owner.context.close();
  await farmer.context.close();
});

test('the contact dialog works by keyboard alone and validates on submit, then on change', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const owner = await person(browser, baseURL!, 'Kim', 83);
  const farmer = await person(browser, baseURL!, 'Kai', 84);
  const city = `Keyburg${randomBytes(3).toString('hex')}`;
  const id = await liveListing(owner, baseURL!, `Keyboard loft ${city}`, city);

  const page = farmer.page;
  await page.goto(`/spaces/${id}`);
  const contact = page.getByRole('button', { name: 'Contact Owner' });
  await contact.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Contact Space Owner' });
  await expect(dialog).toBeVisible();
  // Escape closes the dialog without sending, and gives the focus back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(contact).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const name = dialog.getByRole('textbox', { name: 'Your Name' });
  const message = dialog.getByRole('textbox', { name: 'Message' });
  // Focus starts inside the dialog; Tab reaches the name, then the message.
  while (!(await name.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Tab');
  await expect(message).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Too short');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Message must be at least 10 characters')).toBeVisible();
  await expect(name).toBeFocused();
  await expectNoSeriousAxeViolations(page, '[data-testid="contact-dialog"]');

  // After the first submit, errors follow every change.
  await page.keyboard.type('Kai Kaison');
  await expect(dialog.getByText('Name is required')).toBeHidden();
  await page.keyboard.press('Tab');
  await page.keyboard.press('End');
  await page.keyboard.type(' - is the loft heated in winter?');
  await expect(dialog.getByText('Message must be at least 10 characters')).toBeHidden();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('#toast-live')).toContainText('Inquiry Sent');
  await expect(dialog).toBeHidden();
  // Written once: the page offers that conversation instead of a second inquiry, with the focus on it.
  const view = page.getByRole('link', { name: 'View conversation' });
  await expect(view).toBeFocused();
  await expect(contact).toHaveCount(0);
  const sent = (await (await farmer.context.request.get('/api/inquiries/farmer')).json()) as { message: string }[];
  expect(sent.map((i) => i.message)).toEqual(['Too short - is the loft heated in winter?']);
  const [conversation] = (await (await farmer.context.request.get('/api/conversations')).json()) as { id: number }[];
  await expect(view).toHaveAttribute('href', `/dashboard?tab=messages&conversation=${conversation!.id}`);
  // And so does its card on /spaces, on a later visit.
  await page.goto(`/spaces?city=${city}`);
  const card = page.locator('[data-space-card]', { hasText: city });
  await expect(card.getByRole('link', { name: 'View conversation' })).toHaveAttribute('href', `/dashboard?tab=messages&conversation=${conversation!.id}`);
  await expect(card.getByRole('button', { name: 'Contact Owner' })).toHaveCount(0);

  await removeListings(owner, baseURL!);
  await owner.context.close();
  await farmer.context.close();
});

test('a deleted listing keeps its conversation: the farmer reads it in Messages, marked no longer listed', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const owner = await person(browser, baseURL!, 'Oscar', 88);
  const farmer = await person(browser, baseURL!, 'Flora', 89);
  const city = `Goneville${randomBytes(3).toString('hex')}`;
  const title = `Greenhouse ${city}`;
  const spaceId = await liveListing(owner, baseURL!, title, city);
  const contact = await farmer.context.request.post('/api/conversations', {
    headers: { origin: baseURL! },
    data: { spaceId, content: 'Could I start seedlings in your greenhouse in March?' },
  });
  expect(contact.status()).toBe(201);
  const { conversationId } = (await contact.json()) as { conversationId: number };
  await removeListings(owner, baseURL!);

  await farmer.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
  const item = farmer.page.locator(`[data-conversation="${conversationId}"]`);
  await expect(item).toContainText(title);
  await expect(item).toContainText('no longer listed');
  const header = farmer.page.locator('section[aria-labelledby="thread-title"]');
  await expect(header).toContainText('This space is no longer listed.');
  await expect(farmer.page.getByTestId('thread')).toContainText('Could I start seedlings in your greenhouse in March?');
  await owner.context.close();
  await farmer.context.close();
});

test('a signed-out visitor is sent to sign in and comes back to the space; demo listings offer no contact', async ({ browser, baseURL, page }) => {
  const owner = await person(browser, baseURL!, 'Vera', 85);
  const farmer = await person(browser, baseURL!, 'Vic', 86);
  const city = `Signton${randomBytes(3).toString('hex')}`;
  const id = await liveListing(owner, baseURL!, `Greenhouse ${city}`, city);

  await page.goto('/spaces');
  await expect(page.locator('[data-action="demo"]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contact Owner' })).toHaveCount(0);

  await page.goto(`/spaces/${id}`);
  await page.locator('[data-action="signed-out"]').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/spaces/${id}`)}`);
  await page.getByLabel('Email').fill(farmer.user.email);
  await page.getByLabel('Password', { exact: true }).fill(farmer.user.password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`/spaces/${id}`);
  await expect(page.getByRole('button', { name: 'Contact Owner' })).toBeVisible();

  await removeListings(owner, baseURL!);
  await owner.context.close();
  await farmer.context.close();
});

test('the dashboard is for signed-in users; its tabs are deep-linkable and pass axe', async ({ browser, baseURL, page }) => {
  test.setTimeout(60_000);
  await page.goto('/dashboard?tab=messages');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%3Ftab%3Dmessages/);

  const owner = await person(browser, baseURL!, 'Tess', 87);
  const draft = await owner.context.request.post('/api/spaces', {
    headers: { origin: baseURL! },
    data: { title: 'Draft warehouse', description: 'Loading dock and three-phase power.', location: '9 Dock Road', city: 'Portland', country: 'US', size: 5000, pricePerMonth: '2000', spaceType: 'warehouse' },
  });
  expect(draft.status()).toBe(201);
  const draftId = ((await draft.json()) as { id: number }).id;
  const p = owner.page;
  await p.goto('/');
  await expect(p.getByRole('heading', { name: 'Welcome back, Tess!' })).toBeVisible();
  await expect(p.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(p.getByText("Live and let listings: agreed rent, else asking price. Drafts don't count.")).toBeVisible();
  await expectNoSeriousAxeViolations(p);

  await p.goto('/dashboard?tab=listings');
  const row = p.locator(`[data-listing="${draftId}"]`);
  await expect(row).toContainText('Draft');
  await expect(row.getByRole('link', { name: 'Finish payment' })).toHaveAttribute('href', `/checkout?spaceId=${draftId}&paymentType=listing_fee&currency=USD`);
  await expectNoSeriousAxeViolations(p);

  await p.getByRole('tab', { name: 'Inquiries' }).click();
  await expect(p).toHaveURL(/tab=inquiries/);
  await expect(p.getByText('No inquiries yet')).toBeVisible();
  await expect(p.getByText('No inquiries sent yet')).toBeVisible();
  await p.keyboard.press('ArrowRight');
  await expect(p.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
  await expect(p.getByText('No conversations yet')).toBeVisible();
  await expectNoSeriousAxeViolations(p);
  await p.keyboard.press('ArrowRight');
  await expect(p.getByRole('tab', { name: 'Saved Spaces' })).toHaveAttribute('aria-selected', 'true');
  await expect(p).toHaveURL(/tab=saved(&|$)/);
  await expect(p.getByTestId('saved-spaces-empty')).toContainText('No saved spaces yet.');
  await expectNoSeriousAxeViolations(p);
  await p.keyboard.press('ArrowRight');
  await expect(p.getByRole('tab', { name: 'Saved Searches' })).toHaveAttribute('aria-selected', 'true');
  await expect(p).toHaveURL(/tab=saved-searches/);
  await expect(p.getByTestId('saved-searches-empty')).toContainText('No saved searches yet.');
  await expectNoSeriousAxeViolations(p);

  // Deleting asks first, in an accessible dialog.
  await p.getByRole('tab', { name: 'My Listings' }).click();
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = p.getByRole('dialog', { name: 'Delete this listing?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousAxeViolations(p, '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Delete listing' }).click();
  await expect(p.getByText("You haven't listed any spaces yet.")).toBeVisible();
  await owner.context.close();
});
