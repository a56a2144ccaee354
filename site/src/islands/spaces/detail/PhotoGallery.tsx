// A listing's photos as a gallery: the shown photo large, Previous/Next buttons, the arrow keys (when the
// gallery has focus) and a horizontal swipe to move, and a row of thumbnails to jump. One photo (or
// pasted URLs only) shows as a single picture, as before.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { photoFileUrl, type PhotoView } from '#contracts/photos';
import type { Space } from '#contracts/spaces.schemas';
import { fallbackImage } from '../../../lib/display/space-display';
import { PhotoPicture, SpaceImage } from '../shared/SpaceImage';

const SWIPE_PX = 40;

export function PhotoGallery({ space, className, sizes, eager = true }: { space: Space; className: string; sizes: string; eager?: boolean }) {
  const photos: PhotoView[] = space.photos ?? [];
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  if (photos.length < 2) return <SpaceImage space={space} eager={eager} className={className} sizes={sizes} />;
  const go = (to: number) => setIndex((to + photos.length) % photos.length);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(index + 1);
    else if (e.key === 'ArrowLeft') go(index - 1);
    else return;
    e.preventDefault();
  };
  const onPointerUp = (e: PointerEvent) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    start.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(index + (dx < 0 ? 1 : -1));
  };
  const photo = photos[index]!;
  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${space.title}`} data-gallery={space.id} className="flex flex-col gap-2">
      <div
        className="relative touch-pan-y select-none focus-visible:outline-3 focus-visible:outline-brand-500"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={(e) => (start.current = e.clientX)}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
        aria-label={`Photo ${index + 1} of ${photos.length}: use the arrow keys to move`}
        role="group"
        aria-roledescription="slide"
      >
        <PhotoPicture key={photo.id} photo={photo} eager={eager && index === 0} className={className} sizes={sizes} fallback={fallbackImage(space.spaceType)} />
        <button type="button" className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-lg font-bold text-ink shadow" onClick={() => go(index - 1)} aria-label="Previous photo">
          ‹
        </button>
        <button type="button" className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-lg font-bold text-ink shadow" onClick={() => go(index + 1)} aria-label="Next photo">
          ›
        </button>
        <p className="absolute right-3 bottom-3 rounded-full bg-black/70 px-2.5 py-0.5 text-xs font-semibold text-white" aria-live="polite" data-gallery-position>
          {index + 1} / {photos.length}
        </p>
      </div>
      <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="All photos">
        {photos.map((p, i) => (
          <li key={p.id} className="shrink-0">
            <button type="button" onClick={() => setIndex(i)} aria-label={`Show photo ${i + 1}: ${p.alt}`} aria-current={i === index ? 'true' : undefined} className={`block overflow-hidden rounded-lg border-2 ${i === index ? 'border-brand-700' : 'border-transparent'}`}>
              <img src={photoFileUrl(p.key, p.widths[0]!, 'jpeg')} alt="" width={80} height={Math.round((80 * p.height) / p.width)} loading="lazy" decoding="async" className="h-14 w-20 object-cover" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
