// The owner's photos of a listing (issue 17): add by drag and drop, the file picker or the phone's camera,
// several at once, each with its own progress bar, message and retry; reorder by drag or by the Move
// buttons (keyboard), choose the cover, delete, edit the alt text. With a listing id, files upload as soon
// as they are chosen, three at a time; on the new-listing form (no listing yet) the uploader first asks the
// form for its draft (`ensureListing`), and files wait only while the form cannot save one.
// Nothing a visitor sees changes before the form's Save (issue 25, docs/decisions/0806): a deleted photo,
// the order, the cover and the alt texts are kept here and sent by `commit`; leaving without saving drops
// them. A new photo of a live listing shows once it is uploaded; Cancel (`discardNew`) takes it off again.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type DragEvent } from 'react';
import { ACCEPTED_PHOTO_TEXT, ACCEPTED_PHOTO_TYPES, defaultPhotoAlt, MAX_ALT, MAX_PHOTO_BYTES, MAX_PHOTOS, photoFileUrl, type PhotoView } from '#contracts/photos';
import { ApiRequestError, errorMessage } from '../../../lib/api/api-client';
import { deletePhoto, orderPhotos, setPhotoAlt, uploadPhoto } from '../../../lib/stores/photo-actions';
import { LengthCounter } from '../../shared/FormField';

type Item = {
  key: string;
  file?: File;
  /** An object URL of the chosen file until it is uploaded. */
  preview?: string;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  /** 0..1 of the bytes sent; at 1 the server is still processing the photo ("Processing…"). */
  progress: number;
  /** Deleted on the page: the photo goes when the form is saved, "Keep" brings it back. */
  removed?: boolean;
  error?: string;
  photo?: PhotoView;
  alt: string;
};

export type PhotoUploaderHandle = {
  /** Uploads the waiting files to the listing and waits for those on their way; true when all went up. */
  uploadPending(spaceId: number): Promise<boolean>;
  /** Files chosen but not uploaded yet. */
  pendingCount(): number;
  /** Uploads what waits, then saves the page's photo changes (deletions, order, cover, alt texts). */
  commit(spaceId: number): Promise<boolean>;
  /** Photo changes on the page that Save has not sent yet. */
  hasUnsavedChanges(): boolean;
  /** Cancel: removes the photos uploaded during this visit again. */
  discardNew(): Promise<void>;
};

/** Overall upload state, for the progress shown beside the form's button. */
export type UploadSummary = { total: number; done: number; sending: number; processing: number; failed: number; fraction: number };

let nextKey = 0;
const itemOf = (photo: PhotoView): Item => ({ key: photo.id, status: 'done', progress: 1, photo, alt: photo.alt });

/** An answer that retrying cannot change: the server refused the file itself (not a photo, too large…). */
function refusedForGood(error: unknown): boolean {
  return error instanceof ApiRequestError && [400, 413, 415, 422].includes(error.status);
}

function checkFile(file: File): string | undefined {
  if (!(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type)) return `${file.name}: not a photo we can use. Choose a ${ACCEPTED_PHOTO_TEXT} image.`;
  if (file.size === 0) return `${file.name}: the file is empty.`;
  if (file.size > MAX_PHOTO_BYTES) return `${file.name}: larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB. Choose a smaller photo.`;
  return undefined;
}

type Props = {
  spaceId?: number;
  initial?: PhotoView[];
  title: string;
  onPhotosChange?: (photos: PhotoView[]) => void;
  /** The new-listing form's draft, saved on demand so photos can upload at once; undefined while it cannot be. */
  ensureListing?: () => Promise<number | undefined>;
  onSummary?: (summary: UploadSummary) => void;
};

/** Parallel uploads: the server processes several at once, and a phone's connection is not split twelve ways. */
const PARALLEL_UPLOADS = 3;

