// Issue 25, item 9: the conversation pane was a fixed 300 px box on phone and desktop; it did not follow
// the newest item when opened or after proposing terms, and a proposal card (~400 px) never fit. Two
// browsers: the farmer on a desktop proposes terms from a long thread, the owner opens it on a phone.
// Geometry, not words: the newest item lies inside the pane's visible rectangle, and the pane is taller
// than a whole proposal card.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { closeAll, firstOfNextMonth, ownerAndFarmerTalking, PHONE, DESKTOP, say } from './seams-thread-setup';

// The machines these run on are shared and busy: a page's first paint can take longer than the default 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const SHOTS = path.resolve('test-results', 'seams-thread');

/** The rectangles of the thread's scrolling log and of an item in it, as the viewport sees them. */
async function rects(page: Page, item: Locator) {
  const log = await page.getByTestId('thread').boundingBox();
  const box = await item.boundingBox();
  return { log: log!, item: box!, viewportHeight: page.viewportSize()!.height };
}

/** The item is wholly inside the log's visible part, and that part is on the screen. */
async function expectInView(page: Page, item: Locator) {
  await expect
    .poll(async () => {
      const { log, item: box, viewportHeight } = await rects(page, item);
      return box.y >= log.y - 1 && box.y + box.height <= log.y + log.height + 1 && log.y >= 0 && log.y + log.height <= viewportHeight + 1;
    }, { timeout: 15_000 })
    .toBe(true);
}

test('the thread takes the screen, follows the newest item, and a proposal card fits — desktop farmer, phone owner', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const deal = await ownerAndFarmerTalking(browser, baseURL!, { octets: [121, 122], ownerViewport: PHONE, farmerViewport: DESKTOP });
  const { owner, farmer, conversationId } = deal;
  // A thread longer than any screen: twelve more messages, both ways.
  for (let i = 1; i <= 12; i += 1) await say(i % 2 ? owner : farmer, baseURL!, conversationId, `Message ${i} about water, power and access: the ${i}th detail of the rooftop.`);

  // The farmer (desktop) opens the thread: the newest message is in view, at the bottom.
  await farmer.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
  const newestMessage = farmer.page.locator('[data-message]').last();
  await expect(newestMessage).toContainText('Message 12');
  await expectInView(farmer.page, newestMessage);

  // They propose terms: the card that appears is the newest item, and it is followed and fits whole.
  await farmer.page.getByTestId('propose-terms').click();
  const form = farmer.page.getByTestId('proposal-form');
  await form.getByLabel('Start date').fill(firstOfNextMonth());
  await form.getByRole('textbox', { name: 'Access hours' }).fill('Mon-Sat 6:00-20:00');
  await form.getByRole('textbox', { name: 'Growing activities allowed' }).fill('Microgreens and herbs');
  await form.getByRole('button', { name: 'Propose terms' }).click();
  await expect(form).toBeHidden();
  const farmerCard = farmer.page.locator('[data-proposal][data-status="open"]');
  await expect(farmerCard).toContainText('Your proposed terms');
  await expectInView(farmer.page, farmerCard);
  const desktop = await rects(farmer.page, farmerCard);
  expect(desktop.item.height).toBeGreaterThan(300);
  expect(desktop.log.height).toBeGreaterThanOrEqual(desktop.item.height);
  await farmer.page.screenshot({ path: path.join(SHOTS, 'thread-desktop-1366x900.png') });

  // The owner's dashboard on the phone, unread count on the Messages tab: no wider than the screen (the
  // badge's screen-reader text escaped the scrolling tab list and made the page 397–419 px wide).
  await owner.page.goto('/dashboard');
  await expect(owner.page.getByRole('tab', { name: /Messages/ })).toContainText('unread');
  const width = await owner.page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth }));
  expect(width.innerWidth).toBe(PHONE.width);
  expect(width.scrollWidth).toBeLessThanOrEqual(width.innerWidth);

  // The owner opens the conversation on a phone from its address: the thread comes into view and
  // shows the proposal card (the newest item) whole.
  await owner.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
  const ownerCard = owner.page.locator('[data-proposal][data-status="open"]');
  await expect(ownerCard).toContainText('Terms from Frida Greenleaf');
  await expectInView(owner.page, ownerCard);
  const phone = await rects(owner.page, ownerCard);
  expect(phone.log.height).toBeGreaterThanOrEqual(phone.item.height);
  await expect(ownerCard.getByRole('button', { name: 'Accept terms' })).toBeVisible();
  await owner.page.screenshot({ path: path.join(SHOTS, 'thread-phone-390x844.png') });

  // A reader who scrolls up to read is left there when the other party writes (no jump); sending brings
  // them back down to their own message.
  await owner.page.getByTestId('thread').evaluate((el) => (el.scrollTop = 0));
  await say(farmer, baseURL!, conversationId, 'One more question about the freight elevator.');
  await expect(owner.page.locator('[data-message]').last()).toContainText('freight elevator', { timeout: 20_000 });
  expect(await owner.page.getByTestId('thread').evaluate((el) => el.scrollTop)).toBeLessThan(50);
  await owner.page.getByRole('textbox', { name: 'Type a message' }).fill('Yes, it takes pallets up to 1,000 kg.');
  await owner.page.getByRole('button', { name: 'Send', exact: true }).click();
  const mine = owner.page.locator('[data-message]').last();
  await expect(mine).toContainText('pallets');
  await expectInView(owner.page, mine);

  await closeAll(owner, farmer);
});
