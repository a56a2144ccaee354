// The Messages tab of an owner with more conversations than one page (docs/decisions/0305): the first 50
// are listed, newest activity first, and "Load older conversations" (by keyboard) brings the rest, each
// once; the unread count is the server's total, not the sum of the page.
import { expect, test } from '@playwright/test';
import { conversations, messages, users } from '#db/schema/index';
import { insertSpaces, spaceRow } from '../fixtures/spaces';
import { startSiteApp } from '../fixtures/site-app';

let site: Awaited<ReturnType<typeof startSiteApp>>;
let ownerCookie = '';
const TOTAL = 60;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  site = await startSiteApp();
  const api = await playwright.request.newContext({ baseURL: site.baseUrl, extraHTTPHeaders: { origin: site.baseUrl } });
  const reg = await api.post('/api/auth/register', { data: { firstName: 'Paging', lastName: 'Owner', email: `paging-owner-${Date.now()}@example.com`, password: 'Paging-Owner-Pass-8' } });
  expect(reg.status()).toBe(201);
  const ownerId = ((await reg.json()) as { user: { id: number } }).user.id;
  ownerCookie = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  await api.dispose();

  // TOTAL farmers, one listing each, one conversation each; conversation k's last activity is k minutes ago.
  const now = Date.now();
  const farmers = await site.db
    .insert(users)
    .values(Array.from({ length: TOTAL }, (_, k) => ({ email: `paging-farmer-${k}-${now}@example.com`, firstName: `Farmer${String(k).padStart(2, '0')}`, lastName: 'Paging' })))
    .returning({ id: users.id });
  const spaces = await insertSpaces(site.db, Array.from({ length: TOTAL }, (_, k) => spaceRow(ownerId, new Date(now), { title: `Paging space ${k}` })));
  const made = await site.db
    .insert(conversations)
    .values(farmers.map((f, k) => ({ spaceId: spaces[k]!.id, ownerId, farmerId: f.id, lastMessageAt: new Date(now - k * 60_000) })))
    .returning({ id: conversations.id });
  // One unread message in the newest and one in the oldest: the nav counts both.
  await site.db.insert(messages).values([
    { conversationId: made[0]!.id, senderId: farmers[0]!.id, content: 'Newest question' },
    { conversationId: made[TOTAL - 1]!.id, senderId: farmers[TOTAL - 1]!.id, content: 'Oldest question' },
  ]);
});
test.afterAll(async () => site?.close());

test('the Messages tab lists the newest 50 conversations and loads the older ones by keyboard', async ({ page, context }) => {
  await context.addCookies(ownerCookie.split('; ').map((c) => ({ name: c.split('=')[0]!, value: c.slice(c.indexOf('=') + 1), url: site.baseUrl })));
  await page.goto(`${site.baseUrl}/dashboard?tab=messages`);
  const list = page.getByTestId('conversation-list');
  const items = list.locator('[data-conversation]');
  await expect(items).toHaveCount(50);
  await expect(items.first()).toContainText('Farmer00');
  await expect(items.last()).toContainText('Farmer49');
  // Opening the newest (selected first) reads it; the oldest, not on this page, stays unread: the tab's
  // count is the server's total (1), not the sum of the page (0).
  await expect(page.getByRole('tab', { name: /Messages/ })).toHaveText(/Messages\s*1\s*unread/);

  const more = page.getByRole('button', { name: 'Load older conversations' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(TOTAL);
  await expect(items.last()).toContainText(`Farmer${TOTAL - 1}`);
  const names = await items.allTextContents();
  expect(new Set(names).size, 'each conversation once').toBe(TOTAL);
  await expect(more).toHaveCount(0);
});
