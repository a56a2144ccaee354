// The hashes of the inline scripts the site build carries (Astro's island bootstrap and the like), read
// from the CSP <meta> Astro writes into each pre-rendered page. The CSP header allows exactly these and no
// other inline script ('unsafe-inline' is gone): the header and the meta must both allow a script, and the
// on-demand pages (/spaces/{id}) run the same bootstrap with no meta of their own (docs/decisions/0608).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const CSP_META = /<meta http-equiv="content-security-policy" content="([^"]*)"/i;
const SCRIPT_HASH = /'sha(256|384|512)-[A-Za-z0-9+/=]+'/g;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .map((name) => path.join(dir, name));
}

/** Every script hash named by a page of the build in `clientDir`, sorted (a stable header). */
export function siteScriptHashes(clientDir: string): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles(clientDir)) {
    const content = CSP_META.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
    const scriptSrc = content.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    for (const hash of scriptSrc.match(SCRIPT_HASH) ?? []) hashes.add(hash);
  }
  return [...hashes].sort();
}
