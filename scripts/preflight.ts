// `npm test`'s first step: checks that the system programs the tests run are on this machine before
// anything slow starts. Where one is missing and the machine allows it (root with apt-get), it installs
// Debian's package itself, saying in one line what and why; elsewhere it stops at once with one line per
// missing piece and the exact command that installs it. Never half-way through a ten-minute run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { userInfo } from 'node:os';
import { CHROMIUM_CANDIDATES, findChromium } from '#tests/e2e/browser';
import { DEEP } from '#tests/setup/depth';
import { NGINX_CANDIDATES, findNginx, findPostgresBin } from '#tests/setup/system-programs';

interface SystemNeed {
  /** What is missing, in a person's words. */
  what: string;
  /** Which tests need it. */
  why: string;
  /** Debian's package that provides it. */
  debianPackage: string;
  present: () => boolean;
  /** Where we looked, for the message on a machine without apt-get. */
  lookedAt: string;
  /** Needed only by `npm run test:deep` (tests/setup/depth.ts), so `npm test` does not ask for it. */
  deepOnly?: boolean;
}

export const SYSTEM_NEEDS: SystemNeed[] = [
  {
    what: 'Chromium',
    why: 'the end-to-end tests drive it, and Playwright cannot download its own browser here',
    debianPackage: 'chromium-headless-shell',
    present: () => Boolean(findChromium()),
    lookedAt: `${CHROMIUM_CANDIDATES.join(', ')}; or set CHROMIUM_PATH`,
  },
  {
    what: 'nginx',
    why: 'the topology test (npm run test:deep) puts two API instances behind it',
    debianPackage: 'nginx-light',
    present: () => Boolean(findNginx()),
    lookedAt: NGINX_CANDIDATES.join(', '),
    deepOnly: true,
  },
  {
    what: "PostgreSQL's server programs (initdb, pg_ctl)",
    why: 'the fault tests (npm run test:deep) start and stop a throwaway cluster',
    debianPackage: 'postgresql',
    present: () => Boolean(findPostgresBin()),
    lookedAt: '/usr/lib/postgresql/*/bin',
    deepOnly: true,
  },
];

function hasAptGet(): boolean {
  return existsSync('/usr/bin/apt-get');
}

function aptGet(args: string[]): boolean {
  const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

/** Debian keeps no package lists on a fresh image: update once, only when something is to be installed. */
function install(packages: string[]): boolean {
  const listsDir = '/var/lib/apt/lists';
  const haveLists = existsSync(listsDir) && readdirSync(listsDir).some((name) => name.endsWith('_Packages'));
  if (!haveLists && !aptGet(['update', '-qq'])) return false;
  if (aptGet(['install', '-y', '-qq', '--no-install-recommends', ...packages])) return true;
  // Stale lists (a package moved on the mirror): refresh them once and try again.
  return aptGet(['update', '-qq']) && aptGet(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

export function preflight(): number {
  const needs = SYSTEM_NEEDS.filter((need) => DEEP || !need.deepOnly);
  const missing = needs.filter((need) => !need.present());
  if (missing.length === 0) return 0;

  const canInstall = userInfo().uid === 0 && hasAptGet() && process.env.PREFLIGHT_NO_INSTALL !== '1';
  if (canInstall) {
    for (const need of missing) console.log(`preflight: installing Debian's ${need.debianPackage}: ${need.what} is missing and ${need.why}.`);
    const ok = install(missing.map((need) => need.debianPackage));
    const still = needs.filter((need) => !need.present());
    if (ok && still.length === 0) return 0;
    console.error(`preflight: apt-get could not install ${still.map((need) => need.debianPackage).join(' ')}; see its message above.`);
    return 1;
  }

  console.error('preflight: the tests need programs this machine does not have; nothing was run.');
  for (const need of missing) {
    const how = hasAptGet() ? `sudo apt-get install -y ${need.debianPackage}` : `install Debian's ${need.debianPackage} or your system's equivalent (looked at ${need.lookedAt})`;
    console.error(`  ${need.what}: ${need.why}. Install: ${how}`);
  }
  if (hasAptGet() && missing.length > 1) console.error(`  All at once: sudo apt-get install -y ${missing.map((need) => need.debianPackage).join(' ')}`);
  return 1;
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) process.exit(preflight());
