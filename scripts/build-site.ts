// Builds the site (astro build, then the Pagefind index, the sitemap copy and precompression) into a
// directory of its own, dist-builds/<key>/, and then points dist-builds/current at it by renaming a
// symlink: nothing is ever written into a build a running server reads (docs/decisions/0009). The key
// hashes the sources and PUBLIC_SITE_URL, so `npm start` builds only when one of them changed, and
// instances on other ports share one build unless their PUBLIC_SITE_URL differs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CURRENT_SITE_BUILD, currentSiteBuildDir, processIsRunning, SITE_BUILDS_DIR, siteBuildsInUse } from '#api/site-build';
import { precompressDir } from './precompress';

const root = path.resolve(import.meta.dirname, '..');
const inputs = ['site', 'contracts', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
/** Complete builds kept besides those in use (for a quick switch back after a change is undone). */
const KEEP_BUILDS = 3;
const STAMP = '.build-stamp.json';
const LOCK = path.join(SITE_BUILDS_DIR, '.build.lock');

/** The address the pages name (canonical URLs, sitemap, RSS, JSON-LD); the port alone does not matter. */
export function siteUrl(): string {
  return process.env.PUBLIC_SITE_URL || 'http://localhost:4321';
}

function listFiles(target: string, into: string[]): string[] {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return into;
  if (!stat.isDirectory()) into.push(`${path.relative(root, target)}:${stat.size}:${stat.mtimeMs}`);
  else for (const entry of readdirSync(target).sort()) listFiles(path.join(target, entry), into);
  return into;
}

/** The build's name: what it was built from (every input file's path, size and time) and for which address. */
export function siteBuildKey(): string {
  const hash = createHash('sha256').update(siteUrl());
  for (const input of inputs) for (const line of listFiles(path.join(root, input), [])) hash.update(`\n${line}`);
  return hash.digest('hex').slice(0, 16);
}

const isComplete = (dir: string) => existsSync(path.join(dir, STAMP));

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** One builder per checkout at a time (Astro's caches are shared); a lock left by a dead process is taken over. */
function withBuildLock<T>(work: () => T): T {
  mkdirSync(SITE_BUILDS_DIR, { recursive: true });
  for (let told = false; ; ) {
    try {
      closeSync(openSync(LOCK, 'wx'));
      writeFileSync(LOCK, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(LOCK, 'utf8')) || 0;
      if (holder && !processIsRunning(holder)) {
        rmSync(LOCK, { force: true });
        continue;
      }
      if (!told) console.log(`Waiting for another site build (process ${holder}) to finish…`);
      told = true;
      sleep(500);
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

function run(command: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [command, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env } });
  if (result.status !== 0) {
    console.error(`Site build failed (${path.basename(command)} ${args.join(' ')}).`);
    process.exit(result.status ?? 1);
  }
}

function buildInto(dir: string) {
  const require = createRequire(import.meta.url);
  // A directory without its stamp is a build that died half-way: nothing serves it.
  rmSync(dir, { recursive: true, force: true });
  const astroBin = path.join(path.dirname(require.resolve('astro/package.json')), 'bin', 'astro.mjs');
  // NODE_ENV pinned: a build started from a test runner (vitest sets NODE_ENV=test) would otherwise bundle
  // React's development build under the same key as the production one (found by the island budget, issue 32).
  run(astroBin, ['build', '--silent'], { SITE_OUT_DIR: dir, PUBLIC_SITE_URL: siteUrl(), NODE_ENV: 'production' });
  const clientDir = path.join(dir, 'client');
  // Site search: Pagefind indexes the pre-rendered pages (the parts marked data-pagefind-body) into
  // client/pagefind, which Resources loads only when its search box gets focus.
  run(path.join(root, 'node_modules', 'pagefind', 'lib', 'runner', 'bin.cjs'), ['--site', clientDir, '--silent'], {});
  // Crawlers look for /sitemap.xml first; @astrojs/sitemap only writes sitemap-index.xml.
  copyFileSync(path.join(clientDir, 'sitemap-index.xml'), path.join(clientDir, 'sitemap.xml'));
  // Last, so every file above (Pagefind's, the sitemap copy) gets its .br and .gz too.
  precompressDir(clientDir);
  writeFileSync(path.join(dir, STAMP), JSON.stringify({ siteUrl: siteUrl(), builtAt: Date.now() }));
}

/** Points `current` at the build atomically: rename(2) replaces the old link in one step. */
function pointCurrentAt(key: string) {
  const next = path.join(SITE_BUILDS_DIR, `.current-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(key, next);
  renameSync(next, CURRENT_SITE_BUILD);
}

/** Removes complete builds beyond the newest few, never the current one or one a running process serves. */
function collectOldBuilds() {
  const keep = new Set([...siteBuildsInUse(), currentSiteBuildDir()]);
  const builds = readdirSync(SITE_BUILDS_DIR)
    .filter((name) => !name.startsWith('.') && name !== 'current')
    .map((name) => realpathSync(path.join(SITE_BUILDS_DIR, name)))
    .filter(isComplete)
    .map((dir) => ({ dir, builtAt: (JSON.parse(readFileSync(path.join(dir, STAMP), 'utf8')) as { builtAt: number }).builtAt }))
    .sort((a, b) => b.builtAt - a.builtAt);
  for (const [i, { dir }] of builds.entries()) if (i >= KEEP_BUILDS && !keep.has(dir)) rmSync(dir, { recursive: true, force: true });
}

/** Builds the site for the current sources and PUBLIC_SITE_URL unless that build exists; returns its directory. */
export function ensureSiteBuild(): string {
  const key = siteBuildKey();
  const dir = path.join(SITE_BUILDS_DIR, key);
  return withBuildLock(() => {
    if (!isComplete(dir)) {
      console.log(`Building the site for ${siteUrl()} into ${path.relative(root, dir)} (first start, or its sources or address changed)…`);
      buildInto(dir);
    }
    pointCurrentAt(key);
    collectOldBuilds();
    return dir;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`Site build: ${path.relative(root, ensureSiteBuild())}`);
