// A 255-character title (the longest the form accepts) is clamped where space is short — the card, the
// detail dialog, the contact dialog and the thread header — with the whole title still available, so on a
// phone it never pushes the messages or the actions below the fold.
import { randomBytes } from 'node:crypto';
import { expect, test, type Locator } from '@playwright/test';
import { newUser, registerViaApi } from './accounts-helpers';
import { visitorFrom } from './browser';
import { publishByTestCard } from './payments-helpers';

const PHONE = { width: 390, height: 844 };

/** How many lines of text a block shows, from its height and its computed line height. */
async function linesShown(block: Locator): Promise<number> {
  return block.evaluate((el) => {
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
    return Math.round(el.getBoundingClientRect().height / lineHeight);
  });
}

test('a 255-character title is clamped on the card, the dialogs and the thread header, and kept whole in its tooltip', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const city = `Longtown${randomBytes(3).toString('hex')}`;
  const title = `Sunny rooftop ${city} `.padEnd(255, 'with room for many racks of greens ').slice(0, 255).trimEnd();

  const owner = await browser.newContext({ baseURL, ...visitorFrom(91) });
  await registerViaApi(owner, baseURL!, newUser('Lena'));
  const created = await owner.request.post('/api/spaces', {
    headers: { origin: baseURL! },
    data: { title, description: 'A bright, flat rooftop with water access and afternoon sun.', location: '1 Long Street', city, country: 'US', size: 1500, pricePerMonth: '900', spaceType: 'rooftop', amenities: [], images: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await publishByTestCard(owner.request, baseURL!, id);

  const farmer = await browser.newContext({ baseURL, viewport: PHONE, ...visitorFrom(92) });
  await registerViaApi(farmer, baseURL!, newUser('Finn'));
  const page = await farmer.newPage();
  try {
    await page.goto(`/spaces?city=${city}`);
    const card = page.locator('[data-space-card]', { hasText: city });
    const cardTitle = card.getByRole('heading').locator('span');
    await expect(cardTitle).toBeVisible();
    expect(await linesShown(cardTitle)).toBeLessThanOrEqual(2);
    await expect(card.getByRole('heading').getByRole('button')).toHaveAttribute('title', title);

    await card.getByRole('heading').getByRole('button').click();
    const detail = page.getByRole('dialog');
    const heading = detail.getByRole('heading', { level: 2 }).first();
    await expect(heading).toHaveText(title);
    expect(await linesShown(heading)).toBeLessThanOrEqual(3);
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: 'Contact Owner' }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Space Owner' });
    const contactTitle = contact.getByTitle(title);
    expect(await linesShown(contactTitle)).toBeLessThanOrEqual(2);
    await contact.getByRole('textbox', { name: 'Message' }).fill('Hello! Could I grow microgreens on your roof from March?');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect(contact).toBeHidden();

    const [conversation] = (await (await farmer.request.get('/api/conversations')).json()) as { id: number }[];
    await page.goto(`/dashboard?tab=messages&conversation=${conversation!.id}`);
    const thread = page.getByTestId('thread');
    await expect(thread).toContainText('microgreens');
    expect(await linesShown(page.locator('section[aria-labelledby="thread-title"]').getByTitle(title))).toBe(1);
  } finally {
    await farmer.close();
    await owner.close();
  }
});
