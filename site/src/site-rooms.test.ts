// The site's rooms (issue 27 item 3, decisions 1311 and 1312) held by a test: the islands root holds only
// entry islands (what a page mounts with client:*), `lib/` only its four kinds, and no island calls the API
// itself — reads go through the one fetcher (stores, useApiData), writes through the store modules' actions.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));
const islands = path.join(src, 'islands');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** The components the pages hydrate: `<Name client:…`. */
function mountedIslands(): string[] {
  const pages = filesUnder(path.join(src, 'pages')).filter((f) => f.endsWith('.astro'));
  const names = pages.flatMap((page) => [...readFileSync(page, 'utf8').matchAll(/<([A-Z]\w*)\s[^>]*\bclient:/g)].map((m) => m[1]!));
  return [...new Set(names)].sort();
}

/** The names an island file imports from the API client or the upload module. */
export function apiCallsOf(text: string): string[] {
  const imports = text.matchAll(/import\s+(?!type\b)\{([^}]*)\}\s*from\s*'[^']*lib\/api\/(?:api-client|api-upload)'/g);
  return [...imports].flatMap((m) => m[1]!.split(',').map((n) => n.trim())).filter((n) => /^api(Fetch|Upload)/.test(n));
}

describe('the site’s rooms', () => {
  it('keeps only entry islands in the islands root, and every mounted island there', () => {
    const root = readdirSync(islands)
      .filter((name) => statSync(path.join(islands, name)).isFile())
      .map((name) => name.replace(/\.tsx?$/, ''))
      .sort();
    expect(root).toEqual(mountedIslands());
  });

  it('splits lib/ into api, stores, content and display only', () => {
    expect(readdirSync(path.join(src, 'lib')).sort()).toEqual(['api', 'content', 'display', 'stores']);
  });

  it('finds an island’s own API call, and a type or errorMessage is not one', () => {
    expect(apiCallsOf("import { apiFetch, errorMessage } from '../../lib/api/api-client';")).toEqual(['apiFetch']);
    expect(apiCallsOf("import { apiUpload } from '../lib/api/api-upload';")).toEqual(['apiUpload']);
    expect(apiCallsOf("import { ApiRequestError, errorMessage } from '../lib/api/api-client';")).toEqual([]);
  });

  it('calls the API from no island: writes are store actions, reads the one fetcher', () => {
    const calling = filesUnder(islands)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .filter((f) => apiCallsOf(readFileSync(f, 'utf8')).length > 0)
      .map((f) => path.relative(src, f));
    expect(calling).toEqual([]);
  });
});
