// One stacking order for the whole site (issue 25, decision 0906): every z-index in site/src is one of the
// tokens of global.css, so a dialog, menu or toast can never again open under the map or the sticky bar.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SITE = path.resolve(import.meta.dirname, '..');
const SOURCES = /\.(tsx?|astro|css)$/;
/** A z-index written as a number: a Tailwind class (`z-50`, `z-[90]`) or CSS (`z-index: 10`, `zIndex: 10`). */
const LITERAL = /(?<![\w-])z-(\d+|\[\d+\])(?![\w-])|z-index:\s*-?\d|zIndex:\s*-?\d/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sources(full) : SOURCES.test(e.name) && !e.name.includes('.test.') ? [full] : [];
  });
}

describe('the stacking order', () => {
  it('every z-index in site/src is a token of global.css', () => {
    const found = sources(SITE).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(LITERAL)].map((m) => `${path.relative(SITE, file)}: ${m[0]}`));
    expect(found).toEqual([]);
  });

  it('the tokens rise from the map to the skip link, and the map is a stacking context of its own', () => {
    const css = readFileSync(path.join(SITE, 'styles', 'global.css'), 'utf8');
    const tokens = [...css.matchAll(/--z-([\w-]+):\s*(\d+);/g)].map((m) => [m[1], Number(m[2])] as const);
    expect(tokens.map(([name]) => name)).toEqual(['map', 'dropdown', 'nav', 'overlay', 'modal', 'toast', 'skip-link']);
    expect(tokens.map(([, z]) => z)).toEqual([...tokens.map(([, z]) => z)].sort((a, b) => a - b));
    expect(css).toMatch(/\.leaflet-container\s*\{[^}]*isolation:\s*isolate[^}]*z-index:\s*var\(--z-map\)/);
  });
});
