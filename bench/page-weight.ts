// `npm run bench:weight`: gzip bytes of the HTML, CSS and JavaScript each pre-rendered route loads,
// read from the site build, with the content-page targets of issue 3 marked pass or fail:
//   articles, legal pages, About, How It Works, Contact: no React, JS ≤ 5 KB gzip, HTML + CSS ≤ 40 KB gzip;
//   landing: rendered on demand (docs/decisions/0010), measured over HTTP: no React, no island.
// Then it starts the product on BENCH_PORT and measures the bytes actually transferred per route over HTTP
// (Accept-Encoding: br, gzip; HTML + CSS + all JS), and for /spaces with its first API answer against the
// figure measured before compression (bench/page-weight-baseline.json): target ≤ 0.35× (issue 12).
// The table is printed and saved to bench/results/page-weight.txt. BENCH_SMOKE=1 (bench/smoke.ts): the first 3
// pre-rendered pages, the landing page and /spaces — every kind of line, no target judged.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureSiteBuild } from '../scripts/build-site';
import { containsReact, gzipBytes, listPages, pageAssets } from './page-assets';
import { pageTransfer } from './transfer-weight';
import { bySmoke, RESULTS_DIR, SMOKE_BANNER as SMOKE_LINE, targetsExitCode } from './smoke';

const port = Number(process.env.BENCH_PORT ?? 4412);
const origin = `http://localhost:${port}`;
process.env.PUBLIC_SITE_URL = origin;
process.env.PORT = String(port);

const JS_BUDGET = 5 * 1024;
const HTML_CSS_BUDGET = 40 * 1024;
const CONTENT_ROUTE = /^\/(articles\/[^/]+|terms|privacy|disclaimer|about|how-it-works|contact)$/;

const clientDir = path.join(ensureSiteBuild(), 'client');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (files: string[]) => files.reduce((total, f) => total + gzipBytes(path.join(clientDir, f)), 0);

const server = spawn(process.execPath, [path.resolve('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.resolve('.tmp', `bench-weight-${port}`), PUBLIC_SITE_URL: origin, LOG_LEVEL: 'warn', DATABASE_URL: '', NODE_ENV: 'development' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
async function waitForHealth() {
  // Up to 5 minutes, as bench:lighthouse: on the shared machine a first start (PGlite's migrations and the
  // demonstration data in a new DATA_DIR) took more than the minute this waited.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become healthy within 5 minutes');
}

const rows: string[][] = [];
let failures = 0;
let spacesTransfer: Awaited<ReturnType<typeof pageTransfer>> | undefined;
try {
await waitForHealth();
for (const file of bySmoke(listPages(clientDir), listPages(clientDir).slice(0, 3))) {
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
  const sent = await pageTransfer(origin, clientDir, a.route);
  rows.push([a.route, kb(html), kb(css), kb(js), island ? kb(island) : '—', kb(html + css + js), kb(sent.total), verdict]);
}
// The landing page has no file (rendered on demand): read from its answer.
{
  const html = await (await fetch(`${origin}/`)).text();
  const a = pageAssets(clientDir, path.join(clientDir, 'index.html'), html);
  const js = sum(a.js);
  const react = containsReact(clientDir, [...a.js, ...a.islandJs]).length > 0;
  const verdict = !react && a.islands.length === 0 && html.includes('id="featured-title"') ? 'pass (on demand, no React, Featured Spaces in the HTML)' : 'FAIL (React, an island, or no Featured Spaces)';
  if (verdict.startsWith('FAIL')) failures++;
  const sent = await pageTransfer(origin, clientDir, '/');
  const htmlBytes = gzipSync(Buffer.from(html), { level: 9 }).length;
  const css = sum(a.css);
  rows.push(['/', kb(htmlBytes), kb(css), kb(js), '—', kb(htmlBytes + css + js), kb(sent.total), verdict]);
}
// The browse page as a first visit loads it: the page (with the first page of listings in it since decision
// 0707: no API request at load) and its island.
spacesTransfer = await pageTransfer(origin, clientDir, '/spaces');
} finally {
  server.kill('SIGTERM');
}

const baseline = JSON.parse(readFileSync(path.resolve('bench', 'page-weight-baseline.json'), 'utf8')) as { total: number; html: number; css: number; js: number; api: number; commit: string };
const ratio = spacesTransfer.total / baseline.total;
if (ratio > 0.35) failures++;
const spacesLines = [
  `/spaces transferred over HTTP (HTML with the first page of listings + CSS + JS; before 0707 also GET /api/spaces?limit=12), ${spacesTransfer.files} requests:`,
  `  now:    ${kb(spacesTransfer.total)} (HTML ${kb(spacesTransfer.html)}, CSS ${kb(spacesTransfer.css)}, JS ${kb(spacesTransfer.js)}, API ${kb(spacesTransfer.api)}; uncompressed ${kb(spacesTransfer.identity)})`,
  `  before: ${kb(baseline.total)} (HTML ${kb(baseline.html)}, CSS ${kb(baseline.css)}, JS ${kb(baseline.js)}, API ${kb(baseline.api)}; ${baseline.commit})`,
  `  ${ratio <= 0.35 ? 'pass' : 'FAIL'}: ${ratio.toFixed(3)}× of before (target ≤ 0.35×)`,
];

const header = ['Route', 'HTML', 'CSS', 'JS at load', 'Island JS (deferred)', 'Total at load', 'Sent over HTTP (all JS)', 'Target'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
const output = [
  ...bySmoke([], [SMOKE_LINE]),
  `Page weight (gzip -9 bytes) of ${clientDir}, ${new Date().toISOString()}`,
  '',
  line(header),
  line(widths.map((w) => '-'.repeat(w))),
  ...rows.map(line),
  '',
  ...spacesLines,
  '',
  `Targets: content pages no React, JS ≤ ${kb(JS_BUDGET)}, HTML + CSS ≤ ${kb(HTML_CSS_BUDGET)}; landing React only deferred. ${failures === 0 ? 'All targets met.' : `${failures} route(s) miss their target.`}`,
  ...bySmoke([], [SMOKE_LINE]),
].join('\n');

console.log(output);
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(path.join(RESULTS_DIR, 'page-weight.txt'), output + '\n');
process.exitCode = targetsExitCode(failures === 0);
