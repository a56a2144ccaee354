// Site-wide navigation and identity, used by the layout, nav bar and footer.
export const SITE_NAME = 'FarmSpace';
export { SUPPORT_EMAIL } from '../../../contracts/constants';

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
