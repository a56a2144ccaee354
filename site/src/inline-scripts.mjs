// Inline scripts the site writes itself (is:inline, which Astro neither bundles nor hashes): their text lives
// here so astro.config.mjs can list their hashes in the CSP (docs/decisions/0608) — change one and its hash
// follows. Keep them tiny: they run before anything else on the page.

/** /spaces: preload the unfiltered first page (the browse store's page size, 12) only when the address
 *  has no query — a filtered visit asks for its own filters, and a preload it did not use is a wasted
 *  request and a console warning. */
export const SPACES_FIRST_PAGE_PRELOAD =
  "if(!location.search){var l=document.createElement('link');l.rel='preload';l.as='fetch';l.crossOrigin='use-credentials';l.href='/api/spaces?limit=12';document.head.append(l)}";

export const INLINE_SCRIPTS = [SPACES_FIRST_PAGE_PRELOAD];