export const PhotoUploader = forwardRef<PhotoUploaderHandle, Props>(function PhotoUploader({ spaceId, initial = [], title, onPhotosChange, ensureListing, onSummary }, ref) {
  const [items, setItemsState] = useState<Item[]>(() => initial.map(itemOf));
  const [refused, setRefused] = useState<string[]>([]);
  const [dragOver, setDragOver] = useState(false);
  const [dragging, setDragging] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /**
   * The list as of now, not as of the last render: commit() reads it right after the last upload settles,
   * before React has rendered that upload's result (a stale list sent an order missing a photo: 400).
   */
  const itemsRef = useRef(items);
  const setItems = (next: Item[] | ((list: Item[]) => Item[])) => {
    itemsRef.current = typeof next === 'function' ? next(itemsRef.current) : next;
    setItemsState(itemsRef.current);
  };
  const spaceRef = useRef(spaceId);
  if (spaceId !== undefined) spaceRef.current = spaceId;
  /** The listing's photo ids in the order the server has them (what commit compares the page with). */
  const serverOrder = useRef<string[]>(initial.map((p) => p.id));
  /** Photos uploaded during this visit (Cancel removes them again). */
  const addedNow = useRef<string[]>([]);
  const inFlight = useRef(new Set<Promise<unknown>>());

  useEffect(() => {
    onPhotosChange?.(items.flatMap((i) => (i.photo && !i.removed ? [i.photo] : [])));
    // The files chosen on this page; the bytes count for 80 % of a photo, the server's processing the rest.
    const chosen = items.filter((i) => !i.removed && i.key.startsWith('new-'));
    const uploading = chosen.filter((i) => i.status === 'uploading');
    const done = chosen.filter((i) => i.status === 'done').length;
    const sent = uploading.reduce((sum, i) => sum + 0.8 * i.progress, done);
    onSummary?.({
      total: chosen.length,
      done,
      sending: uploading.filter((i) => i.progress < 1).length,
      processing: uploading.filter((i) => i.progress >= 1).length,
      failed: chosen.filter((i) => i.status === 'failed').length,
      fraction: chosen.length ? sent / chosen.length : 1,
    });
  }, [items]);
  useEffect(() => () => itemsRef.current.forEach((i) => i.preview && URL.revokeObjectURL(i.preview)), []);

  const update = (key: string, change: Partial<Item>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  function upload(item: Item, id: number): Promise<PhotoView | undefined> {
    const run = uploadOne(item, id);
    inFlight.current.add(run);
    void run.finally(() => inFlight.current.delete(run));
    return run;
  }

  async function uploadOne(item: Item, id: number): Promise<PhotoView | undefined> {
    if (!item.file) return undefined;
    update(item.key, { status: 'uploading', progress: 0, error: undefined });
    try {
      const photo = await uploadPhoto(id, item.file, (fraction) => update(item.key, { progress: fraction }));
      serverOrder.current.push(photo.id);
      addedNow.current.push(photo.id);
      // The alt text on the page (typed, or the default numbered in the order chosen) is what commit saves:
      // parallel uploads reach the server in any order, so its own numbering may not match.
      const current = itemsRef.current.find((i) => i.key === item.key);
      update(item.key, { status: 'done', progress: 1, photo, alt: current?.alt.trim() ? current.alt : photo.alt, file: undefined });
      return photo;
    } catch (error) {
      if (refusedForGood(error)) {
        // The server looked at the file and will never take it (issue 25, item 22: a text file named .jpg
        // was offered Retry and Make cover): it leaves the photos and joins the list of refused files.
        if (item.preview) URL.revokeObjectURL(item.preview);
        setItems((list) => list.filter((i) => i.key !== item.key));
        setRefused((messages) => [...messages, `${item.file!.name}: ${errorMessage(error, 'not a photo we can use.')}`]);
        return undefined;
      }
      update(item.key, { status: 'failed', error: errorMessage(error, 'The upload failed. Check your connection and retry.') });
      return undefined;
    }
  }


  function addFiles(files: FileList | File[]) {
    const messages: string[] = [];
    const room = MAX_PHOTOS - itemsRef.current.length;
    const accepted: Item[] = [];
    for (const file of Array.from(files)) {
      const problem = checkFile(file);
      if (problem) messages.push(problem);
      else if (accepted.length >= room) messages.push(`${file.name}: a listing can have at most ${MAX_PHOTOS} photos.`);
      else {
        const key = `new-${++nextKey}`;
        const alt = defaultPhotoAlt(title || 'Listing', itemsRef.current.length + accepted.length + 1);
        accepted.push({ key, file, preview: URL.createObjectURL(file), status: 'waiting', progress: 0, alt });
      }
    }
    setRefused(messages);
    if (!accepted.length) return;
    setItems((list) => [...list, ...accepted]);
    setAnnouncement(`${accepted.length} photo${accepted.length === 1 ? '' : 's'} added.`);
    void startUploads(accepted);
  }

  /** Uploads the chosen files at once: to the listing, or to the draft the form saves for them. */
  async function startUploads(list: Item[]) {
    const id = spaceRef.current ?? (await ensureListing?.());
    if (id === undefined) return;
    spaceRef.current = id;
    await uploadAll(list, id);
  }

  async function uploadAll(list: Item[], id: number): Promise<boolean> {
    let ok = true;
    const queue = [...list];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) if (!(await upload(item, id))) ok = false;
    };
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker));
    return ok;
  }

  /** Order and cover are the page's until Save (commit sends them). */
  function saveOrder(next: Item[]) {
    setItems([...next, ...itemsRef.current.filter((i) => i.removed)]);
  }
  /** The photos as shown, in order (those marked for deletion are listed apart). */
  const shownNow = () => itemsRef.current.filter((i) => !i.removed);

  function move(key: string, by: number) {
    const list = shownNow();
    const from = list.findIndex((i) => i.key === key);
    const to = from + by;
    if (from < 0 || to < 0 || to >= list.length) return;
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setAnnouncement(`Photo moved to position ${to + 1} of ${list.length}.${to === 0 ? ' It is now the cover.' : ''}`);
    void saveOrder(next);
    // Keep the focus on the same button of the moved photo (keyboard reordering).
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-photo-key="${key}"] [data-move="${by < 0 ? 'up' : 'down'}"]`)?.focus());
  }

  function makeCover(key: string) {
    const list = shownNow();
    const item = list.find((i) => i.key === key);
    if (!item) return;
    setAnnouncement('Cover photo changed.');
    void saveOrder([item, ...list.filter((i) => i.key !== key)]);
  }

  /** A stored (or uploading) photo is marked and goes on Save; a file not sent yet is simply dropped. */
  function remove(key: string) {
    const item = itemsRef.current.find((i) => i.key === key);
    if (!item) return;
    if (item.photo || item.status === 'uploading') {
      update(key, { removed: true });
      setAnnouncement('Photo marked for deletion. It is deleted when you save.');
      return;
    }
    if (item.preview) URL.revokeObjectURL(item.preview);
    setItems((list) => list.filter((i) => i.key !== key));
    setAnnouncement('Photo removed.');
  }

  function keep(key: string) {
    update(key, { removed: false });
    setAnnouncement('Photo kept.');
  }

  async function uploadPending(id: number): Promise<boolean> {
    spaceRef.current = id;
    const waiting = itemsRef.current.filter((i) => !i.removed && i.status !== 'done' && i.status !== 'uploading' && i.file);
    const ok = await uploadAll(waiting, id);
    await Promise.all([...inFlight.current]);
    return ok && !itemsRef.current.some((i) => !i.removed && i.status === 'failed');
  }

  /** Sends the page's photo changes: deletions, then the alt texts, then the order (the first is the cover). */
  async function commit(id: number): Promise<boolean> {
    if (!(await uploadPending(id))) return false;
    for (const item of itemsRef.current.filter((i) => i.removed && i.photo)) {
      await deletePhoto(id, item.photo!.id);
      serverOrder.current = serverOrder.current.filter((pid) => pid !== item.photo!.id);
    }
    setItems((list) => list.filter((i) => !i.removed));
    const kept = itemsRef.current.filter((i) => !i.removed && i.photo);
    for (const item of kept) {
      if (item.alt.trim() && item.alt.trim() !== item.photo!.alt) {
        const photo = await setPhotoAlt(id, item.photo!.id, item.alt.trim());
        update(item.key, { photo, alt: photo.alt });
      }
    }
    const order = kept.map((i) => i.photo!.id);
    if (order.length > 1 && order.join() !== serverOrder.current.join()) {
      await orderPhotos(id, order);
      serverOrder.current = order;
    }
    return true;
  }

  useImperativeHandle(ref, () => ({
    pendingCount: () => itemsRef.current.filter((i) => !i.removed && i.status !== 'done').length,
    uploadPending,
    commit,
    hasUnsavedChanges: () =>
      itemsRef.current.some((i) => i.removed || i.status !== 'done' || (i.photo && i.alt.trim() !== i.photo.alt)) ||
      itemsRef.current.flatMap((i) => (i.photo ? [i.photo.id] : [])).join() !== serverOrder.current.join(),
    async discardNew() {
      const id = spaceRef.current;
      if (id === undefined) return;
      await Promise.all(addedNow.current.map((pid) => deletePhoto(id, pid).catch(() => undefined)));
      addedNow.current = [];
    },
  }));

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    if (event.dataTransfer.files.length) addFiles(event.dataTransfer.files);
  };

  const onItemDrop = (event: DragEvent, target: string) => {
    event.preventDefault();
    event.stopPropagation();
    if (!dragging || dragging === target) return setDragging(null);
    const list = shownNow();
    const moved = list.find((i) => i.key === dragging)!;
    const rest = list.filter((i) => i.key !== dragging);
    const at = rest.findIndex((i) => i.key === target);
    const from = list.findIndex((i) => i.key === dragging);
    const to = list.findIndex((i) => i.key === target);
    rest.splice(from < to ? at + 1 : at, 0, moved);
    setDragging(null);
    void saveOrder(rest);
  };

  const full = items.length >= MAX_PHOTOS;
  const shown = items.filter((i) => !i.removed);
  const removed = items.filter((i) => i.removed);
  return (
    <section aria-labelledby="photos-heading" className="space-y-4" data-photo-uploader>
      <div>
        <h2 id="photos-heading" className="text-lg font-semibold text-ink">
          Photos
        </h2>
        <p className="mt-1 text-sm text-muted">
          Up to {MAX_PHOTOS} photos ({ACCEPTED_PHOTO_TEXT}, at most {MAX_PHOTO_BYTES / 1024 / 1024} MB each). The first is the cover. Listings with several bright photos get far more inquiries.
        </p>
      </div>
      <div
        className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center ${dragOver ? 'border-brand-700 bg-brand-50' : 'border-line'}`}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes('Files')) {
            e.preventDefault();
            setDragOver(true);
          }
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
      >
        <p className="text-sm text-ink">{full ? `This listing has ${MAX_PHOTOS} photos: delete one to add another.` : 'Drag photos here, or'}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <label className={`btn-outline cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500 ${full ? 'pointer-events-none opacity-50' : ''}`}>
            Choose photos
            <input
              type="file"
              className="sr-only"
              accept={ACCEPTED_PHOTO_TYPES.join(',')}
              multiple
              disabled={full}
              data-photo-input
              onChange={(e) => {
                if (e.target.files) addFiles(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
          <label className={`btn-outline cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500 sm:hidden ${full ? 'pointer-events-none opacity-50' : ''}`}>
            Take a photo
            <input
              type="file"
              className="sr-only"
              accept="image/*"
              capture="environment"
              disabled={full}
              onChange={(e) => {
                if (e.target.files) addFiles(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        </div>
      </div>
      {refused.length > 0 && (
        <div role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-[var(--color-danger)]" data-photo-refused>
          <ul className="space-y-1">
            {refused.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {shown.length > 0 && (
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Photos in display order">
          {shown.map((item, index) => (
            <li
              key={item.key}
              data-photo-key={item.key}
              data-photo-status={item.status}
              draggable
              onDragStart={(e) => {
                setDragging(item.key);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => dragging && e.preventDefault()}
              onDrop={(e) => onItemDrop(e, item.key)}
              onDragEnd={() => setDragging(null)}
              className={`flex min-w-0 gap-3 rounded-xl border p-3 ${index === 0 ? 'border-brand-700 bg-brand-50' : 'border-line bg-white'} ${dragging === item.key ? 'opacity-50' : ''}`}
            >
              <img
                src={item.photo ? photoFileUrl(item.photo.key, item.photo.widths[0]!, 'jpeg') : item.preview}
                alt=""
                width={96}
                height={72}
                className="h-18 w-24 shrink-0 cursor-grab rounded-lg bg-brand-50 object-cover"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <p className="flex items-center justify-between gap-2 text-sm">
                  <span className="font-medium text-ink">{index === 0 ? 'Cover photo' : `Photo ${index + 1}`}</span>
                  <span className="truncate text-xs text-muted">{statusText(item)}</span>
                </p>
                {(item.status === 'uploading' || item.status === 'waiting') && (
                  <progress className="h-2 w-full accent-[var(--color-brand-700)]" max={1} value={item.status === 'waiting' ? 0 : item.progress} aria-label={`Upload of photo ${index + 1}`} />
                )}
                {item.error && (
                  <p className="text-sm text-[var(--color-danger)]" role="alert">
                    {item.error}
                  </p>
                )}
                <label className="text-xs font-medium text-ink" htmlFor={`alt-${item.key}`}>
                  Description for people who cannot see it
                </label>
                <input
                  id={`alt-${item.key}`}
                  className="input py-1 text-sm"
                  value={item.alt}
                  onChange={(e) => update(item.key, { alt: e.target.value })}
                  aria-describedby={`alt-${item.key}-count`}
                />
                <LengthCounter id={`alt-${item.key}-count`} name="alt" length={item.alt.length} max={MAX_ALT} />
                <div className="flex flex-wrap gap-1">
                  <button type="button" className="btn-ghost px-2 py-1 text-xs" data-move="up" disabled={index === 0} onClick={() => move(item.key, -1)} aria-label={`Move photo ${index + 1} earlier`}>
                    ↑ Earlier
                  </button>
                  <button type="button" className="btn-ghost px-2 py-1 text-xs" data-move="down" disabled={index === shown.length - 1} onClick={() => move(item.key, 1)} aria-label={`Move photo ${index + 1} later`}>
                    ↓ Later
                  </button>
                  {index > 0 && (
                    <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => makeCover(item.key)} aria-label={`Make photo ${index + 1} the cover`}>
                      Make cover
                    </button>
                  )}
                  {item.status === 'failed' && item.file && (
                    <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => spaceRef.current !== undefined && void upload(item, spaceRef.current)}>
                      Retry
                    </button>
                  )}
                  <button type="button" className="btn-ghost px-2 py-1 text-xs text-[var(--color-danger)]" onClick={() => remove(item.key)} aria-label={`Delete photo ${index + 1}`}>
                    Delete
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {removed.length > 0 && (
        <div className="rounded-xl border border-dashed border-line p-3" data-photos-removed>
          <p className="text-sm font-medium text-ink">Deleted when you save</p>
          <ul className="mt-2 flex flex-wrap gap-3">
            {removed.map((item) => (
              <li key={item.key} data-photo-removed={item.key} className="flex items-center gap-2">
                <img src={item.photo ? photoFileUrl(item.photo.key, item.photo.widths[0]!, 'jpeg') : item.preview} alt="" width={64} height={48} className="h-12 w-16 rounded-md object-cover opacity-50 grayscale" />
                <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => keep(item.key)} aria-label={`Keep the photo “${item.alt}”`}>
                  Keep
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
});

function statusText(item: Item): string {
  switch (item.status) {
    case 'waiting':
      return 'Uploads once the details above are complete';
    case 'uploading':
      // The bytes are sent: the server is resizing the photo now.
      return item.progress >= 1 ? 'Processing…' : `Uploading… ${Math.round(item.progress * 100)}%`;
    case 'failed':
      return 'Not uploaded';
    case 'done':
      return 'Uploaded';
  }
}
