// robots.txt with the sitemap's absolute URL, which depends on PUBLIC_SITE_URL (hence not a static file).
import type { APIContext } from 'astro';

const DISALLOWED = ['/api/', '/dashboard', '/settings', '/checkout', '/list-space', '/login', '/register', '/forgot-password', '/reset-password', '/verify-email'];

export function GET(context: APIContext) {
  const site = context.site ?? new URL('http://localhost:4321');
  const body = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${new URL('/sitemap-index.xml', site).href}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
