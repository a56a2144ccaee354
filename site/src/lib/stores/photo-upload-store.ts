// The list-space form's photos (issues 17, 25, 43; decision 0808): the upload queue and the page's staged
// changes — order, cover, alt texts, deletions — as a store; the uploader (islands/spaces/edit/PhotoUploader)
// only renders it. Each chosen file is sent ONCE: it gets an upload key when chosen (the API stores one photo
// per key and listing, so even a retried request stores one), it enters the queue once (three at a time), and
// Save waits for the uploads in flight instead of sending them again (issue 43 item 1: Save re-sent the files
// still waiting in the queue, and a slow connection stored them twice). Nothing a visitor sees changes before
// the form's Save (decision 0806): `listingPhotos.commit` sends the deletions, alt texts and the order shown.
import { atom, computed } from 'nanostores';
import { ACCEPTED_PHOTO_TEXT, defaultPhotoAlt, MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_SNIFF_BYTES, sniffPhotoType, type PhotoView } from '#contracts/photos';
import { ApiRequestError, errorMessage } from '../api/api-client';
import { deletePhoto, orderPhotos, setPhotoAlt, uploadPhoto } from './photo-actions';

export type PhotoStatus =
  /** No listing to upload to yet: the form's required fields are incomplete. */
  | 'waiting'
  /** In the queue behind the uploads running. */
  | 'queued'
  | 'uploading'
  | 'done'
  | 'failed';

export type PhotoItem = {
  /** The page's key: the photo's id for a stored photo, `new-N` for a chosen file. */
  key: string;
  /** The chosen file's upload key (Idempotency-Key): every try of its upload sends the same. */
  uploadKey?: string;
  file?: File;
  /** An object URL of the chosen file until it is uploaded. */
  preview?: string;
  status: PhotoStatus;
  /** 0..1 of the bytes sent; at 1 the server is still processing the photo. */
  progress: number;
  /** Deleted on the page: the photo goes when the form is saved, "Keep" brings it back. */
  removed?: boolean;
  error?: string;
  photo?: PhotoView;
  alt: string;
};

export type PhotoUploads = { items: PhotoItem[]; refused: string[]; announcement: string };

export const $photoUploads = atom<PhotoUploads>({ items: [], refused: [], announcement: '' });

/** The chosen files' overall state, for the progress beside the form's button. */
export type UploadSummary = { total: number; done: number; waiting: number; queued: number; sending: number; processing: number; failed: number; fraction: number };

export const $uploadSummary = computed($photoUploads, ({ items }): UploadSummary => {
  const chosen = items.filter((i) => !i.removed && i.uploadKey);
  const count = (status: PhotoStatus) => chosen.filter((i) => i.status === status).length;
  const uploading = chosen.filter((i) => i.status === 'uploading');
  const done = count('done');
  // The bytes count for 80 % of a photo, the server's processing for the rest.
  const sent = uploading.reduce((sum, i) => sum + 0.8 * i.progress, done);
  return {
    total: chosen.length,
    done,
    waiting: count('waiting'),
    queued: count('queued'),
    sending: uploading.filter((i) => i.progress < 1).length,
    processing: uploading.filter((i) => i.progress >= 1).length,
    failed: count('failed'),
    fraction: chosen.length ? sent / chosen.length : 1,
  };
});

/** Parallel uploads: the server processes several at once, and a phone's connection is not split twelve ways. */
const PARALLEL_UPLOADS = 3;

let nextKey = 0;
/** The listing the photos belong to: opened for editing, or the draft the form saved for them. */
let spaceId: number | undefined;
/** The listing's photo ids in the order the server has them (what commit compares the page with). */
let serverOrder: string[] = [];
/** Photos uploaded during this visit (Cancel removes them again from a live listing). */
let addedNow: string[] = [];
/** Each chosen file's one upload, from the moment it is queued until it is stored, refused or failed. */
const uploads = new Map<string, Promise<void>>();
const queue: string[] = [];
let running = 0;

const get = () => $photoUploads.get();
const patch = (change: Partial<PhotoUploads>) => $photoUploads.set({ ...get(), ...change });
const setItems = (items: PhotoItem[]) => patch({ items });
const itemOf = (key: string) => get().items.find((i) => i.key === key);
const update = (key: string, change: Partial<PhotoItem>) => setItems(get().items.map((i) => (i.key === key ? { ...i, ...change } : i)));
const announce = (announcement: string) => patch({ announcement });

