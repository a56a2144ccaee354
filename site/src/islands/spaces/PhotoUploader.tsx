// The owner's photos of a listing (issue 17): add by drag and drop, the file picker or the phone's camera,
// several at once, each with its own progress bar, message and retry; reorder by drag or by the Move
// buttons (keyboard), choose the cover, delete, edit the alt text. With a listing id, files upload as soon
// as they are chosen; on the new-listing form (no listing yet) they wait, in their order, until the form
// has created the draft and calls `uploadPending` (the order and alt texts chosen meanwhile are kept).
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type DragEvent } from 'react';
import { ACCEPTED_PHOTO_TEXT, ACCEPTED_PHOTO_TYPES, defaultPhotoAlt, MAX_ALT, MAX_PHOTO_BYTES, MAX_PHOTOS, photoFileUrl, UPLOAD_HEADER, type PhotoView } from '#contracts/photos';
import { ApiRequestError, apiFetch, errorMessage } from '../../lib/api-client';
import { apiUpload } from '../../lib/api-upload';
import { showToast } from '../../lib/toast-store';

type Item = {
  key: string;
  file?: File;
  /** An object URL of the chosen file until it is uploaded. */
  preview?: string;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  progress: number;
  error?: string;
  photo?: PhotoView;
  alt: string;
};

export type PhotoUploaderHandle = {
  /** Uploads the waiting files to the new listing, in the order shown; true when all went up. */
  uploadPending(spaceId: number): Promise<boolean>;
  /** Files chosen but not uploaded yet. */
  pendingCount(): number;
};

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

type Props = { spaceId?: number; initial?: PhotoView[]; title: string; onPhotosChange?: (photos: PhotoView[]) => void };

