// A space's picture: its first image, or the fallback for its type when it has none or the image fails
// to load (spec 2.6).
import { useEffect, useRef, useState } from 'react';
import { fallbackImage, primaryImage } from '../../lib/space-display';
import type { Space } from '../../../../contracts/spaces';

/** `eager`: the picture is likely the page's largest content (LCP): load it at once, with high priority. */
export function SpaceImage({ space, className, eager = false, sizes }: { space: Pick<Space, 'images' | 'spaceType'>; className?: string; eager?: boolean; sizes?: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // A server-rendered image may have failed before hydration attached onError.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && !failed) setFailed(true);
  }, [failed]);
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
      onError={() => setFailed(true)}
      data-fallback={failed || src === fallbackImage(space.spaceType) ? 'true' : undefined}
    />
  );
}
