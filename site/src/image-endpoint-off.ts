// Astro injects an on-demand image endpoint (/_image) into every build with on-demand pages. The site does
// not use it (pre-rendered pages get their images at build time; listings show their stored files), and it
// would resize any picture at any size for anyone, uncached. It answers 404 (docs/decisions/0609).
export const prerender = false;

export function GET(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}
