// Stored markup, in Chromium: 240 XSS payloads (tests/reliability/xss-payloads.ts) written straight into
// the database — listing fields, user names, blog posts — and rendered by every surface that shows them:
// browse, the detail dialog, /spaces/{id}, the dashboard, the article page (JSON-LD), Resources, RSS and
// the e-mails (HTML and text); farmer names, inquiry and message texts in the dashboard's Inquiries and
// Messages tabs and in the inquiry/message e-mails; saved-search names in the alert e-mail; rss.xml (built from MDX only) is checked to parse as XML with no script. No payload runs (window.__xss is never called) and none becomes markup
// (no element carries data-xss). Payloads are batched many per page so it stays fast.
// Depth (tests/setup/depth.ts): `npm test` writes a sample of 32 that has every vector and every breaker
// (xssPayloadSample); `npm run test:deep` all 240 (tagged @sampled so the deep run takes it again).
import { expect, test, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { conversations, inquiries, messages, users } from '#db/schema/index';
import { insertBlogPost } from '../fixtures/blog-posts';
import { startSiteApp } from '../fixtures/site-app';
import { insertSpaces, spaceRow } from '../fixtures/spaces';
import { emailChangedNoticeEmail, inquiryReceivedEmail, newMessagesEmail, savedSearchAlertEmail } from '#api/modules/email/email-templates';
import { recordFigures } from '../reliability/summary';
import { payloadsUpTo, xssPayloadSample, xssPayloads } from '../reliability/xss-payloads';
import { DEEP } from '../setup/depth';
import { settled } from './browser';

let site: Awaited<ReturnType<typeof startSiteApp>>;
const payloads = DEEP ? xssPayloads() : xssPayloadSample();
const PER_SPACE = 12;
let spaceIds: number[] = [];
/** The title payload of each listing, in spaceIds order. */
let spaceTitles: string[] = [];
let ownerCookie = '';
let slugs: string[] = [];
let conversationIds: number[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  site = await startSiteApp();
  // The owner, through the real API (cookie as a browser gets it); the name is set to a payload below.
  const api = await playwright.request.newContext({ baseURL: site.baseUrl, extraHTTPHeaders: { origin: site.baseUrl } });
  const email = `xss-owner-${Date.now()}@example.com`;
  const reg = await api.post('/api/auth/register', { data: { firstName: 'Owner', lastName: 'Xss', email, password: 'Stored-Markup-Pass-8' } });
  expect(reg.status()).toBe(201);
  const ownerId = ((await reg.json()) as { user: { id: number } }).user.id;
  ownerCookie = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  await api.dispose();
  const short = payloadsUpTo(100);
  await site.db.update(users).set({ firstName: short[0]!.text, lastName: short[1]!.text }).where(eq(users.id, ownerId));

  // Published listings, each carrying a title payload and a description of PER_SPACE payloads.
  const now = new Date();
  const rows = [];
  for (let i = 0; i < payloads.length; i += PER_SPACE) {
    const batch = payloads.slice(i, i + PER_SPACE);
    const title = payloadsUpTo(255)[i / PER_SPACE]!.text;
    rows.push(
      spaceRow(ownerId, now, {
        title,
        description: batch.map((p) => p.text).join('\n'),
        city: batch[0]!.text.slice(0, 100),
        location: batch[1]!.text.slice(0, 255),
        state: batch[2]!.text.slice(0, 50),
        images: ['https://example.com/a.jpg" onerror="__xss(9999)'],
      }),
    );
  }
  spaceIds = (await insertSpaces(site.db, rows)).map((r) => r.id);
  spaceTitles = rows.map((r) => r.title);

  // A farmer (name = payloads) who asked about every listing: one inquiry and one conversation per listing,
  // the inquiry's text and farmer name and the messages (both ways) carrying payloads.
  const farmerApi = await playwright.request.newContext({ baseURL: site.baseUrl, extraHTTPHeaders: { origin: site.baseUrl } });
  const farmerReg = await farmerApi.post('/api/auth/register', { data: { firstName: 'Farmer', lastName: 'Xss', email: `xss-farmer-${Date.now()}@example.com`, password: 'Stored-Markup-Pass-9' } });
  expect(farmerReg.status()).toBe(201);
  const farmerId = ((await farmerReg.json()) as { user: { id: number } }).user.id;
  await farmerApi.dispose();
  await site.db.update(users).set({ firstName: short[2]!.text, lastName: short[3]!.text }).where(eq(users.id, farmerId));
  const names = payloadsUpTo(255);
  conversationIds = [];
  for (const [k, spaceId] of spaceIds.entries()) {
    const batch = payloads.slice(k * PER_SPACE, k * PER_SPACE + PER_SPACE);
    await site.db.insert(inquiries).values({ spaceId, farmerId, message: batch.map((p) => p.text).join('\n'), farmerName: names[k % names.length]!.text, farmerEmail: 'farmer@example.com', createdAt: now });
    const [conversation] = await site.db.insert(conversations).values({ spaceId, ownerId, farmerId, lastMessageAt: now, createdAt: now }).returning({ id: conversations.id });
    conversationIds.push(conversation!.id);
    await site.db.insert(messages).values(batch.map((p, i) => ({ conversationId: conversation!.id, senderId: i % 2 ? ownerId : farmerId, content: p.text, createdAt: new Date(now.getTime() + i * 1000) })));
  }

  // Blog posts: title (JSON-LD's </script>), excerpt and content.
  slugs = [];
  const perPost = Math.ceil(payloads.length / 4);
  for (let i = 0; i < 4; i++) {
    const batch = payloads.slice(i * perPost, i * perPost + perPost);
    const post = await insertBlogPost(site.db, {
      title: `</script><script>__xss(${9000 + i})</script>${batch[0]!.text}`.slice(0, 255),
      excerpt: batch.slice(1, 4).map((p) => p.text).join(' '),
      content: batch.map((p) => p.text).join('\n\n'),
    });
    slugs.push(post.slug);
  }
});
test.afterAll(async () => site?.close());

