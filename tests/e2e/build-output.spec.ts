// Measured on the build output: pre-rendered pages that are pure content ship no React runtime. A page
// may load React only through an island (<astro-island>), never from a plain page script.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { siteClientDir } from '#api/site-build';

const clientDir = siteClientDir();
const REACT_SIGNATURES = ['react.transitional.element', 'react.element', '__reactFiber', 'react-dom'];

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '_astro' || entry.name === 'pagefind' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/** Every JS file a page loads eagerly: its module scripts and their static imports, transitively. */
function eagerScripts(html: string): Set<string> {
  const seen = new Set<string>();
  const queue: string[] = [];
  const enqueue = (spec: string) => {
    if (!spec.startsWith('/_astro/')) return;
    const file = path.join(clientDir, spec);
    if (!seen.has(file) && existsSync(file)) {
      seen.add(file);
      queue.push(file);
    }
  };
  const withoutIslands = html.replace(/<astro-island[\s\S]*?<\/astro-island>/g, '');
  for (const m of withoutIslands.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) enqueue(m[1]!);
  for (const m of withoutIslands.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1]!.matchAll(/(?:import\s*(?:[^'"]*from\s*)?|import\()\s*["']([^"']+)["']/g)) enqueue(i[1]!);
  }
  while (queue.length) {
    const file = queue.shift()!;
    const code = readFileSync(file, 'utf8');
    for (const i of code.matchAll(/(?:^|[;\s}])import\s*(?:[^'"()]*from\s*)?["']([^"']+)["']/g)) {
      enqueue(path.posix.join('/_astro/', path.posix.normalize(i[1]!.replace(/^\.\//, ''))));
    }
  }
  return seen;
}

test('the site has been built', () => {
  expect(existsSync(clientDir), `${clientDir} exists`).toBe(true);
  expect(htmlFiles(clientDir).length).toBeGreaterThan(1);
});

test('pages without islands load no React runtime', () => {
  const checked: string[] = [];
  for (const file of htmlFiles(clientDir)) {
    const html = readFileSync(file, 'utf8');
    if (html.includes('<astro-island')) continue;
    checked.push(path.relative(clientDir, file));
    for (const script of eagerScripts(html)) {
      const code = readFileSync(script, 'utf8');
      for (const signature of REACT_SIGNATURES) {
        expect(code.includes(signature), `${path.relative(clientDir, file)} loads ${path.basename(script)} containing "${signature}"`).toBe(false);
      }
    }
  }
  expect(checked).toContain('404.html');
});
