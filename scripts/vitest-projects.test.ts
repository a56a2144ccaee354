// The PostgreSQL project (vitest.config.ts) skips the suites listed as `databaseFree`, because they would only
// run a second time for nothing. This holds the list true: a listed suite that reaches the database layer or a
// test app, through any chain of the project's own imports, would silently lose its PostgreSQL run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databaseFree } from '../vitest.config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALIASES: Record<string, string> = { '#contracts/': 'contracts/', '#db/': 'db/', '#api/': 'api/src/', '#site/': 'site/src/', '#tests/': 'tests/' };
/**
 * The fixtures through which a suite opens a database: a test database, or an app or site started on one. (The
 * database layer itself is reached by much of the API's code without a database being opened, so it is not a sign.)
 */
const DATABASE_MODULES = ['tests/fixtures/test-database.ts', 'tests/fixtures/test-app.ts', 'tests/fixtures/site-app.ts'];

function resolveImport(from: string, specifier: string): string | undefined {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  const base = alias ? path.join(root, ALIASES[alias]!, specifier.slice(alias.length)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate) && candidate.match(/\.tsx?$/));
}

/** `import … from`, `export … from`, `import '…'` and `import('…')`, but not `import type`, which loads nothing. */
const IMPORT = /(?:^\s*(?:import|export)(?!\s+type\b)[^;]*?from\s*|^\s*import\s*|import\(\s*)'([^']+)'/gm;

/** Every project file `file` loads, directly or through others. */
function localImports(file: string, seen = new Set<string>()): Set<string> {
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const resolved = resolveImport(file, specifier!);
    if (resolved && !seen.has(resolved)) {
      seen.add(resolved);
      localImports(resolved, seen);
    }
  }
  return seen;
}

describe('the database-free suites the PostgreSQL project skips', () => {
  it.each(databaseFree)('%s reaches no database', (suite) => {
    const reached = [...localImports(path.join(root, suite))].map((file) => path.relative(root, file));
    expect(reached.filter((file) => DATABASE_MODULES.includes(file))).toEqual([]);
  });

  it('the check sees a database when one is reached', () => {
    const reached = [...localImports(path.join(root, 'tests/integration/messaging/conversation-list-plan.test.ts'))].map((file) => path.relative(root, file));
    expect(reached).toContain('tests/fixtures/test-database.ts');
  });
});

describe('where HTTP tests live (decision 0019)', () => {
  const testsBesideCode = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? testsBesideCode(full) : entry.name.endsWith('.test.ts') ? [full] : [];
    });

  it('no test beside the API code calls the app over HTTP: those live in tests/integration/<area>/', () => {
    const overHttp = testsBesideCode(path.join(root, 'api/src'))
      .filter((file) => /\bt\.request\(|\bfetch\(|\buploadPhoto\(t\b/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(overHttp).toEqual([]);
  });
});