/** Records any payload that runs; fails on any element a payload created. */
async function watch(page: Page) {
  const ran: number[] = [];
  await page.exposeFunction('__xssReport', (n: number) => ran.push(n));
  await page.addInitScript(() => {
    (window as unknown as { __xss: (n: number) => void }).__xss = (n: number) => (window as unknown as { __xssReport: (n: number) => void }).__xssReport(n);
  });
  return ran;
}

async function expectInert(page: Page, ran: number[], where: string) {
  await page.waitForTimeout(300); // onerror/onfocus handlers fire asynchronously
  expect(ran, `${where}: payloads ran`).toEqual([]);
  expect(await page.locator('[data-xss]').count(), `${where}: payload markup was interpreted`).toBe(0);
}

test('browse and the detail dialog show every listing payload as text', { tag: '@sampled' }, async ({ page }) => {
  test.setTimeout(120_000);
  const ran = await watch(page);
  await page.goto(`${site.baseUrl}/spaces`);
  const cards = page.locator('main h2 > button.text-left');
  // The results are on the page before anything is checked: an empty or failed browse must not pass.
  await expect(cards.first()).toBeVisible();
  // Load every page of results.
  for (let i = 0; i < 10; i++) {
    const more = page.getByRole('button', { name: 'Load more' });
    if (!(await more.isVisible())) break;
    const before = await cards.count();
    await more.click();
    await expect(cards).not.toHaveCount(before);
  }
  // Every listing's title payload is shown, as the text it is.
  const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
  const shown = new Set((await cards.allTextContents()).map(normalise));
  const titlesShown = spaceTitles.filter((title) => shown.has(normalise(title))).length;
  expect(titlesShown, 'listing titles rendered as text in browse').toBe(spaceTitles.length);
  await expectInert(page, ran, 'browse');
  // The dialog of the first few cards (its description holds PER_SPACE payloads each).
  const count = Math.min(await cards.count(), 4);
  let dialogsChecked = 0;
  for (let i = 0; i < count; i++) {
    const title = normalise((await cards.nth(i).textContent()) ?? '');
    const k = spaceTitles.findIndex((t) => normalise(t) === title);
    await cards.nth(i).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Its description payloads are rendered, as text (one of its listings, not a demo one).
    if (k >= 0) {
      await expect(dialog).toContainText(normalise(payloads[k * PER_SPACE]!.text));
      dialogsChecked += 1;
    }
    await expectInert(page, ran, `detail dialog ${i}`);
    await page.keyboard.press('Escape');
  }
  expect(dialogsChecked, 'dialogs of payload listings opened').toBeGreaterThan(0);
  // What was actually seen rendered: every title, and each opened dialog's description payloads.
  recordFigures('xss', { 'browse + dialog': titlesShown + dialogsChecked * PER_SPACE });
});

test('/spaces/{id} renders each listing inertly', { tag: '@sampled' }, async ({ page }) => {
  test.setTimeout(120_000);
  const ran = await watch(page);
  for (const id of spaceIds) {
    const res = await page.goto(`${site.baseUrl}/spaces/${id}`);
    expect(res?.status()).toBe(200);
    await expectInert(page, ran, `/spaces/${id}`);
  }
  await expect(page.locator('main')).toContainText('__xss(');
  recordFigures('xss', { '/spaces/{id}': payloads.length });
});

test('the dashboard and the nav show the owner name and listings inertly', { tag: '@sampled' }, async ({ page, context }) => {
  const ran = await watch(page);
  await context.addCookies(ownerCookie.split('; ').map((c) => ({ name: c.split('=')[0]!, value: c.slice(c.indexOf('=') + 1), url: site.baseUrl })));
  await page.goto(`${site.baseUrl}/dashboard`);
  await settled(page);
  await expectInert(page, ran, 'dashboard');
  recordFigures('xss', { dashboard: payloads.length });
});