export const PhotoUploader = forwardRef<PhotoUploaderHandle, Props>(function PhotoUploader({ spaceId, initial = [], title, onPhotosChange }, ref) {
  const [items, setItems] = useState<Item[]>(() => initial.map(itemOf));
  const [refused, setRefused] = useState<string[]>([]);
  const [dragOver, setDragOver] = useState(false);
  const [dragging, setDragging] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const spaceRef = useRef(spaceId);
  spaceRef.current = spaceId;

  useEffect(() => {
    onPhotosChange?.(items.flatMap((i) => (i.photo ? [i.photo] : [])));
  }, [items]);
  useEffect(() => () => itemsRef.current.forEach((i) => i.preview && URL.revokeObjectURL(i.preview)), []);

  const update = (key: string, change: Partial<Item>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  async function upload(item: Item, id: number): Promise<PhotoView | undefined> {
    if (!item.file) return undefined;
    update(item.key, { status: 'uploading', progress: 0, error: undefined });
    try {
      const photo = await apiUpload<PhotoView>(`/api/spaces/${id}/photos`, item.file, {
        field: 'photo',
        headers: { [UPLOAD_HEADER]: '1' },
        onProgress: (fraction) => update(item.key, { progress: fraction }),
      });
      // An alt text typed while the file waited is the owner's: it replaces the default.
      const current = itemsRef.current.find((i) => i.key === item.key);
      let saved = photo;
      if (current && current.alt.trim() && current.alt.trim() !== photo.alt && current.alt !== defaultAltFor(item.key)) {
        saved = await apiFetch<PhotoView>(`/api/spaces/${id}/photos/${photo.id}`, { method: 'PATCH', body: { alt: current.alt.trim() } }).catch(() => photo);
      }
      update(item.key, { status: 'done', progress: 1, photo: saved, alt: saved.alt, file: undefined });
      return saved;
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

  const defaultAlts = useRef(new Map<string, string>());
  const defaultAltFor = (key: string) => defaultAlts.current.get(key);

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
        defaultAlts.current.set(key, alt);
        accepted.push({ key, file, preview: URL.createObjectURL(file), status: 'waiting', progress: 0, alt });
      }
    }
    setRefused(messages);
    if (!accepted.length) return;
    setItems((list) => [...list, ...accepted]);
    setAnnouncement(`${accepted.length} photo${accepted.length === 1 ? '' : 's'} added.`);
    const id = spaceRef.current;
    if (id !== undefined) void uploadInOrder(accepted, id);
  }

  async function uploadInOrder(list: Item[], id: number): Promise<boolean> {
    // Two at a time: progress shows on each, and a phone's connection is not split twelve ways.
    let ok = true;
    const queue = [...list];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) if (!(await upload(item, id))) ok = false;
    };
    await Promise.all([worker(), worker()]);
    return ok;
  }

  async function saveOrder(next: Item[]) {
    setItems(next);
    const id = spaceRef.current;
    const uploaded = next.flatMap((i) => (i.photo ? [i.photo.id] : []));
    // Waiting files keep their place locally; uploaded ones are saved at once (all of them, or the API refuses).
    if (id === undefined || uploaded.length < 1 || next.some((i) => i.status === 'uploading')) return;
    try {
      await apiFetch(`/api/spaces/${id}/photos`, { method: 'PATCH', body: { order: uploaded } });
    } catch (error) {
      showToast({ title: 'Order not saved', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  }

  function move(key: string, by: number) {
    const list = itemsRef.current;
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
    const list = itemsRef.current;
    const item = list.find((i) => i.key === key);
    if (!item) return;
    setAnnouncement('Cover photo changed.');
    void saveOrder([item, ...list.filter((i) => i.key !== key)]);
  }

  async function remove(key: string) {
    const item = itemsRef.current.find((i) => i.key === key);
    if (!item) return;
    const id = spaceRef.current;
    if (item.photo && id !== undefined) {
      try {
        await apiFetch(`/api/spaces/${id}/photos/${item.photo.id}`, { method: 'DELETE' });
      } catch (error) {
        showToast({ title: 'Photo not deleted', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
        return;
      }
    }
    if (item.preview) URL.revokeObjectURL(item.preview);
    setItems((list) => list.filter((i) => i.key !== key));
    setAnnouncement('Photo deleted.');
  }

  async function saveAlt(key: string) {
    const item = itemsRef.current.find((i) => i.key === key);
    const id = spaceRef.current;
    if (!item?.photo || id === undefined || item.alt.trim() === item.photo.alt) return;
    try {
      const photo = await apiFetch<PhotoView>(`/api/spaces/${id}/photos/${item.photo.id}`, { method: 'PATCH', body: { alt: item.alt } });
      update(key, { photo, alt: photo.alt });
    } catch (error) {
      update(key, { error: errorMessage(error, 'The description was not saved.') });
    }
  }

  useImperativeHandle(ref, () => ({
    pendingCount: () => itemsRef.current.filter((i) => i.status !== 'done').length,
    async uploadPending(id: number) {
      spaceRef.current = id;
      const waiting = itemsRef.current.filter((i) => i.status !== 'done' && i.file);
      if (!waiting.length) return true;
      // One at a time in the order shown, so the first (the cover) is the listing's first photo.
      let ok = true;
      for (const item of waiting) if (!(await upload(item, id))) ok = false;
      return ok;
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
    const list = itemsRef.current;
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
      {items.length > 0 && (
        <ol className="grid gap-3 sm:grid-cols-2" aria-label="Photos in display order">
          {items.map((item, index) => (
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
              className={`flex gap-3 rounded-xl border p-3 ${index === 0 ? 'border-brand-700 bg-brand-50' : 'border-line bg-white'} ${dragging === item.key ? 'opacity-50' : ''}`}
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
                  maxLength={MAX_ALT}
                  value={item.alt}
                  onChange={(e) => update(item.key, { alt: e.target.value })}
                  onBlur={() => void saveAlt(item.key)}
                />
                <div className="flex flex-wrap gap-1">
                  <button type="button" className="btn-ghost px-2 py-1 text-xs" data-move="up" disabled={index === 0} onClick={() => move(item.key, -1)} aria-label={`Move photo ${index + 1} earlier`}>
                    ↑ Earlier
                  </button>
                  <button type="button" className="btn-ghost px-2 py-1 text-xs" data-move="down" disabled={index === items.length - 1} onClick={() => move(item.key, 1)} aria-label={`Move photo ${index + 1} later`}>
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
                  <button type="button" className="btn-ghost px-2 py-1 text-xs text-[var(--color-danger)]" onClick={() => void remove(item.key)} aria-label={`Delete photo ${index + 1}`}>
                    Delete
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
});

function statusText(item: Item): string {
  switch (item.status) {
    case 'waiting':
      return 'Uploads when you save';
    case 'uploading':
      return `Uploading… ${Math.round(item.progress * 100)}%`;
    case 'failed':
      return 'Not uploaded';
    case 'done':
      return 'Uploaded';
  }
}