/** Opens the photos of a listing (or none, for a new one): the page starts again from what is stored. */
export function openPhotos(listingId: number | undefined, initial: PhotoView[] = []): void {
  for (const item of get().items) if (item.preview) URL.revokeObjectURL(item.preview);
  spaceId = listingId;
  serverOrder = initial.map((p) => p.id);
  addedNow = [];
  uploads.clear();
  queue.length = 0;
  $photoUploads.set({ items: initial.map((photo) => ({ key: photo.id, status: 'done', progress: 1, photo, alt: photo.alt })), refused: [], announcement: '' });
}

/** What is wrong with a chosen file, read from its bytes (a text file named .jpg is no photo), or nothing. */
async function problemOf(file: File): Promise<string | undefined> {
  if (file.size === 0) return `${file.name}: the file is empty.`;
  if (file.size > MAX_PHOTO_BYTES) return `${file.name}: larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB. Choose a smaller photo.`;
  const head = new Uint8Array(await file.slice(0, PHOTO_SNIFF_BYTES).arrayBuffer().catch(() => new ArrayBuffer(0)));
  return sniffPhotoType(head) ? undefined : `${file.name}: not a photo we can use. Choose a ${ACCEPTED_PHOTO_TEXT} image.`;
}

/**
 * Files chosen (picker, camera or drop): each is checked by its bytes before it shows, numbered for its
 * default alt text, and queued at once when the listing exists or `ensureListing` can save its draft; else
 * it waits for the form's Save.
 */
export async function choosePhotos(files: File[], title: string, ensureListing?: () => Promise<number | undefined>): Promise<void> {
  const problems = await Promise.all(files.map(problemOf));
  const refused: string[] = [];
  const accepted: PhotoItem[] = [];
  const room = MAX_PHOTOS - get().items.length;
  files.forEach((file, index) => {
    if (problems[index]) refused.push(problems[index]);
    else if (accepted.length >= room) refused.push(`${file.name}: a listing can have at most ${MAX_PHOTOS} photos.`);
    else {
      const alt = defaultPhotoAlt(title || 'Listing', get().items.length + accepted.length + 1);
      accepted.push({ key: `new-${++nextKey}`, uploadKey: crypto.randomUUID(), file, preview: URL.createObjectURL(file), status: 'waiting', progress: 0, alt });
    }
  });
  patch({ refused });
  if (!accepted.length) return;
  patch({ items: [...get().items, ...accepted], announcement: `${accepted.length} photo${accepted.length === 1 ? '' : 's'} added.` });
  spaceId ??= await ensureListing?.();
  if (spaceId !== undefined) for (const item of accepted) enqueue(item.key);
}

/** Queues a chosen file's upload unless it is queued, on its way or stored already: never a second copy. */
function enqueue(key: string): void {
  const item = itemOf(key);
  if (!item?.file || item.removed || !['waiting', 'failed'].includes(item.status)) return;
  update(key, { status: 'queued', error: undefined });
  uploads.set(
    key,
    new Promise<void>((resolve) => {
      queue.push(key);
      waiters.set(key, resolve);
      pump();
    }),
  );
}

const waiters = new Map<string, () => void>();

function pump(): void {
  while (running < PARALLEL_UPLOADS && queue.length) {
    const key = queue.shift()!;
    const done = waiters.get(key)!;
    waiters.delete(key);
    running++;
    void send(key).finally(() => {
      running--;
      done();
      pump();
    });
  }
}

/** An answer that retrying cannot change: the server refused the file itself (not a photo, too large…). */
const refusedForGood = (error: unknown) => error instanceof ApiRequestError && [400, 409, 413, 415, 422].includes(error.status);

async function send(key: string): Promise<void> {
  const item = itemOf(key);
  // Dropped from the page while it waited in the queue: nothing to send.
  if (!item?.file || spaceId === undefined) return;
  update(key, { status: 'uploading', progress: 0 });
  try {
    const photo = await uploadPhoto(spaceId, item.file, (fraction) => update(key, { progress: fraction }), item.uploadKey);
    if (!serverOrder.includes(photo.id)) serverOrder.push(photo.id);
    if (!addedNow.includes(photo.id)) addedNow.push(photo.id);
    // The alt text on the page (typed, or the default numbered in the order chosen) is what commit saves:
    // uploads reach the server in any order, so its own numbering may not match.
    const current = itemOf(key);
    if (current?.preview) URL.revokeObjectURL(current.preview);
    update(key, { status: 'done', progress: 1, photo, alt: current?.alt.trim() ? current.alt : photo.alt, file: undefined, preview: undefined });
  } catch (error) {
    if (refusedForGood(error)) {
      // The server looked at the file and will never take it: it leaves the photos for the refused list.
      if (item.preview) URL.revokeObjectURL(item.preview);
      setItems(get().items.filter((i) => i.key !== key));
      patch({ refused: [...get().refused, `${item.file.name}: ${errorMessage(error, 'not a photo we can use.')}`] });
      return;
    }
    update(key, { status: 'failed', error: errorMessage(error, 'The upload failed. Check your connection and retry.') });
  }
}

