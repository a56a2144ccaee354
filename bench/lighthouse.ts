// `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated throttling) on the public pages —
// the landing page, one article, the browse page and a listing's page — and, signed in, on /dashboard,
// /settings and /list-space, against the built product started on its own port, in Debian's Chromium.
// Targets: performance ≥ 95, accessibility ≥ 95, CLS ≤ 0.1 on every page; SEO 100 and best practices
// 100 on the public pages. Lighthouse measures layout shift at load only, so each page is also scrolled to
// its end in a phone-sized Chromium (End, as a visitor jumping down does) and the layout shift seen while
// scrolling is reported beside it (same ≤ 0.1 target).
// Prints the figures and saves them to bench/results/lighthouse.txt (with the full JSON reports beside it).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '#tests/e2e/browser';
import { ensureSiteBuild } from '../scripts/build-site';

const port = Number(process.env.BENCH_PORT ?? 4411);
const origin = `http://localhost:${port}`;
type Route = { path: string; signedIn: boolean };
const publicRoutes = ['/', '/articles/farm-space-lease-agreement-guide', '/spaces', '/spaces/1'];
const signedInRoutes = ['/dashboard', '/settings', '/list-space'];
const routes: Route[] = [...publicRoutes.map((p) => ({ path: p, signedIn: false })), ...signedInRoutes.map((p) => ({ path: p, signedIn: true }))];
const MAX_CLS = 0.1;
type Category = 'performance' | 'accessibility' | 'seo' | 'best-practices';
function targetsFor(route: Route): Partial<Record<Category, number>> {
  // Signed-in pages are noindex (SEO is not theirs to win) and read the session (no public best-practices claim).
  return route.signedIn ? { performance: 95, accessibility: 95 } : { performance: 95, accessibility: 95, seo: 100, 'best-practices': 100 };
}
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

type Cookie = { name: string; value: string; url: string };

/** Registers a fresh owner and returns the cookies (session and signed-in hint) a browser would then hold. */
async function signedInCookies(): Promise<Cookie[]> {
  const email = `lighthouse-${Date.now()}@example.com`;
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ firstName: 'Lena', lastName: 'Lighthouse', email, password: `Lighthouse-${Date.now()}-pw` }),
  });
  if (response.status !== 201) throw new Error(`registering the measuring user answered ${response.status}: ${await response.text()}`);
  return response.headers.getSetCookie().map((c) => {
    const pair = c.split(';')[0]!;
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: origin };
  });
}

/** Puts the cookies in the jar of the Chromium Lighthouse drives (pages read the hint cookie themselves, so
 *  a Cookie request header alone would not do); Lighthouse keeps cookies between its runs. */
async function signInChrome(debuggingPort: number, cookies: Cookie[]): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  await browser.contexts()[0]!.addCookies(cookies);
  await browser.close();
}

/** The layout shift a phone visitor sees on `route` while jumping to the end of the page and back. */
async function scrollingLayoutShift(route: string, cookies: Cookie[] | undefined): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    if (cookies) await context.addCookies(cookies);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(origin + route, { waitUntil: 'load' });
    // A reader scrolling down a screen at a time (what lazily shown sections shift in front of)…
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 400) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(1000);
    // …then a jump to the top and to the end (Home, End), as a visitor in a hurry does.
    await page.keyboard.press('Home');
    await page.waitForTimeout(500);
    await page.keyboard.press('End');
    await page.waitForTimeout(1000);
    return await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  } finally {
    await browser.close();
  }
}

const lines: string[] = [`Lighthouse ${new Date().toISOString()} — mobile, simulated throttling, ${origin}`, ''];
let failed = false;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForHealth();
  const cookies = await signedInCookies();
  let chromeSignedIn = false;
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  mkdirSync(resultsDir, { recursive: true });
  for (const route of routes) {
    const targets = targetsFor(route);
    if (route.signedIn && !chromeSignedIn) {
      await signInChrome(chrome.port, cookies);
      chromeSignedIn = true;
    }
    // Warm the server's caches once so the run measures the page, not the first disk read.
    await fetch(origin + route.path, { headers: route.signedIn ? { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } : undefined });
    const result = await lighthouse(origin + route.path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(targets) });
    if (!result) throw new Error(`Lighthouse returned nothing for ${route.path}`);
    const { categories, audits } = result.lhr;
    if (result.lhr.finalDisplayedUrl !== origin + route.path) throw new Error(`${route.path} ended at ${result.lhr.finalDisplayedUrl}: not the page meant to be measured`);
    const verdicts = (Object.keys(targets) as Category[]).map((k) => {
      const score = Math.round((categories[k]?.score ?? 0) * 100);
      const ok = score >= targets[k]!;
      if (!ok) failed = true;
      return `${k} ${score} (${ok ? 'pass' : `FAIL, target ${targets[k]}`})`;
    });
    const cls = Number(audits['cumulative-layout-shift']?.numericValue ?? 0);
    const scrolling = await scrollingLayoutShift(route.path, route.signedIn ? cookies : undefined);
    for (const [what, value] of [['CLS at load', cls], ['CLS while scrolling', scrolling]] as const) {
      const ok = value <= MAX_CLS;
      if (!ok) failed = true;
      verdicts.push(`${what} ${value.toFixed(3)} (${ok ? 'pass' : `FAIL, target ≤ ${MAX_CLS}`})`);
    }
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index'].map((id) => `${audits[id]?.title}: ${audits[id]?.displayValue}`);
    lines.push(`${route.path}${route.signedIn ? ' (signed in)' : ''}`, `  ${verdicts.join(' · ')}`, `  ${metrics.join(' · ')}`);
    const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id);
    if (failing.length) lines.push(`  failing audits: ${failing.join(', ')}`);
    lines.push('');
    writeFileSync(path.join(resultsDir, `lighthouse${route.path.replace(/\//g, '_') || '_home'}.json`), JSON.stringify(result.lhr, null, 1));
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
}

lines.push(failed ? 'Some targets are not met.' : 'All targets met.');
const output = lines.join('\n');
console.log(output);
writeFileSync(path.join(resultsDir, 'lighthouse.txt'), output + '\n');
process.exitCode = failed ? 1 : 0;
