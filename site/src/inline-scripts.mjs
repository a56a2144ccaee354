// Inline scripts the site writes itself (is:inline, which Astro neither bundles nor hashes): their text lives
// here so astro.config.mjs can list their hashes in the CSP (docs/decisions/0608) — change one and its hash
// follows. Keep them tiny: they run before anything else on the page.

// /spaces's early first-page request lived here until the page rendered its first page itself (issue 32).
/**
 * The service worker (issue 30, docs/decisions/1702), registered once the page has loaded so it never competes
 * with the page's own requests. Inline: the content pages' 5 KB JavaScript budget counts script files, and a
 * file of its own would cost a request on every page.
 */
export const REGISTER_SERVICE_WORKER = `if("serviceWorker"in navigator)addEventListener("load",()=>navigator.serviceWorker.register("/sw.js"))`;

/** @type {string[]} */
export const INLINE_SCRIPTS = [REGISTER_SERVICE_WORKER];
