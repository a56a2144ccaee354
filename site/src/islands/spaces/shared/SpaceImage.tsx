// A space's picture: its cover photo (uploaded: AVIF/WebP/JPEG in several widths, with its own size and
// alt text), else its first pasted image, else the fallback for its type; the fallback also replaces a
// picture that fails to load (spec 2.6). The server and the first browser render are the same markup: the
// fallback is chosen only after hydration, from the image's own state, so a failing picture never makes
// the hydrated page differ from the server's (React #418).
import { useEffect, useRef, useState } from 'react';
import { photoFileUrl, photoSrcSet, type PhotoView } from '#contracts/photos';
import { fallbackImage, primaryImage } from '../../../lib/display/space-display';
import type { Space } from '#contracts/spaces.schemas';

type ImageSpace = Pick<Space, 'images' | 'spaceType'> & { photos?: PhotoView[] };

/** `eager`: the picture is likely the page's largest content (LCP): load it at once, with high priority. */
export function SpaceImage({ space, className, eager = false, sizes, photo, maxWidth }: { space: ImageSpace; className?: string; eager?: boolean; sizes?: string; photo?: PhotoView; /** Largest file width offered (cards: 800). */ maxWidth?: number }) {
  const shown = photo ?? space.photos?.[0];
  return shown ? <PhotoPicture photo={shown} className={className} eager={eager} sizes={sizes} maxWidth={maxWidth} fallback={fallbackImage(space.spaceType)} /> : <UrlImage space={space} className={className} eager={eager} sizes={sizes} />;
}

/** An image that failed before hydration attached onError is found by its state once mounted. */
function useFailed() {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return { failed, ref, onError: () => setFailed(true) };
}

export function PhotoPicture({ photo, className, eager = false, sizes, fallback, maxWidth }: { photo: PhotoView; className?: string; eager?: boolean; sizes?: string; fallback: string; maxWidth?: number }) {
  const { failed, ref, onError } = useFailed();
  const common = {
    ref,
    width: photo.width,
    height: photo.height,
    loading: eager ? ('eager' as const) : ('lazy' as const),
    fetchPriority: eager ? ('high' as const) : undefined,
    decoding: 'async' as const,
    className,
    onError,
  };
  if (failed) return <img {...common} src={fallback} alt="" data-fallback="true" />;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={photoSrcSet(photo, 'avif', maxWidth)} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo, 'webp', maxWidth)} sizes={sizes} />
      <img {...common} src={photoFileUrl(photo.key, photo.widths[0]!, 'jpeg')} srcSet={photoSrcSet(photo, 'jpeg', maxWidth)} sizes={sizes} alt={photo.alt} data-photo={photo.id} />
    </picture>
  );
}

function UrlImage({ space, className, eager, sizes }: { space: ImageSpace; className?: string; eager: boolean; sizes?: string }) {
  const { failed, ref, onError } = useFailed();
  const src = failed ? fallbackImage(space.spaceType) : primaryImage(space);
  return (
    <img
      ref={ref}
      src={src}
      alt=""
      width={1200}
      height={800}
      sizes={sizes}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      referrerPolicy="no-referrer"
      className={className}
      onError={onError}
      data-fallback={failed || src === fallbackImage(space.spaceType) ? 'true' : undefined}
    />
  );
}
