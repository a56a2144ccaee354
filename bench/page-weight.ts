// `npm run bench:weight`: gzip bytes of the HTML, CSS and JavaScript each pre-rendered route loads,
// read from the site build, with the content-page targets of issue 3 marked pass or fail:
//   articles, legal pages, About, How It Works, Contact: no React, JS ≤ 5 KB gzip, HTML + CSS ≤ 40 KB gzip;
//   landing: React only in the Featured Spaces island, hydrated when visible.
// The table is printed and saved to bench/results/page-weight.txt.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureSiteBuild } from '../scripts/build-site';
import { containsReact, gzipBytes, listPages, pageAssets } from './page-assets';

const JS_BUDGET = 5 * 1024;
const HTML_CSS_BUDGET = 40 * 1024;
const CONTENT_ROUTE = /^\/(articles\/[^/]+|terms|privacy|disclaimer|about|how-it-works|contact)$/;

ensureSiteBuild();
const clientDir = path.resolve(process.env.SITE_DIST_DIR ?? 'dist', 'client');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (files: string[]) => files.reduce((total, f) => total + gzipBytes(path.join(clientDir, f)), 0);

const rows: string[][] = [];
let failures = 0;
for (const file of listPages(clientDir)) {
  const a = pageAssets(clientDir, file);
  const html = gzipBytes(file);
  const css = sum(a.css);
  const js = sum(a.js);
  const island = sum(a.islandJs);
  const reactAtLoad = containsReact(clientDir, a.js).length > 0;
  const reactInIslands = containsReact(clientDir, a.islandJs).length > 0;
  let verdict = '—';
  if (CONTENT_ROUTE.test(a.route)) {
    const problems = [
      reactAtLoad || reactInIslands || a.islands.length > 0 ? 'React' : '',
      js + island > JS_BUDGET ? 'JS > 5 KB' : '',
      html + css > HTML_CSS_BUDGET ? 'HTML+CSS > 40 KB' : '',
    ].filter(Boolean);
    verdict = problems.length ? `FAIL (${problems.join(', ')})` : 'pass';
  } else if (a.route === '/') {
    const deferred = a.islands.length > 0 && a.islands.every((i) => i.directive === 'visible');
    verdict = !reactAtLoad && deferred ? `pass (React only in island, client:${a.islands.map((i) => i.directive).join(',')})` : 'FAIL (React at load)';
  }
  if (verdict.startsWith('FAIL')) failures++;
  rows.push([a.route, kb(html), kb(css), kb(js), island ? kb(island) : '—', kb(html + css + js), verdict]);
}

const header = ['Route', 'HTML', 'CSS', 'JS at load', 'Island JS (deferred)', 'Total at load', 'Target'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
const output = [
  `Page weight (gzip -9 bytes) of ${clientDir}, ${new Date().toISOString()}`,
  '',
  line(header),
  line(widths.map((w) => '-'.repeat(w))),
  ...rows.map(line),
  '',
  `Targets: content pages no React, JS ≤ ${kb(JS_BUDGET)}, HTML + CSS ≤ ${kb(HTML_CSS_BUDGET)}; landing React only deferred. ${failures === 0 ? 'All targets met.' : `${failures} route(s) miss their target.`}`,
].join('\n');

console.log(output);
mkdirSync(path.resolve('bench', 'results'), { recursive: true });
writeFileSync(path.resolve('bench', 'results', 'page-weight.txt'), output + '\n');
process.exitCode = failures === 0 ? 0 : 1;
