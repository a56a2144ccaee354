// Site-wide navigation and identity, used by the layout, nav bar and footer.
export const SITE_NAME = 'FarmSpace';
export { SUPPORT_EMAIL } from '#contracts/constants';

/**
 * The site's address, the base of every absolute URL a page prints (canonical, Open Graph, JSON-LD):
 * on demand the server's PUBLIC_SITE_URL (Astro.locals), when pre-rendering the build's `site`; never the
 * request's Host, which the client chooses and a cache would keep (docs/decisions/0606).
 */
export function siteUrlOf(astro: { locals: { siteUrl?: string }; site?: URL }): URL {
  return new URL(astro.locals.siteUrl ?? astro.site ?? 'http://localhost:4321');
}

export const MAIN_LINKS = [
  { href: '/how-it-works', label: 'How It Works' },
  { href: '/spaces', label: 'Browse Spaces' },
  { href: '/blog', label: 'Resources' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
] as const;

/** Whether a nav link is the current route (Resources also covers the articles). */
export function isCurrentLink(href: string, pathname: string): boolean {
  // Pre-rendered pages see their file name at build time (/blog.html, /index.html).
  const path = pathname.replace(/\.html$/, '').replace(/\/index$/, '').replace(/\/+$/, '') || '/';
  if (href === '/blog' && path.startsWith('/articles/')) return true;
  return path === href || path.startsWith(`${href}/`);
}