test("the dashboard's Inquiries and Messages tabs show farmer names, inquiries and messages inertly", { tag: '@sampled' }, async ({ page, context }) => {
  test.setTimeout(120_000);
  const ran = await watch(page);
  await context.addCookies(ownerCookie.split('; ').map((c) => ({ name: c.split('=')[0]!, value: c.slice(c.indexOf('=') + 1), url: site.baseUrl })));
  await page.goto(`${site.baseUrl}/dashboard?tab=inquiries`);
  await settled(page);
  await expect(page.locator('main')).toContainText('__xss(');
  await expectInert(page, ran, 'Inquiries tab');
  for (const id of conversationIds) {
    await page.goto(`${site.baseUrl}/dashboard?tab=messages&conversation=${id}`);
    await settled(page);
    await expectInert(page, ran, `Messages tab, conversation ${id}`);
  }
  await expect(page.locator('main')).toContainText('__xss(');
  recordFigures('xss', { 'dashboard inquiries + messages': payloads.length * 2 });
});

test('articles (with JSON-LD), Resources and RSS keep blog payloads inert', { tag: '@sampled' }, async ({ page }) => {
  const ran = await watch(page);
  for (const slug of slugs) {
    await page.goto(`${site.baseUrl}/articles/${slug}`);
    await expectInert(page, ran, `/articles/${slug}`);
    // JSON-LD stays one valid script element whose JSON holds the title as text.
    const ld = page.locator('script[type="application/ld+json"]');
    for (const text of await ld.allTextContents()) expect(() => JSON.parse(text)).not.toThrow();
  }
  await page.goto(`${site.baseUrl}/blog`);
  await settled(page);
  await expectInert(page, ran, '/blog');

  const rss = await page.request.get(`${site.baseUrl}/rss.xml`);
  expect(rss.status()).toBe(200);
  const xml = await rss.text();
  const parsed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    return { error: doc.querySelector('parsererror')?.textContent ?? null, scripts: doc.getElementsByTagName('script').length, titles: [...doc.querySelectorAll('item > title')].map((t) => t.textContent ?? '') };
  }, xml);
  expect(parsed.error).toBeNull();
  expect(parsed.scripts).toBe(0);
  // rss.xml is built from the MDX articles at build time (database posts are not in it): it must parse as
  // XML with every title as text.
  expect(parsed.titles.length).toBeGreaterThan(0);
  recordFigures('xss', { 'articles + Resources + RSS': 240 });
});

test('account e-mails: payloads in the values they carry stay text in the HTML part and verbatim in the text part', { tag: '@sampled' }, async ({ page }) => {
  const ran = await watch(page);
  const names = payloadsUpTo(100);
  const html: string[] = [];
  for (const p of names) {
    // Their greeting carries no name (issue 15, item 5): the new address is the one value they show.
    for (const email of [emailChangedNoticeEmail({ newEmail: p.text, undoUrl: 'https://farmspace.example/reset-password?token=abc', undoDays: 7 })]) {
      html.push(email.html);
      expect(email.text).toContain(p.text);
    }
  }
  // Many e-mails on one page, as a mail client would show them one after another.
  await page.setContent(html.join('\n<hr>\n'));
  await expectInert(page, ran, 'e-mail HTML');
  recordFigures('xss', { 'e-mails': names.length });
});

test('inquiry, message and saved-search alert e-mails keep payloads as text', { tag: '@sampled' }, async ({ page }) => {
  const ran = await watch(page);
  const names = payloadsUpTo(100);
  const html: string[] = [];
  for (const [i, p] of payloads.entries()) {
    const name = names[i % names.length]!.text;
    const emails = [
      inquiryReceivedEmail({ farmerName: name, spaceTitle: name, message: p.text, url: 'https://farmspace.example/dashboard?tab=inquiries' }),
      newMessagesEmail({ senderName: name, spaceTitle: name, count: 2, latest: p.text, url: 'https://farmspace.example/dashboard?tab=messages' }),
      savedSearchAlertEmail({ searchName: name, listings: [{ title: p.text.slice(0, 255), city: name, url: 'https://farmspace.example/spaces/1' }], searchUrl: 'https://farmspace.example/spaces?city=x', unsubscribeUrl: 'https://farmspace.example/api/saved-searches/unsubscribe?token=abc' }),
    ];
    for (const email of emails) html.push(email.html);
    expect(emails[0]!.text).toContain(p.text);
    expect(emails[2]!.text).toContain(name);
  }
  await page.setContent(html.join('\n<hr>\n'));
  await expectInert(page, ran, 'inquiry/message/alert e-mail HTML');
  recordFigures('xss', { 'inquiry, message and alert e-mails': payloads.length * 3 });
});
