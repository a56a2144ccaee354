// Inline scripts the site writes itself (is:inline, which Astro neither bundles nor hashes): their text lives
// here so astro.config.mjs can list their hashes in the CSP (docs/decisions/0608) — change one and its hash
// follows. Keep them tiny: they run before anything else on the page.

/** /spaces: ask for the unfiltered first page (the browse store's page size, 12) only when the address has
 *  no query — a filtered visit asks for its own filters. The answer (and a copy, for the first card's cover
 *  preload) waits in window.__fsFirstPage for the browse store (site/src/lib/first-page.ts), which takes it
 *  once instead of asking again. */
export const SPACES_FIRST_PAGE_PRELOAD =
  "if(!location.search){window.__fsFirstPage=fetch('/api/spaces?limit=12',{credentials:'include',headers:{accept:'application/json'}}).then(function(r){return[r,r.clone()]})}";

export const INLINE_SCRIPTS = [SPACES_FIRST_PAGE_PRELOAD];
