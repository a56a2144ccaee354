// One photo of the uploader (PhotoUploader.tsx): its preview, place ("Cover photo", "Photo 2"), upload state
// and progress, alt text, and the buttons that move, make it the cover, retry or delete it — each a store action.
import { MAX_ALT, photoFileUrl } from '#contracts/photos';
import { makeCover, movePhoto, removePhoto, retryPhoto, setPhotoAltText, type PhotoItem } from '../../../lib/stores/photo-upload-store';
import { LengthCounter } from '../../shared/FormField';

type Props = {
  item: PhotoItem;
  index: number;
  count: number;
  dragging: boolean;
  canDrop: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDrop: () => void;
};

/** Moves a photo and keeps the focus on the same button of it (keyboard reordering). */
function move(key: string, by: number) {
  movePhoto(key, by);
  requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-photo-key="${key}"] [data-move="${by < 0 ? 'up' : 'down'}"]`)?.focus());
}

export function PhotoCard({ item, index, count, dragging, canDrop, onDragStart, onDragEnd, onDrop }: Props) {
  const place = index + 1;
  return (
    <li
      data-photo-key={item.key}
      data-photo-status={item.status}
      draggable
      onDragStart={(e) => {
        onDragStart();
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => canDrop && e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onDrop();
      }}
      onDragEnd={onDragEnd}
      className={`flex min-w-0 gap-3 rounded-xl border p-3 ${index === 0 ? 'border-brand-700 bg-brand-50' : 'border-line bg-white'} ${dragging ? 'opacity-50' : ''}`}
    >
      <img
        src={item.photo ? photoFileUrl(item.photo.key, item.photo.widths[0]!, 'jpeg') : item.preview}
        alt=""
        width={96}
        height={72}
        className="h-18 w-24 shrink-0 cursor-grab rounded-lg bg-brand-50 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {/* The state wraps under the place when the card is narrow: cut, "Uploads once the d…" said nothing. */}
        <p className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
          <span className="whitespace-nowrap font-medium text-ink">{index === 0 ? 'Cover photo' : `Photo ${place}`}</span>
          <span className="text-xs text-muted" data-photo-state>
            {statusText(item)}
          </span>
        </p>
        {item.status !== 'done' && item.status !== 'failed' && (
          <progress className="h-2 w-full accent-[var(--color-brand-700)]" max={1} value={item.status === 'uploading' ? item.progress : 0} aria-label={`Upload of photo ${place}`} />
        )}
        {item.error && (
          <p className="text-sm text-[var(--color-danger)]" role="alert">
            {item.error}
          </p>
        )}
        <label className="text-xs font-medium text-ink" htmlFor={`alt-${item.key}`}>
          Description for people who cannot see it
        </label>
        <input id={`alt-${item.key}`} className="input py-1 text-sm" value={item.alt} onChange={(e) => setPhotoAltText(item.key, e.target.value)} aria-describedby={`alt-${item.key}-count`} />
        <LengthCounter id={`alt-${item.key}-count`} name="alt" length={item.alt.length} max={MAX_ALT} />
        <div className="flex flex-wrap gap-1">
          <button type="button" className="btn-ghost px-2 py-1 text-xs" data-move="up" disabled={index === 0} onClick={() => move(item.key, -1)} aria-label={`Move photo ${place} earlier`}>
            ↑ Earlier
          </button>
          <button type="button" className="btn-ghost px-2 py-1 text-xs" data-move="down" disabled={index === count - 1} onClick={() => move(item.key, 1)} aria-label={`Move photo ${place} later`}>
            ↓ Later
          </button>
          {index > 0 && (
            <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => makeCover(item.key)} aria-label={`Make photo ${place} the cover`}>
              Make cover
            </button>
          )}
          {item.status === 'failed' && item.file && (
            <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => retryPhoto(item.key)}>
              Retry
            </button>
          )}
          <button type="button" className="btn-ghost px-2 py-1 text-xs text-[var(--color-danger)]" onClick={() => removePhoto(item.key)} aria-label={`Delete photo ${place}`}>
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}

function statusText(item: PhotoItem): string {
  switch (item.status) {
    case 'waiting':
      return 'Uploads once the details above are complete';
    case 'queued':
      return 'Waiting to upload…';
    case 'uploading':
      // The bytes are sent: the server is resizing the photo now.
      return item.progress >= 1 ? 'Processing…' : `Uploading… ${Math.round(item.progress * 100)}%`;
    case 'failed':
      return 'Not uploaded';
    case 'done':
      return 'Uploaded';
  }
}
