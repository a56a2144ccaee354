// Builds the site (astro build, then the Pagefind index) and records what it was built from, so that
// `npm start` rebuilds only when the build is missing or stale.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { precompressDir } from './precompress';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.resolve(process.env.SITE_DIST_DIR ?? path.join(root, 'dist'));
const stampFile = path.join(distDir, '.build-stamp.json');
const inputs = ['site', 'contracts', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function siteUrl(): string {
  return process.env.PUBLIC_SITE_URL || `http://localhost:${process.env.PORT || 4321}`;
}

export function siteBuildIsFresh(): boolean {
  if (!existsSync(stampFile) || !existsSync(path.join(distDir, 'client'))) return false;
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { siteUrl: string; builtAt: number };
  if (stamp.siteUrl !== siteUrl()) return false;
  return inputs.every((input) => newestMtime(path.join(root, input)) <= stamp.builtAt);
}

function run(command: string, args: string[]) {
  const result = spawnSync(process.execPath, [command, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_SITE_URL: siteUrl() },
  });
  if (result.status !== 0) {
    console.error(`Site build failed (${path.basename(command)} ${args.join(' ')}).`);
    process.exit(result.status ?? 1);
  }
}

export function buildSite() {
  const require = createRequire(import.meta.url);
  const builtAt = Date.now();
  const astroBin = path.join(path.dirname(require.resolve('astro/package.json')), 'bin', 'astro.mjs');
  run(astroBin, ['build', '--silent']);
  // Site search: Pagefind indexes the pre-rendered pages (the parts marked data-pagefind-body) into
  // dist/client/pagefind, which Resources loads only when its search box gets focus.
  run(path.join(root, 'node_modules', 'pagefind', 'lib', 'runner', 'bin.cjs'), ['--site', path.join(distDir, 'client'), '--silent']);
  // Crawlers look for /sitemap.xml first; @astrojs/sitemap only writes sitemap-index.xml.
  copyFileSync(path.join(distDir, 'client', 'sitemap-index.xml'), path.join(distDir, 'client', 'sitemap.xml'));
  // Last, so every file above (Pagefind's, the sitemap copy) gets its .br and .gz too.
  precompressDir(path.join(distDir, 'client'));
  writeFileSync(stampFile, JSON.stringify({ siteUrl: siteUrl(), builtAt }));
}

export function ensureSiteBuild() {
  if (siteBuildIsFresh()) return;
  console.log('Building the site (first start, or its sources changed)…');
  buildSite();
}

if (import.meta.url === `file://${process.argv[1]}`) buildSite();
