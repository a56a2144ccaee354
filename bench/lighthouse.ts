// `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated throttling) on the landing page
// one article and the browse page (/spaces, issue 12), against the built product started on its own port, in Debian's Chromium.
// Targets (issue 3): performance ≥ 95, accessibility ≥ 95, SEO 100. Prints the scores and saves them to
// bench/results/lighthouse.txt (with the full JSON reports beside it).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/browser';
import { ensureSiteBuild } from '../scripts/build-site';

const port = Number(process.env.BENCH_PORT ?? 4411);
const origin = `http://localhost:${port}`;
const routes = ['/', '/articles/farm-space-lease-agreement-guide', '/spaces'];
const targets = { performance: 95, accessibility: 95, seo: 100 } as const;
const resultsDir = path.resolve('bench', 'results');

const chromePath = findChromium();
if (!chromePath) {
  console.error('No Chromium found: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

process.env.PUBLIC_SITE_URL = origin;
process.env.PORT = String(port);
ensureSiteBuild();

const dataDir = path.resolve('.tmp', `bench-lighthouse-${port}`);
const server = spawn(process.execPath, [path.resolve('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_SITE_URL: origin, LOG_LEVEL: 'warn', DATABASE_URL: '', NODE_ENV: 'development' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become healthy within 60 s');
}

const lines: string[] = [`Lighthouse ${new Date().toISOString()} — mobile, simulated throttling, ${origin}`, ''];
let failed = false;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForHealth();
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  mkdirSync(resultsDir, { recursive: true });
  for (const route of routes) {
    // Warm the server's caches once so the run measures the page, not the first disk read.
    await fetch(origin + route);
    const result = await lighthouse(origin + route, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(targets) });
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    const { categories, audits } = result.lhr;
    const scores = Object.fromEntries(Object.keys(targets).map((k) => [k, Math.round((categories[k]?.score ?? 0) * 100)])) as Record<keyof typeof targets, number>;
    const verdicts = (Object.keys(targets) as (keyof typeof targets)[]).map((k) => {
      const ok = scores[k] >= targets[k];
      if (!ok) failed = true;
      return `${k} ${scores[k]} (${ok ? 'pass' : `FAIL, target ${targets[k]}`})`;
    });
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => `${audits[id]?.title}: ${audits[id]?.displayValue}`);
    lines.push(route, `  ${verdicts.join(' · ')}`, `  ${metrics.join(' · ')}`);
    const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id);
    if (failing.length) lines.push(`  failing audits: ${failing.join(', ')}`);
    lines.push('');
    writeFileSync(path.join(resultsDir, `lighthouse${route.replace(/\//g, '_') || '_home'}.json`), JSON.stringify(result.lhr, null, 1));
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
}

lines.push(failed ? 'Some scores are below target.' : 'All targets met.');
const output = lines.join('\n');
console.log(output);
writeFileSync(path.join(resultsDir, 'lighthouse.txt'), output + '\n');
process.exitCode = failed ? 1 : 0;
