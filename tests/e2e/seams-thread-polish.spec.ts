// Issue 25, item 22: polish a careful person notices. The farmer (phone) saves a listing: the button says
// "Saved", not still "Save"; their Saved Spaces rows line up with the tab's edge; the thread's message box
// shows its whole placeholder. The owner (desktop) adds a fake .jpg to a listing with a photo: the server
// refuses it, and it is not offered Retry or "Make cover" — it is listed as refused, and the listing keeps
// its one photo.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { expect as baseExpect, test } from '@playwright/test';
import { closeAll, DESKTOP, ownerAndFarmerTalking, PHONE } from './seams-thread-setup';

// The machines these run on are shared and busy: a page's first paint can take longer than the default 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const SHOTS = path.resolve('test-results', 'seams-thread');

test('Save says Saved, saved rows line up, the phone placeholder fits, a refused fake .jpg offers no Retry or Make cover', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const { owner, farmer, spaceId, conversationId, title } = await ownerAndFarmerTalking(browser, baseURL!, { octets: [161, 162], ownerViewport: DESKTOP, farmerViewport: PHONE });

  // Save → "Saved" (and pressed); the saved list holds it.
  await farmer.page.goto(`/spaces/${spaceId}`);
  const save = farmer.page.locator('[data-action="save-space"]').first();
  await expect(save).toHaveText('Save');
  await save.click();
  await expect.soft(save).toHaveText('Saved');
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  const saved = (await (await farmer.context.request.get('/api/saved-spaces')).json()) as { spaceId: number }[];
  expect(saved.map((s) => s.spaceId)).toContain(spaceId);

  // Saved Spaces: the row's picture starts where the tab's other content starts (the tab list's edge).
  await farmer.page.goto('/dashboard?tab=saved');
  const row = farmer.page.getByTestId('saved-spaces').locator('li', { hasText: title });
  await expect(row).toBeVisible();
  const tabs = await farmer.page.getByRole('tablist').boundingBox();
  const picture = await row.locator('img, [aria-hidden="true"]').first().boundingBox();
  const list = await farmer.page.getByTestId('saved-spaces').boundingBox();
  const text = await row.getByRole('link', { name: title }).boundingBox();
  expect.soft(Math.abs(list!.x - tabs!.x)).toBeLessThanOrEqual(1);
  expect.soft(picture!.x - list!.x).toBeLessThanOrEqual(17);
  // The text is not squeezed between the picture and Remove: it takes the row's width beside the picture.
  expect.soft(text!.x + text!.width, 'the title reaches the row\'s right padding').toBeGreaterThanOrEqual(list!.x + list!.width - 17 - 24);
  await farmer.page.screenshot({ path: path.join(SHOTS, 'saved-spaces-phone-390x844.png') });

  // The thread's message box on a phone: its placeholder fits inside the box (nothing cut off).
  await farmer.page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
  const box = farmer.page.getByRole('textbox', { name: 'Type a message' });
  await expect(box).toBeVisible();
  const fits = await box.evaluate((el: HTMLTextAreaElement) => {
    const style = getComputedStyle(el);
    const probe = document.createElement('div');
    for (const p of ['font', 'letterSpacing', 'lineHeight', 'paddingLeft', 'paddingRight', 'paddingTop', 'paddingBottom', 'borderLeftWidth', 'borderRightWidth', 'boxSizing', 'whiteSpace', 'overflowWrap', 'wordBreak'] as const) probe.style[p] = style[p];
    probe.style.width = `${el.getBoundingClientRect().width}px`;
    probe.style.position = 'absolute';
    probe.style.visibility = 'hidden';
    probe.style.whiteSpace = 'pre-wrap';
    probe.textContent = el.placeholder;
    document.body.append(probe);
    const needed = probe.getBoundingClientRect().height;
    probe.remove();
    return { needed, available: el.getBoundingClientRect().height, placeholder: el.placeholder };
  });
  expect.soft(fits.needed, `placeholder "${fits.placeholder}"`).toBeLessThanOrEqual(fits.available + 1);

  // The owner's edit screen: a text file named fake.jpg, which the server refuses (its first bytes are not
  // a picture's). It must not stay as the cover with Retry, nor push the next photo to second place with
  // "Make cover".
  const real = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 140, b: 70 } } }).jpeg().toBuffer();
  await owner.page.goto(`/list-space?edit=${spaceId}`);
  // The edit screen is ready (hydrated, the listing loaded) once its title is filled in.
  await expect(owner.page.getByRole('textbox', { name: 'Space Title', exact: true })).toHaveValue(title);
  const input = owner.page.locator('[data-photo-input]');
  await input.setInputFiles([{ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not a photo at all') }]);
  // The refusal comes from the server's photo queue: slow when the machine is busy.
  await expect(owner.page.getByText(/not a photo we can use/).first()).toBeVisible({ timeout: 90_000 });
  await expect.soft(owner.page.locator('[data-photo-refused]')).toContainText('fake.jpg');
  await expect.soft(owner.page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  // A real photo chosen next is the cover (the refused file holds no place): no "Make cover" anywhere.
  await input.setInputFiles([{ name: 'roof.jpg', mimeType: 'image/jpeg', buffer: real }]);
  await expect(owner.page.locator('[data-photo-key]').last()).toContainText(/Uploading|Uploaded|Uploads/);
  await expect.soft(owner.page.locator('[data-photo-key]')).toHaveCount(1);
  await expect.soft(owner.page.getByRole('button', { name: /the cover/ })).toHaveCount(0);
  const stored = (await (await owner.context.request.get(`/api/spaces/${spaceId}`)).json()) as { photos: unknown[] };
  expect(stored.photos.length).toBeLessThanOrEqual(1);

  await closeAll(owner, farmer);
});
