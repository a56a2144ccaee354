// The photo-upload store against scripted uploads (the API is the outside world here; the throttled browser
// journeys are tests/e2e/photos-slow-upload.spec.ts): Save while uploads are in flight sends no file twice
// and orders as shown, a retry keeps its file's key, and a text file named .jpg never joins the photos.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhotoView } from '#contracts/photos';

type Upload = { spaceId: number; name: string; uploadKey?: string; answer: (photo: PhotoView) => void; fail: (error: Error) => void };
const uploads: Upload[] = [];
const orders: string[][] = [];

vi.mock('./photo-actions', () => ({
  uploadPhoto: (spaceId: number, file: File, _progress: unknown, uploadKey?: string) =>
    new Promise<PhotoView>((answer, fail) => uploads.push({ spaceId, name: file.name, uploadKey, answer, fail })),
  orderPhotos: async (_spaceId: number, order: string[]) => void orders.push(order),
  deletePhoto: async () => undefined,
  setPhotoAlt: async (_spaceId: number, photoId: string, alt: string) => photoView(photoId, alt),
}));

const { $photoUploads, $uploadSummary, choosePhotos, listingPhotos, makeCover, openPhotos, retryPhoto } = await import('./photo-upload-store');

function photoView(id: string, alt = `alt ${id}`): PhotoView {
  return { id, key: id.padEnd(64, '0'), width: 800, height: 600, widths: [400, 800], alt, url: `/media/photos/${id}` };
}
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(60).fill(1)])], name, { type: 'image/jpeg' });
const settle = () => new Promise((r) => setTimeout(r, 0));
const shownNames = () => $photoUploads.get().items.filter((i) => !i.removed).map((i) => i.file?.name ?? i.photo?.id);

beforeEach(() => {
  uploads.length = 0;
  orders.length = 0;
  openPhotos(7, [photoView('old-1'), photoView('old-2')]);
});

describe('photo-upload store', () => {
  it('Save while uploads are in flight waits for them, sends each file once and saves the order shown', async () => {
    await choosePhotos(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map(jpeg), 'Roof');
    // Three at a time; the fourth waits in the queue.
    expect(uploads.map((u) => u.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect($uploadSummary.get()).toMatchObject({ total: 4, queued: 1, sending: 3, waiting: 0 });
    makeCover($photoUploads.get().items.find((i) => i.file?.name === 'd.jpg')!.key);
    const shown = shownNames();
    const saved = listingPhotos.commit(7);
    await settle();
    // Save sent nothing again: still the three in flight.
    expect(uploads).toHaveLength(3);
    // They finish out of order; the fourth starts once a place is free.
    uploads[2]!.answer(photoView('new-c'));
    await settle();
    expect(uploads.map((u) => u.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']);
    uploads[3]!.answer(photoView('new-d'));
    uploads[0]!.answer(photoView('new-a'));
    uploads[1]!.answer(photoView('new-b'));
    await expect(saved).resolves.toBe(true);
    expect(uploads).toHaveLength(4);
    expect(new Set(uploads.map((u) => u.uploadKey)).size).toBe(4);
    const ids: Record<string, string> = { 'a.jpg': 'new-a', 'b.jpg': 'new-b', 'c.jpg': 'new-c', 'd.jpg': 'new-d' };
    expect(orders).toEqual([shown.map((name) => ids[name!] ?? name!)]);
    expect(orders[0]![0]).toBe('new-d');
  });

  it('files chosen before the listing exists wait (not "processing") and go up once on Save', async () => {
    openPhotos(undefined);
    await choosePhotos([jpeg('a.jpg'), jpeg('b.jpg')], 'Roof', async () => undefined);
    expect(uploads).toHaveLength(0);
    expect($uploadSummary.get()).toMatchObject({ total: 2, waiting: 2, queued: 0, sending: 0, processing: 0 });
    const saved = listingPhotos.commit(9);
    await settle();
    expect(uploads.map((u) => [u.spaceId, u.name])).toEqual([
      [9, 'a.jpg'],
      [9, 'b.jpg'],
    ]);
    uploads[1]!.answer(photoView('p-b'));
    uploads[0]!.answer(photoView('p-a'));
    await expect(saved).resolves.toBe(true);
    expect(orders).toEqual([['p-a', 'p-b']]);
  });

  it('a failed upload is retried with the same key; Save then sends it once more, never twice at once', async () => {
    await choosePhotos([jpeg('a.jpg')], 'Roof');
    uploads[0]!.fail(new Error('The connection was lost'));
    await settle();
    expect($photoUploads.get().items.at(-1)).toMatchObject({ status: 'failed' });
    const key = $photoUploads.get().items.at(-1)!.key;
    retryPhoto(key);
    retryPhoto(key);
    const saved = listingPhotos.commit(7);
    await settle();
    expect(uploads).toHaveLength(2);
    expect(uploads[1]!.uploadKey).toBe(uploads[0]!.uploadKey);
    uploads[1]!.answer(photoView('p-a'));
    await expect(saved).resolves.toBe(true);
  });

  it('a text file named .jpg is refused when chosen, by its bytes, and never shows as a photo', async () => {
    const fake = new File(['this is not a picture at all'], 'fake.jpg', { type: 'image/jpeg' });
    await choosePhotos([fake, jpeg('real.jpg')], 'Roof');
    expect($photoUploads.get().refused).toEqual(['fake.jpg: not a photo we can use. Choose a JPEG, PNG, WebP or AVIF image.']);
    expect(shownNames()).toEqual(['old-1', 'old-2', 'real.jpg']);
    expect(uploads.map((u) => u.name)).toEqual(['real.jpg']);
  });
});
