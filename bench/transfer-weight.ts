// Bytes actually transferred for a page, measured over HTTP from a running server as a browser asks for
// them (Accept-Encoding: br, gzip): the HTML, the CSS and JS it loads (islands included) and, for
// /spaces, the first API answer its island fetches. Used by `npm run bench:weight`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { request } from 'node:http';
import { pageAssets } from './page-assets';

export type Transfer = { url: string; bytes: number; identityBytes: number; encoding: string };

/** One GET: the body bytes as they crossed the wire (compressed or not), and the decoded size. */
export function fetchTransfer(base: string, pathname: string, acceptEncoding = 'br, gzip'): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(pathname, base), { headers: { 'accept-encoding': acceptEncoding, accept: '*/*' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        resolve({ url: pathname, bytes, identityBytes: -1, encoding });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The page's HTML, CSS and all its JavaScript (at load and islands), plus the extra API URLs given. */
export async function pageTransfer(base: string, clientDir: string, route: string, apiUrls: string[] = []) {
  const htmlFile = path.join(clientDir, route === '/' ? 'index.html' : `${route.replace(/^\//, '')}.html`);
  // A page rendered on demand (the home page, 0010) has no file: its assets are read from its answer.
  const assets = existsSync(htmlFile) ? pageAssets(clientDir, htmlFile) : pageAssets(clientDir, htmlFile, await (await fetch(new URL(route, base))).text());
  const parts: { kind: 'html' | 'css' | 'js' | 'api'; url: string }[] = [
    { kind: 'html', url: route },
    ...assets.css.map((url) => ({ kind: 'css' as const, url })),
    ...[...assets.js, ...assets.islandJs].map((url) => ({ kind: 'js' as const, url })),
    ...apiUrls.map((url) => ({ kind: 'api' as const, url })),
  ];
  const totals = { html: 0, css: 0, js: 0, api: 0, identity: 0 };
  for (const part of parts) {
    const sent = await fetchTransfer(base, part.url);
    const plain = await fetchTransfer(base, part.url, 'identity');
    totals[part.kind] += sent.bytes;
    totals.identity += plain.bytes;
  }
  return { ...totals, total: totals.html + totals.css + totals.js + totals.api, files: parts.length };
}