/** Retry of a failed upload: the same file with the same key (a request that did arrive is not stored twice). */
export const retryPhoto = (key: string) => enqueue(key);

export const setPhotoAltText = (key: string, alt: string) => update(key, { alt });

/** The photos as shown, in order (those marked for deletion are listed apart). */
const shownNow = () => get().items.filter((i) => !i.removed);

function showInOrder(next: PhotoItem[]): void {
  setItems([...next, ...get().items.filter((i) => i.removed)]);
}

export function movePhoto(key: string, by: number): void {
  const list = shownNow();
  const from = list.findIndex((i) => i.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return;
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved!);
  showInOrder(list);
  announce(`Photo moved to position ${to + 1} of ${list.length}.${to === 0 ? ' It is now the cover.' : ''}`);
}

export function makeCover(key: string): void {
  const list = shownNow();
  const item = list.find((i) => i.key === key);
  if (!item) return;
  showInOrder([item, ...list.filter((i) => i.key !== key)]);
  announce('Cover photo changed.');
}

/** Drag and drop: `dragged` takes the place of `target`. */
export function dropPhoto(dragged: string, target: string): void {
  const list = shownNow();
  const from = list.findIndex((i) => i.key === dragged);
  const to = list.findIndex((i) => i.key === target);
  if (from < 0 || to < 0 || from === to) return;
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved!);
  showInOrder(list);
}

/** A stored (or uploading) photo is marked and goes on Save; a file not sent yet is simply dropped. */
export function removePhoto(key: string): void {
  const item = itemOf(key);
  if (!item) return;
  if (item.photo || item.status === 'uploading') {
    update(key, { removed: true });
    return announce('Photo marked for deletion. It is deleted when you save.');
  }
  if (item.preview) URL.revokeObjectURL(item.preview);
  setItems(get().items.filter((i) => i.key !== key));
  announce('Photo removed.');
}

export function keepPhoto(key: string): void {
  update(key, { removed: false });
  announce('Photo kept.');
}

/** The photo uploader as the form's save flow uses it (listing-draft-store's ListingPhotos). */
export const listingPhotos = {
  /**
   * Save: the files still waiting go into the queue (once), then every upload in flight is waited for —
   * none is sent again — and the page's changes follow: deletions, alt texts, then the order shown (the
   * first is the cover). False when a photo did not upload.
   */
  async commit(id: number): Promise<boolean> {
    spaceId = id;
    for (const item of shownNow()) if (item.status === 'waiting' || item.status === 'failed') enqueue(item.key);
    await Promise.all([...uploads.values()]);
    if (shownNow().some((i) => i.status !== 'done')) return false;
    for (const item of get().items.filter((i) => i.removed && i.photo)) {
      await deletePhoto(id, item.photo!.id);
      serverOrder = serverOrder.filter((pid) => pid !== item.photo!.id);
    }
    setItems(shownNow());
    for (const item of shownNow()) {
      if (item.alt.trim() && item.alt.trim() !== item.photo!.alt) {
        const photo = await setPhotoAlt(id, item.photo!.id, item.alt.trim());
        update(item.key, { photo, alt: photo.alt });
      }
    }
    const order = shownNow().map((i) => i.photo!.id);
    if (order.length > 1 && order.join() !== serverOrder.join()) {
      await orderPhotos(id, order);
      serverOrder = order;
    }
    return true;
  },
  /** Photo changes on the page that Save has not sent yet. */
  hasUnsavedChanges(): boolean {
    const { items } = get();
    return (
      items.some((i) => i.removed || i.status !== 'done' || (i.photo && i.alt.trim() !== i.photo.alt)) ||
      items.flatMap((i) => (i.photo ? [i.photo.id] : [])).join() !== serverOrder.join()
    );
  },
  /** Cancel: removes the photos uploaded during this visit again. */
  async discardNew(): Promise<void> {
    if (spaceId === undefined) return;
    const id = spaceId;
    await Promise.all(addedNow.map((pid) => deletePhoto(id, pid).catch(() => undefined)));
    addedNow = [];
  },
};
