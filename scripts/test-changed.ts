// `npm run test:changed`: the quick inner loop (issue 26). For the files changed against main (committed on
// this branch, staged, unstaged and new; on main itself: the uncommitted ones), it runs vitest's related tests
// (`vitest related`: the test files that import a changed file, directly or not), then the end-to-end specs
// that touch a changed island or page: a changed spec itself, a spec importing a changed e2e helper, and a
// spec naming the address of a page that imports a changed site file (directly or through components and
// layouts) or naming a changed island. `--base <ref>` compares with another commit; `--dry-run` only says what
// it would run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const E2E_DIR = 'tests/e2e';
const SITE_DIR = 'site/src';
const PAGES_DIR = `${SITE_DIR}/pages`;
const SOURCE = /\.(ts|tsx|mts|mjs|astro)$/;

function git(args: string[]): string {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** Files changed against `base` (default: where this branch left main), uncommitted and new ones included. */
export function changedFiles(base?: string): string[] {
  const from = base ?? git(['merge-base', 'HEAD', 'main']);
  const lines = [...git(['diff', '--name-only', from]).split('\n'), ...git(['ls-files', '--others', '--exclude-standard']).split('\n')];
  return [...new Set(lines.filter(Boolean))].sort();
}

function walk(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir))) {
    const rel = `${dir}/${entry}`;
    if (statSync(path.join(root, rel)).isDirectory()) walk(rel, into);
    else if (SOURCE.test(entry)) into.push(rel);
  }
  return into;
}

/** The repository file an import specifier names (relative, #site/… or #contracts/…), if it is one. */
function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith('#site/')) base = `${SITE_DIR}/${specifier.slice('#site/'.length)}`;
  else if (specifier.startsWith('#contracts/')) base = `contracts/${specifier.slice('#contracts/'.length)}`;
  else return undefined;
  const candidates = [base, ...['.ts', '.tsx', '.mts', '.mjs', '.astro'].map((ext) => base + ext), `${base}/index.ts`];
  return candidates.find((c) => existsSync(path.join(root, c)) && statSync(path.join(root, c)).isFile());
}

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.map((s) => resolveImport(file, s)).filter((f): f is string => Boolean(f));
}

/** The address a page file answers at, up to its first dynamic part: pages/spaces/[id].astro → /spaces/. */
export function pageAddress(page: string): string | undefined {
  const route = page.slice(PAGES_DIR.length).replace(SOURCE, '').replace(/\/index$/, '');
  if (/^\/404$/.test(route)) return undefined;
  const dynamic = route.indexOf('[');
  return dynamic === -1 ? route || '/' : route.slice(0, dynamic);
}

/** The site pages that import any of `files`, directly or through other site files. */
export function pagesImporting(files: string[]): string[] {
  const siteFiles = walk(SITE_DIR);
  const imports = new Map(siteFiles.map((f) => [f, importsOf(f)]));
  const reached = new Set(files);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [file, deps] of imports) {
      if (reached.has(file) || !deps.some((d) => reached.has(d))) continue;
      reached.add(file);
      grew = true;
    }
  }
  return [...reached].filter((f) => f.startsWith(`${PAGES_DIR}/`)).sort();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** End-to-end specs that touch the changed files, each with the reason it was chosen. */
export function specsFor(changed: string[]): Map<string, string> {
  const specs = walk(E2E_DIR).filter((f) => f.endsWith('.spec.ts'));
  const chosen = new Map<string, string>();
  const choose = (spec: string, why: string) => chosen.has(spec) || chosen.set(spec, why);
  for (const spec of specs) if (changed.includes(spec)) choose(spec, 'changed');
  const helpers = changed.filter((f) => f.startsWith(`${E2E_DIR}/`) && !f.endsWith('.spec.ts') && existsSync(path.join(root, f)));
  for (const spec of specs) for (const dep of importsOf(spec)) if (helpers.includes(dep)) choose(spec, `imports ${dep}`);

  const siteChanges = changed.filter((f) => (f.startsWith(`${SITE_DIR}/`) || f.startsWith('contracts/')) && existsSync(path.join(root, f)));
  const addresses = pagesImporting(siteChanges)
    .map((page) => [page, pageAddress(page)] as const)
    .filter((pair): pair is readonly [string, string] => Boolean(pair[1]));
  const islands = siteChanges.filter((f) => f.startsWith(`${SITE_DIR}/islands/`)).map((f) => path.basename(f).replace(SOURCE, ''));
  for (const spec of specs) {
    const text = readFileSync(path.join(root, spec), 'utf8');
    for (const [page, address] of addresses) {
      // The address in quotes, after a ${base}, or as an escaped regex (\/checkout), and not a longer word.
      const named = new RegExp(`(?:['"\`}]|\\\\)${escape(address === '/' ? '/' : address)}${address === '/' ? `['"\`]` : '(?![\\w-])'}`);
      if (named.test(text)) choose(spec, `names ${address} (${page})`);
    }
    for (const island of islands) if (new RegExp(`\\b${escape(island)}\\b`).test(text)) choose(spec, `names the island ${island}`);
  }
  return chosen;
}

const dryRun = process.argv.includes('--dry-run');

function run(command: string, args: string[]): number {
  console.log(`\n$ ${[command, ...args].map((a) => path.relative(root, a) || a).join(' ')}`);
  if (dryRun) return 0;
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseAt = process.argv.indexOf('--base');
  const changed = changedFiles(baseAt === -1 ? undefined : process.argv[baseAt + 1]);
  if (!changed.length) {
    console.log('test:changed: no changed files against main.');
    process.exit(0);
  }
  console.log(`test:changed: ${changed.length} changed files:\n${changed.map((f) => `  ${f}`).join('\n')}`);
  const existing = changed.filter((f) => existsSync(path.join(root, f)));
  const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
  let status = run(bin('vitest'), ['related', '--run', '--passWithNoTests', ...existing]);
  const specs = specsFor(changed);
  if (!specs.size) console.log('\ntest:changed: no end-to-end spec touches the changed islands or pages.');
  else {
    console.log(`\ntest:changed: end-to-end specs:\n${[...specs].map(([spec, why]) => `  ${spec} (${why})`).join('\n')}`);
    // --pass-with-no-tests: a chosen spec may hold only @deep tests (docs/decisions/0611).
    const e2e = run(bin('tsx'), ['scripts/e2e.ts', '--pass-with-no-tests', ...specs.keys()]);
    status ||= e2e;
  }
  process.exit(status);
}
