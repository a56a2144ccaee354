// The unfiltered first page of /spaces, asked by the page's inline script while everything else loads
// (site/src/inline-scripts.mjs): the browse store takes the answer once instead of asking again, and the
// page's small script preloads the first card's picture (the LCP) from its copy, without waiting for the
// browse store and its island to load.
import { photoSrcSet } from '#contracts/photos';
import type { Space } from '#contracts/spaces.schemas';
import { CARD_IMAGE_MAX_WIDTH, CARD_IMAGE_SIZES, primaryImage } from './space-display';

/** The address the inline script asks for (the browse store's first page, unfiltered). */
export const FIRST_PAGE_URL = '/api/spaces?limit=12';

type Early = Promise<[Response, Response]>;
const early = () => window as unknown as { __fsFirstPage?: Early };

/** The inline script's answer for `url`, once; undefined when it asked nothing or it was already taken. */
export function takeFirstPage(url: string): Promise<Response> | undefined {
  const pending = typeof window === 'undefined' || url !== FIRST_PAGE_URL ? undefined : early().__fsFirstPage;
  if (!pending) return undefined;
  delete early().__fsFirstPage;
  return pending.then(([response]) => response);
}

/** Preloads the first card's picture as the card's <picture> will pick it (an uploaded cover: AVIF by srcset
 *  and sizes, so it is fetched once; a browser without AVIF ignores the preload and the <picture> falls back). */
export function preloadFirstCover(): void {
  const pending = early().__fsFirstPage;
  if (!pending) return;
  void pending
    .then(([, copy]) => (copy.ok ? (copy.json() as Promise<Space[]>) : []))
    .then(([first]) => {
      if (!first) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      const cover = first.photos?.[0];
      if (cover) {
        link.type = 'image/avif';
        link.imageSrcset = photoSrcSet(cover, 'avif', CARD_IMAGE_MAX_WIDTH);
        link.imageSizes = CARD_IMAGE_SIZES;
      } else link.href = primaryImage(first);
      link.fetchPriority = 'high';
      document.head.append(link);
    })
    .catch(() => undefined);
}
