// Where the site build served by a process lives. Builds sit side by side in dist-builds/<key>/ (key: a
// hash of the sources and PUBLIC_SITE_URL) and never change once complete; dist-builds/current points at
// the last one made ready. A server resolves the pointer once, at start, keeps that directory and holds a
// lease on it, so another instance's build never changes or removes what a running server reads
// (docs/decisions/0009).
import { mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SITE_BUILDS_DIR = path.resolve(import.meta.dirname, '..', '..', 'dist-builds');
export const CURRENT_SITE_BUILD = path.join(SITE_BUILDS_DIR, 'current');
const LEASES_DIR = path.join(SITE_BUILDS_DIR, '.leases');

/** The build directory `current` points at now, or undefined when nothing was built yet. */
export function currentSiteBuildDir(): string | undefined {
  try {
    return realpathSync(CURRENT_SITE_BUILD);
  } catch {
    return undefined;
  }
}

/**
 * The client directory (the static files: pre-rendered pages, hashed assets, Pagefind) of the site build a
 * server started now serves: what a reverse proxy in front of `SERVE_SITE=false` instances serves itself.
 */
export function siteClientDir(): string {
  const dir = currentSiteBuildDir();
  if (!dir) throw new Error(`No site build in ${SITE_BUILDS_DIR}: run \`npm run build\` first.`);
  return path.join(dir, 'client');
}

/** Whether a process with this id still runs (leases and build locks of dead processes are void). */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Marks `buildDir` as served by this process until the returned release is called (or the process dies). */
export function holdSiteBuild(buildDir: string): () => void {
  mkdirSync(LEASES_DIR, { recursive: true });
  const lease = path.join(LEASES_DIR, String(process.pid));
  writeFileSync(lease, realpathSync(buildDir));
  return () => rmSync(lease, { force: true });
}

/** Build directories that a running process serves (leases of processes that are gone do not count). */
export function siteBuildsInUse(): Set<string> {
  const inUse = new Set<string>();
  let leases: string[];
  try {
    leases = readdirSync(LEASES_DIR);
  } catch {
    return inUse;
  }
  for (const name of leases) {
    const file = path.join(LEASES_DIR, name);
    if (processIsRunning(Number(name))) inUse.add(readFileSync(file, 'utf8'));
    else rmSync(file, { force: true });
  }
  return inUse;
}
