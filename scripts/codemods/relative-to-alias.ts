// Rewrites relative imports that cross into another area of the repository, or climb three or more
// folders, into the path aliases of package.json "imports" (#contracts/*, #db/*, #api/*, #site/*, #tests/*):
//   import { users } from '../../../../db/schema/index'  →  import { users } from '#db/schema/index'
// Safe to re-run (idempotent): aliased specifiers are not relative, so a second run changes nothing.
// Only rewrites a specifier whose target file exists and is a .ts module under an alias root (the aliases
// map to "<root>/*.ts"); everything else (.tsx, .astro, .json, assets, same-area short paths) is left alone.
//   npx tsx scripts/codemods/relative-to-alias.ts           rewrite, print counts
//   npx tsx scripts/codemods/relative-to-alias.ts --check   print what would change, write nothing (exit 1 if any)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const check = process.argv.includes('--check');

type Alias = { prefix: string; dir: string };

/** The "#name/*": "./dir/*.ts" entries of package.json. */
function readAliases(): Alias[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { imports?: Record<string, unknown> };
  const aliases: Alias[] = [];
  for (const [key, target] of Object.entries(pkg.imports ?? {})) {
    if (typeof target !== 'string' || !key.endsWith('/*') || !target.startsWith('./') || !target.endsWith('/*.ts')) continue;
    aliases.push({ prefix: key.slice(0, -1), dir: path.join(root, target.slice(2, -'/*.ts'.length)) });
  }
  // The deepest folder wins when roots nest.
  return aliases.sort((a, b) => b.dir.length - a.dir.length);
}

const aliases = readAliases();
if (aliases.length === 0) throw new Error('package.json has no "#x/*": "./dir/*.ts" imports to rewrite to');

const aliasOf = (file: string) => aliases.find((a) => file.startsWith(a.dir + path.sep));

function isFile(p: string): boolean {
  return existsSync(p) && statSync(p).isFile();
}

/** The .ts file a relative specifier names, or undefined (missing, or not a .ts module). */
function resolveTs(importer: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(importer), spec);
  if (base.endsWith('.ts') && !base.endsWith('.d.ts')) return isFile(base) ? base : undefined;
  if (isFile(base)) return undefined; // has another extension (.tsx, .astro, .json, .css …)
  if (isFile(base + '.ts')) return base + '.ts';
  if (isFile(base + '.tsx')) return undefined;
  return undefined;
}

// from '…' | import '…' | import('…') | export … from '…' | vi.mock('…'), single or double quotes.
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])(\.\.?\/[^'"\n]+)\2/g;

function rewrite(file: string, text: string): { text: string; count: number } {
  let count = 0;
  const importerAlias = aliasOf(file);
  const out = text.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) => {
    const target = resolveTs(file, spec);
    if (!target) return whole;
    const alias = aliasOf(target);
    if (!alias) return whole;
    const climbs = spec.match(/\.\.\//g)?.length ?? 0;
    if (importerAlias === alias && climbs < 3) return whole;
    const rel = path.relative(alias.dir, target).split(path.sep).join('/').replace(/\.ts$/, '');
    count++;
    return `${lead}${quote}${alias.prefix}${rel}${quote}`;
  });
  return { text: out, count };
}

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.mts', '*.astro', '*.mjs'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.startsWith('node_modules/') && !f.startsWith('db/migrations/') && !f.startsWith('dist') && f !== 'scripts/codemods/relative-to-alias.ts')
  .map((f) => path.join(root, f))
  .filter(isFile);

const deep = (text: string) => text.match(/(['"])(\.\.\/){3,}/g)?.length ?? 0;
let before = 0;
let after = 0;
let rewritten = 0;
let changedFiles = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  before += deep(text);
  const result = rewrite(file, text);
  after += deep(result.text);
  if (result.count === 0) continue;
  rewritten += result.count;
  changedFiles++;
  if (check) console.log(`${path.relative(root, file)}: ${result.count}`);
  else writeFileSync(file, result.text);
}
console.log(`deep ../../../ specifiers: ${before} before, ${after} after; ${rewritten} specifiers in ${changedFiles} files ${check ? 'would be rewritten' : 'rewritten'}`);
if (check && rewritten > 0) process.exitCode = 1;
