// Photos on a slow connection (issue 43, items 1 and 10), driven as the owner did on a phone: choose the
// photos with the form complete (the draft is saved for them and they start uploading, three at a time),
// make another one the cover, and tap the button 3 s later while they are still on their way. What is stored
// must be exactly the photos chosen, once each, in the order shown, the cover first — on a new listing and on
// a live one being edited. Before the fix, Save sent the photos still waiting in the queue a second time: 5
// stored for 4 chosen, and with 5 a red "The new order must list each of this listing's 7 photos once".
// The real sizes (4000 × 3000 JPEGs of ~5 MB at 5 Mbit/s) take minutes: @deep; the same journeys
// with smaller photos on a slower line stay in npm test. Item 10: a photo that only waits for the form says
// so (never "Processing…"), and a text file named .jpg is refused when chosen, never shown as a cover.
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { visitorFrom } from './browser';
import { publishByTestCard } from './payments-helpers';
import { createListing, ownListing, uploadPhoto, type StoredSpace } from './seams-form-helpers';
import { signUpAndIn } from './spaces-helpers';

/** A photo-like JPEG (smooth colour fields and grain, as a camera makes): 4000 × 3000 is about 5 MB. */
async function cameraJpeg(seed: number, width: number, height: number): Promise<Buffer> {
  const [w, h] = [Math.round(width / 8), Math.round(height / 8)];
  let x = (seed * 2654435761) >>> 0;
  const random = () => (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  const base = Buffer.alloc(w * h * 3).map(() => random());
  const pixels = await sharp(base, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.max(0, Math.min(255, pixels[i]! + (random() % 28) - 14));
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

type Line = { photo: { width: number; height: number }; bytesPerSecond: number; timeout: number };
/** The phone: 4000 × 3000 photos of ~5 MB, uploads at 5 Mbit/s. */
const REAL: Line = { photo: { width: 4000, height: 3000 }, bytesPerSecond: 625_000, timeout: 480_000 };
/** npm test's: ~0.15 MB photos on a 0.32 Mbit/s line (little to process, slow to send): the fourth still waits in the queue 3 s later. */
const QUICK: Line = { photo: { width: 700, height: 525 }, bytesPerSecond: 40_000, timeout: 150_000 };

async function photoFiles(line: Line, count: number, first: number) {
  return Promise.all(Array.from({ length: count }, async (_, i) => ({ name: `roof-${first + i}.jpg`, mimeType: 'image/jpeg', buffer: await cameraJpeg(first + i, line.photo.width, line.photo.height) })));
}

async function throttle(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 2_000_000, uploadThroughput: bytesPerSecond });
}

/** The alt texts in the order the page shows the photos (each starts as "title – photo N", N in the order chosen). */
const shownOrder = (page: Page) => page.locator('[data-photo-key] input[id^="alt-"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

/** Exactly the photos chosen, once each (one stored file per photo), in the order shown, the cover first. */
function expectStoredAsShown(stored: StoredSpace, shown: string[]) {
  const space = stored as unknown as { images: string[]; photos: { alt: string; key: string; url: string }[] };
  expect(space.photos.map((p) => p.alt)).toEqual(shown);
  expect(new Set(space.photos.map((p) => p.key)).size).toBe(shown.length);
  expect(space.images[0]).toBe(space.photos[0]!.url);
}

async function fillRequired(page: Page, title: string) {
  await page.getByRole('textbox', { name: 'Space Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A flat roof with sun all day and a water line.');
  await page.getByRole('textbox', { name: 'Full Address', exact: true }).fill('14 Tar Lane');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Denver');
  await page.getByRole('spinbutton', { name: 'Size (sq ft)' }).fill('1500');
  await page.getByRole('spinbutton', { name: 'Monthly Rent ($)' }).fill('650');
}

async function createWithPhotos(page: Page, baseURL: string, line: Line, count: number) {
  await signUpAndIn(page, baseURL, 'Paloma');
  await page.goto('/list-space');
  await expect(page.locator('form [data-hydrated="true"]')).toBeAttached();
  const title = `Slow-line roof ${count} ${Date.now()}`;
  await fillRequired(page, title);
  // The demand panel (loaded once a city is named) moves the footer when it arrives: let it settle first.
  await expect(page.locator('[data-demand-panel] [data-demand-matching]')).toBeVisible();
  const files = await photoFiles(line, count, 1);
  await throttle(page, line.bytesPerSecond);
  await page.locator('[data-photo-input]').setInputFiles(files);
  const chosenAt = Date.now();
  await expect(page.locator('[data-photo-key]')).toHaveCount(count);
  // The third photo chosen becomes the cover: the order shown is no longer the order chosen.
  await page.getByRole('button', { name: 'Make photo 3 the cover' }).click();
  const shown = await shownOrder(page);
  expect(shown).toEqual([3, 1, 2, 4, 5].slice(0, count).map((n) => `${title} – photo ${n}`));
  await expect(page.locator('[data-photo-status="uploading"]').first()).toBeVisible();
  await page.waitForTimeout(Math.max(0, 3_000 - (Date.now() - chosenAt)));
  await page.screenshot({ path: test.info().outputPath('slow-upload-before-save.png'), fullPage: false });
  await page.getByRole('button', { name: /Continue to Payment/ }).click();
  await page.waitForURL(/\/checkout\?/, { timeout: line.timeout });
  const spaceId = Number(new URL(page.url()).searchParams.get('spaceId'));
  await page.screenshot({ path: test.info().outputPath('slow-upload-checkout.png') });
  expectStoredAsShown(await ownListing(page.request, spaceId), shown);
}

async function editLiveWithPhotos(page: Page, baseURL: string, line: Line) {
  await signUpAndIn(page, baseURL, 'Ines');
  const title = `Live roof ${Date.now()}`;
  const space = await createListing(page.request, baseURL, { title, description: 'Open roof, water, freight lift.', location: '3 Lift St', city: 'Denver', size: 1200, pricePerMonth: '800', spaceType: 'rooftop' });
  await uploadPhoto(page.request, baseURL, space.id, 40);
  await uploadPhoto(page.request, baseURL, space.id, 160);
  await publishByTestCard(page.request, baseURL, space.id);
  await page.goto(`/list-space?edit=${space.id}`);
  await expect(page.locator(`[data-editing="${space.id}"]`)).toBeVisible();
  await expect(page.locator('[data-photo-status="done"]')).toHaveCount(2);
  const files = await photoFiles(line, 4, 11);
  await throttle(page, line.bytesPerSecond);
  await page.locator('[data-photo-input]').setInputFiles(files);
  const chosenAt = Date.now();
  await expect(page.locator('[data-photo-key]')).toHaveCount(6);
  // The last photo chosen becomes the cover.
  await page.getByRole('button', { name: 'Make photo 6 the cover' }).click();
  const shown = await shownOrder(page);
  expect(shown).toEqual([6, 1, 2, 3, 4, 5].map((n) => `${title} – photo ${n}`));
  await page.waitForTimeout(Math.max(0, 3_000 - (Date.now() - chosenAt)));
  await page.screenshot({ path: test.info().outputPath('slow-upload-edit-before-save.png') });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.waitForURL(new RegExp(`/spaces/${space.id}$`), { timeout: line.timeout });
  await page.screenshot({ path: test.info().outputPath('slow-upload-after-save.png') });
  // What a visitor sees: the public answer.
  const visitor = await page.context().browser()!.newContext(visitorFrom(139));
  const seen = (await (await visitor.request.get(`${baseURL}/api/spaces/${space.id}`)).json()) as StoredSpace;
  await visitor.close();
  expectStoredAsShown(seen, shown);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, ...visitorFrom(131) });

  test('4 photos on a slow line, Create 3 s after choosing: stored once each, in the order shown', async ({ page, baseURL }) => {
    test.setTimeout(QUICK.timeout + 60_000);
    await createWithPhotos(page, baseURL!, QUICK, 4);
  });

  // @deep (docs/decisions/0611): the sizes take minutes (25 MB at 5 Mbit/s is 40 s of upload alone);
  // the same journeys with smaller photos run above in npm test.
  for (const count of [4, 5]) {
    test(`${count} real-size photos (4000 × 3000, ~5 MB) at 5 Mbit/s, Create 3 s after choosing`, { tag: '@deep' }, async ({ page, baseURL }) => {
      test.setTimeout(REAL.timeout + 120_000);
      await createWithPhotos(page, baseURL!, REAL, count);
    });
  }

  test('a live listing, 2 photos + 4 real-size new ones at 5 Mbit/s, Save Changes 3 s later', { tag: '@deep' }, async ({ page, baseURL }) => {
    test.setTimeout(REAL.timeout + 120_000);
    await editLiveWithPhotos(page, baseURL!, REAL);
  });

  test('a photo waiting for the form says so, never "Processing"; a text file named .jpg is refused when chosen', async ({ page, baseURL }) => {
    await signUpAndIn(page, baseURL!, 'Tomas');
    await page.goto('/list-space');
    await expect(page.locator('form [data-hydrated="true"]')).toBeAttached();
    // Only the title: no draft can be saved, so the photo waits for Create.
    await page.getByRole('textbox', { name: 'Space Title', exact: true }).fill('Half-filled roof');
    const fake = { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html>this is not a picture</html>') };
    await page.locator('[data-photo-input]').setInputFiles([fake, { name: 'real.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(7, 800, 600) }]);
    await expect(page.locator('[data-photo-refused]')).toContainText('fake.jpg: not a photo we can use. Choose a JPEG, PNG, WebP or AVIF image.');
    const cards = page.locator('[data-photo-key]');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Cover photo');
    await expect(cards.first()).toContainText('Uploads once the details above are complete');
    // The cover is the real photo, showing (not a broken image).
    await expect.poll(() => cards.first().locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('[data-upload-progress]')).toHaveCount(0);
    await expect(page.getByText(/Processing/)).toHaveCount(0);
    await page.locator('[data-photo-uploader]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('refused-fake-jpg-phone.png') });
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 }, ...visitorFrom(132) });

  test('a live listing, 2 photos + 4 new on a slow line, Save Changes 3 s later: the public page shows the 6 once each, in order', async ({ page, baseURL }) => {
    test.setTimeout(QUICK.timeout + 60_000);
    await editLiveWithPhotos(page, baseURL!, QUICK);
  });

  test('the refused fake .jpg and a waiting photo, at desktop width', async ({ page, baseURL }) => {
    await signUpAndIn(page, baseURL!, 'Dana');
    await page.goto('/list-space');
    await expect(page.locator('form [data-hydrated="true"]')).toBeAttached();
    const fake = { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('GIF89a not a jpeg at all') };
    await page.locator('[data-photo-input]').setInputFiles([fake, { name: 'roof.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(8, 800, 600) }]);
    await expect(page.locator('[data-photo-refused]')).toContainText('holiday.jpg: not a photo we can use');
    await expect(page.locator('[data-photo-key]')).toHaveCount(1);
    await expect(page.locator('[data-upload-progress]')).toHaveCount(0);
    await page.locator('[data-photo-uploader]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('refused-fake-jpg-desktop.png') });
  });
});
