// Where the tests find the system programs they run besides Chromium (tests/e2e/browser.ts): Debian's
// nginx for the topology test and PostgreSQL's server programs for the fault tests. scripts/preflight.ts
// asks the same functions before a run starts.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

export function findNginx(): string | undefined {
  return NGINX_CANDIDATES.find((candidate) => existsSync(candidate));
}

const POSTGRES_LIB = '/usr/lib/postgresql';

/** The newest /usr/lib/postgresql/N/bin that has initdb (Debian's layout), if any. */
export function findPostgresBin(): string | undefined {
  const versions = existsSync(POSTGRES_LIB) ? readdirSync(POSTGRES_LIB).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(path.join(POSTGRES_LIB, v, 'bin', 'initdb'))) return path.join(POSTGRES_LIB, v, 'bin');
  return undefined;
}
