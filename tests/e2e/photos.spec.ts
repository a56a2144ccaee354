// Photos and editing (issue 17), in Chromium: an owner on a phone-sized screen adds three photos to the
// list-space form, reorders them, picks the cover, creates the draft (the photos upload with progress),
// comes back from checkout to the draft (not an empty form), publishes; a farmer sees the cover on the
// card and the gallery on the page; the owner edits the live title and price and a signed-out visitor
// sees the change at once. axe on the form, the edit screen and the gallery.
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { visitorFrom } from './browser';
import { publishByTestCard } from './payments-helpers';
import { expectNoSeriousAxeViolations, signUpAndIn } from './spaces-helpers';

test.use(visitorFrom(41));

async function jpeg(r: number, g: number, b: number): Promise<Buffer> {
  // Big enough (about 1 MB of noise) that the upload shows progress before it ends.
  const width = 1400;
  const height = 1000;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 3) {
    const n = (i * 2654435761) % 64;
    noise[i] = (r + n) % 256;
    noise[i + 1] = (g + n) % 256;
    noise[i + 2] = (b + n) % 256;
  }
  return sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

// @deep (docs/decisions/0611): the whole photo journey from a phone (65–80 s): uploading, previews, progress, ordering and deleting stay in `npm test` (seams-form-photos, seams-form-edit), the API in tests/integration/photos/photos-routes.test.ts.
test('an owner uploads, orders and publishes photos from a phone; farmers see them; live edits show at once', { tag: '@deep' }, async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const owner = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, extraHTTPHeaders: visitorFrom(42).extraHTTPHeaders });
  const page = await owner.newPage();
  await signUpAndIn(page, baseURL!);
  await page.goto('/list-space');
  await expect(page.locator('form [data-hydrated="true"]')).toBeAttached();
  const title = `Greenhouse with photos ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Space Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A glass greenhouse with benches and water.');
  await page.getByRole('textbox', { name: 'Full Address', exact: true }).fill('12 Glass Lane, Portland, OR 97201');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Portland');

  const files = [
    { name: 'one.jpg', mimeType: 'image/jpeg', buffer: await jpeg(200, 60, 60) },
    { name: 'two.jpg', mimeType: 'image/jpeg', buffer: await jpeg(60, 200, 60) },
    { name: 'three.jpg', mimeType: 'image/jpeg', buffer: await jpeg(60, 60, 200) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
  ];
  // Chosen before Size and Rent are filled: no draft can be saved yet, so the photos wait (with a complete
  // form they would upload at once, tests/e2e/seams-form-photos.spec.ts).
  await page.locator('[data-photo-input]').setInputFiles(files);
  await expect(page.locator('[data-photo-refused]')).toContainText('notes.txt: not a photo we can use');
  const items = page.locator('[data-photo-key]');
  await expect(items).toHaveCount(3);
  await expect(page.locator('[data-photo-status="waiting"] progress')).toHaveCount(3);
  const order = async () => items.locator('input[id^="alt-"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  // Prefilled alt texts, which the owner replaces with what each photo shows.
  expect(await order()).toEqual([1, 2, 3].map((n) => `${title} – photo ${n}`));
  const names = ['Red benches', 'Green seedlings', 'Blue water tanks'];
  for (const [i, name] of names.entries()) await items.nth(i).getByLabel('Description for people who cannot see it').fill(name);
  const alt = (n: number) => names[n - 1]!;
  // Keyboard: focus "Move photo 3 earlier" and press Enter; then make the new second photo the cover.
  await page.getByRole('button', { name: 'Move photo 3 earlier' }).focus();
  await page.keyboard.press('Enter');
  expect(await order()).toEqual([alt(1), alt(3), alt(2)]);
  await page.getByRole('button', { name: 'Make photo 2 the cover' }).click();
  expect(await order()).toEqual([alt(3), alt(1), alt(2)]);
  await expect(items.first()).toContainText('Cover photo');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('spinbutton', { name: 'Size (sq ft)' }).fill('800');
  await page.getByRole('spinbutton', { name: 'Monthly Rent ($)' }).fill('900');

  // Uploads show their progress (throttled so the bar can be seen moving).
  const cdp = await owner.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 4_000_000, uploadThroughput: 1_500_000 });
  await page.getByRole('button', { name: /Create Listing/ }).click();
  await expect(page.locator('[data-photo-status="uploading"] progress').first()).toBeVisible();
  await page.waitForURL(/\/checkout\?/, { timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const spaceId = new URL(page.url()).searchParams.get('spaceId')!;
  const created = await (await page.request.get(`/api/spaces/${spaceId}`)).json();
  expect(created.photos.map((p: { alt: string }) => p.alt)).toEqual([alt(3), alt(1), alt(2)]);
  expect(created.images[0]).toBe(created.photos[0].url);

  // Back from checkout: the draft in the edit screen, filled in — not an empty form, no second draft.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/list-space\\?edit=${spaceId}$`));
  await expect(page.getByRole('textbox', { name: 'Space Title', exact: true })).toHaveValue(title);
  await expect(page.locator('[data-photo-status="done"]')).toHaveCount(3);
  await expectNoSeriousAxeViolations(page);
  const mine = await (await page.request.get('/api/spaces/my')).json();
  expect(mine.filter((s: { title: string }) => s.title === title)).toHaveLength(1);

  await publishByTestCard(page.request, baseURL!, spaceId);

  // A farmer on a desktop: the cover on the card (srcset, explicit size), the gallery on the page.
  const farmer = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: visitorFrom(43).extraHTTPHeaders });
  const farmerPage = await farmer.newPage();
  await farmerPage.goto('/spaces');
  const card = farmerPage.locator(`[data-space-card="${spaceId}"]`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  const cover = card.locator('img[data-photo]');
  await expect(cover).toHaveAttribute('alt', alt(3));
  await expect(cover).toHaveAttribute('srcset', /-400\.jpg 400w/);
  await expect(cover).toHaveAttribute('width', '1400');
  await expect.poll(() => cover.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await farmerPage.goto(`/spaces/${spaceId}`);
  // Link previews get the cover's 800 px JPEG, not the 1600 px one.
  await expect(farmerPage.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`/media/photos/[a-f0-9]{64}-800\\.jpg$`));
  const gallery = farmerPage.locator(`[data-gallery="${spaceId}"]`);
  await expect(gallery).toBeVisible();
  await expect(gallery.locator('[data-gallery-position]')).toHaveText('1 / 3');
  // The keys work once the island has hydrated (Astro drops the island's `ssr` attribute then).
  await expect(farmerPage.locator('astro-island[ssr]')).toHaveCount(0);
  await gallery.getByRole('group').focus();
  await farmerPage.keyboard.press('ArrowRight');
  await expect(gallery.locator('[data-gallery-position]')).toHaveText('2 / 3');
  await expect(gallery.locator('img[data-photo]')).toHaveAttribute('alt', alt(1));
  await gallery.getByRole('button', { name: 'Previous photo' }).click();
  await expect(gallery.locator('[data-gallery-position]')).toHaveText('1 / 3');
  await expectNoSeriousAxeViolations(farmerPage);

  // The owner edits the live listing from its page; a signed-out visitor sees it at once.
  await page.goto(`/spaces/${spaceId}`);
  await page.getByRole('link', { name: 'Edit listing' }).click();
  await expect(page).toHaveURL(new RegExp(`/list-space\\?edit=${spaceId}$`));
  await expect(page.getByRole('textbox', { name: 'Space Title', exact: true })).toHaveValue(title);
  await expectNoSeriousAxeViolations(page);
  const newTitle = `${title} (renovated)`;
  await page.getByRole('textbox', { name: 'Space Title', exact: true }).fill(newTitle);
  await page.getByRole('spinbutton', { name: 'Monthly Rent ($)' }).fill('975');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.waitForURL(new RegExp(`/spaces/${spaceId}$`));
  const visitor = await browser.newContext({ extraHTTPHeaders: visitorFrom(44).extraHTTPHeaders });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/spaces/${spaceId}`);
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(newTitle);
  await expect(visitorPage.getByText('$975').first()).toBeVisible();
  const api = await (await visitorPage.request.get(`/api/spaces/${spaceId}`)).json();
  expect(api).toMatchObject({ title: newTitle, pricePerMonth: '975.00' });
  await owner.close();
  await farmer.close();
  await visitor.close();
});

test('a listing whose image fails to load hydrates without errors and shows the fallback', async ({ page, baseURL }) => {
  await signUpAndIn(page, baseURL!);
  const res = await page.request.post('/api/spaces', {
    headers: { origin: baseURL! },
    data: { title: 'Broken image', description: 'Its picture fails.', location: '1 Nowhere St', city: 'Austin', size: 500, pricePerMonth: '300', spaceType: 'basement', images: `${baseURL}/no-such-image.jpg` },
  });
  const { id } = await res.json();
  const errors: string[] = [];
  // The owner's own draft page, signed in: the visitor shows only after hydration, so no mismatch either.
  page.on('pageerror', (e) => errors.push(`owner: ${e.message}`));
  await page.goto(`/spaces/${id}`);
  await expect(page.getByRole('link', { name: 'Edit listing' })).toBeVisible();
  await publishByTestCard(page.request, baseURL!, id);
  const fresh = await page.context().browser()!.newContext();
  const visitor = await fresh.newPage();
  visitor.on('pageerror', (e) => errors.push(e.message));
  visitor.on('console', (m) => m.type() === 'error' && /Minified React error|hydrat/i.test(m.text()) && errors.push(m.text()));
  await visitor.goto(`/spaces/${id}`);
  await expect(visitor.locator('img[data-fallback="true"]').first()).toBeVisible();
  expect(errors).toEqual([]);
  await fresh.close();
});
