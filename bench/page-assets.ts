// Reads the site build to find what each pre-rendered page loads: its HTML, stylesheets, the scripts
// it runs at load (followed through their static imports) and what its islands load later. Used by
// `npm run bench:weight` and by the end-to-end test that keeps React off the content pages.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export type PageAssets = {
  /** Route as served, e.g. /articles/foo. */
  route: string;
  htmlFile: string;
  css: string[];
  /** Scripts run at load, with everything they import statically. */
  js: string[];
  /** Island code (component + framework renderer and their imports), loaded when the island hydrates. */
  islandJs: string[];
  /** Number of <astro-island> elements and their client directives. */
  islands: { component: string; directive: string }[];
};

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** Every .html file under the client folder, except Pagefind's. */
export function listPages(clientDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        if (entry !== '_astro' && entry !== 'pagefind') walk(full);
      } else if (entry.endsWith('.html')) out.push(full);
    }
  };
  walk(clientDir);
  return out.sort();
}

export function routeOf(clientDir: string, htmlFile: string): string {
  const rel = '/' + path.relative(clientDir, htmlFile).split(path.sep).join('/');
  return rel.replace(/\.html$/, '').replace(/(^|\/)index$/, '/') || '/';
}

/** A module and everything it imports statically (not import(): that is loaded on demand). */
function staticImportClosure(clientDir: string, entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const file = path.join(clientDir, entry);
  if (!existsSync(file)) return seen;
  const code = readFileSync(file, 'utf8');
  const specifiers = [...code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g), ...code.matchAll(/\bfrom\s*["']([^"']+\.js)["']/g)].map((m) => m[1]!);
  for (const spec of specifiers) {
    if (!spec.startsWith('.') && !spec.startsWith('/')) continue;
    const resolved = spec.startsWith('/') ? spec : path.posix.join(path.posix.dirname(entry), spec);
    staticImportClosure(clientDir, resolved, seen);
  }
  return seen;
}

/** `html`: the page as served, for a page rendered on demand (no file; `htmlFile` then only names it). */
export function pageAssets(clientDir: string, htmlFile: string, html = readFileSync(htmlFile, 'utf8')): PageAssets {
  const css = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]).filter((t) => attr(t, 'rel') === 'stylesheet').map((t) => attr(t, 'href')!).filter((h) => h.startsWith('/'));
  const scriptEntries = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => attr(m[0], 'src')).filter((s): s is string => !!s && s.startsWith('/'));
  const islandTags = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]);
  const js = new Set<string>();
  for (const s of scriptEntries) for (const f of staticImportClosure(clientDir, s)) js.add(f);
  const islandJs = new Set<string>();
  for (const tag of islandTags) {
    for (const url of [attr(tag, 'component-url'), attr(tag, 'renderer-url')]) {
      if (url) for (const f of staticImportClosure(clientDir, url)) if (!js.has(f)) islandJs.add(f);
    }
  }
  return {
    route: routeOf(clientDir, htmlFile),
    htmlFile,
    css: [...new Set(css)],
    js: [...js],
    islandJs: [...islandJs],
    islands: islandTags.map((t) => ({ component: attr(t, 'component-url') ?? '?', directive: attr(t, 'client') ?? '?' })),
  };
}

export function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** React's production builds all point at react.dev/errors for their minified error messages. */
export function containsReact(clientDir: string, files: string[]): string[] {
  return files.filter((f) => {
    const full = path.join(clientDir, f);
    return existsSync(full) && /react\.dev\/errors|__SECRET_INTERNALS|react-dom/.test(readFileSync(full, 'utf8'));
  });
}
