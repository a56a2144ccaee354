// The owner's photos of a listing (issues 17, 25, 43): add by drag and drop, the file picker or the phone's
// camera, several at once, each with its own progress bar, message and retry; reorder by drag or by the Move
// buttons (keyboard), choose the cover, delete, edit the alt text. A view of the photo-upload store
// (lib/stores/photo-upload-store.ts, decision 0808), which holds the upload queue and the page's staged
// changes; the form's Save commits them through the store's `listingPhotos`.
import { useStore } from '@nanostores/react';
import { useState, type DragEvent } from 'react';
import { ACCEPTED_PHOTO_TEXT, ACCEPTED_PHOTO_TYPES, MAX_PHOTO_BYTES, MAX_PHOTOS, photoFileUrl, type PhotoView } from '#contracts/photos';
import { $photoUploads, choosePhotos, dropPhoto, keepPhoto, openPhotos } from '../../../lib/stores/photo-upload-store';
import { PhotoCard } from './PhotoCard';

type Props = {
  /** The listing opened for editing (none on the new-listing form until its draft is saved). */
  spaceId?: number;
  initial?: PhotoView[];
  title: string;
  /** The new-listing form's draft, saved on demand so photos can upload at once; undefined while it cannot be. */
  ensureListing?: () => Promise<number | undefined>;
};

export function PhotoUploader({ spaceId, initial, title, ensureListing }: Props) {
  // The page starts again from the listing's stored photos whenever another listing is opened (a new key).
  useState(() => openPhotos(spaceId, initial));
  const { items, refused, announcement } = useStore($photoUploads);
  const [dragOver, setDragOver] = useState(false);
  const [dragging, setDragging] = useState<string | null>(null);
  const add = (files: FileList | null) => files?.length && void choosePhotos(Array.from(files), title, ensureListing);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    add(event.dataTransfer.files);
  };

  const full = items.length >= MAX_PHOTOS;
  const shown = items.filter((i) => !i.removed);
  const removed = items.filter((i) => i.removed);
  const pickerClass = `btn-outline cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500 ${full ? 'pointer-events-none opacity-50' : ''}`;
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
          <label className={pickerClass}>
            Choose photos
            <input
              type="file"
              className="sr-only"
              accept={ACCEPTED_PHOTO_TYPES.join(',')}
              multiple
              disabled={full}
              data-photo-input
              onChange={(e) => {
                add(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
          <label className={`${pickerClass} sm:hidden`}>
            Take a photo
            <input
              type="file"
              className="sr-only"
              accept="image/*"
              capture="environment"
              disabled={full}
              onChange={(e) => {
                add(e.target.files);
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
            <PhotoCard
              key={item.key}
              item={item}
              index={index}
              count={shown.length}
              dragging={dragging === item.key}
              onDragStart={() => setDragging(item.key)}
              onDragEnd={() => setDragging(null)}
              onDrop={() => {
                if (dragging) dropPhoto(dragging, item.key);
                setDragging(null);
              }}
              canDrop={dragging !== null}
            />
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
                <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => keepPhoto(item.key)} aria-label={`Keep the photo “${item.alt}”`}>
                  Keep
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
