// The island JavaScript budget (issue 32): for each entry island (a component under site/src/islands/ that a
// page hydrates), the compressed JavaScript it loads before a visitor can use it — the island's chunk, the
// React renderer Astro loads with it, and every chunk those import statically, transitively (a dynamic
// import() loads later, on demand, and is not counted). Read from the site build's chunk graph
// (site/chunk-graph.mjs writes it). Each island's budget and the modules it was last measured with are in
// scripts/island-budgets.json; scripts/island-budgets.test.ts fails when an island goes over, naming the
// modules that grew.
// `npx tsx scripts/island-weight.ts` prints today's figures; `--write` records them as the new snapshot
// (budgets are kept; an island without one gets today's figure plus 5%, rounded up to a whole KiB).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipBytes } from '../bench/page-assets';
import { ensureSiteBuild } from './build-site';

export const BUDGETS_FILE = path.resolve(import.meta.dirname, 'island-budgets.json');
/** The margin a new island's budget gets over its first figure. */
const MARGIN = 1.05;
/** A module counts as grown when its share went up by at least this many KiB. */
const GROWTH_KIB = 0.5;

type Chunk = { file: string; entry: string | null; imports: string[]; dynamicImports: string[]; modules: Record<string, number> };
export type IslandWeight = {
  /** Compressed (gzip -9) KiB of every chunk the island loads before interaction. */
  kib: number;
  /** The chunks, by file. */
  chunks: string[];
  /** Each source module's (or package's) share of those KiB: its part of its chunk's compressed bytes. */
  modules: Record<string, number>;
};
export type IslandBudget = { budgetKiB: number; measuredKiB: number; modules: Record<string, number> };
export type Budgets = { about: string; islands: Record<string, IslandBudget> };

const ENTRY_ISLAND = /^site\/src\/islands\/([A-Za-z]+)\.tsx$/;
const REACT_RENDERER = 'node_modules/@astrojs/react/dist/client.js';
const round = (kib: number) => Math.round(kib * 10) / 10;

/** node_modules/react-dom/cjs/x.js → node_modules/react-dom; our own modules keep their path. */
function moduleGroup(id: string): string {
  const m = id.match(/^(?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return m ? `node_modules/${m[1]}` : id;
}

/** The entry islands of a site build and what each loads before interaction. */
export function islandWeights(buildDir: string): Record<string, IslandWeight> {
  const graphFile = path.join(buildDir, 'chunk-graph.json');
  if (!existsSync(graphFile)) throw new Error(`${graphFile} is missing: the build predates site/chunk-graph.mjs; build again (npm run build).`);
  const { chunks } = JSON.parse(readFileSync(graphFile, 'utf8')) as { chunks: Chunk[] };
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const clientDir = path.join(buildDir, 'client');
  const compressed = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!compressed.has(file)) compressed.set(file, gzipBytes(path.join(clientDir, file)));
    return compressed.get(file)!;
  };
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const next of byFile.get(file)?.imports ?? []) closure(next, seen);
    return seen;
  };
  const renderer = chunks.find((c) => c.entry === REACT_RENDERER);
  if (!renderer) throw new Error(`No chunk for ${REACT_RENDERER} in ${graphFile}.`);
  const weights: Record<string, IslandWeight> = {};
  for (const chunk of chunks) {
    const name = chunk.entry?.match(ENTRY_ISLAND)?.[1];
    if (!name) continue;
    const files = [...closure(renderer.file, closure(chunk.file))].sort();
    const modules: Record<string, number> = {};
    let bytes = 0;
    for (const file of files) {
      const size = sizeOf(file);
      bytes += size;
      const inside = Object.entries(byFile.get(file)?.modules ?? {});
      const rendered = inside.reduce((sum, [, n]) => sum + n, 0) || 1;
      for (const [id, n] of inside) modules[moduleGroup(id)] = (modules[moduleGroup(id)] ?? 0) + (size * n) / rendered / 1024;
    }
    const shares = Object.entries(modules)
      .map(([id, kib]): [string, number] => [id, round(kib)])
      .sort((a, b) => b[1] - a[1]);
    weights[name] = { kib: round(bytes / 1024), chunks: files, modules: Object.fromEntries(shares) };
  }
  return weights;
}

export function readBudgets(): Budgets {
  return JSON.parse(readFileSync(BUDGETS_FILE, 'utf8')) as Budgets;
}

/** The modules that grew since the snapshot (new ones included), largest growth first, as "name (+x KiB)". */
export function grownModules(now: Record<string, number>, before: Record<string, number>): string[] {
  return Object.entries(now)
    .map(([id, kib]) => ({ id, growth: kib - (before[id] ?? 0), isNew: !(id in before) }))
    .filter((m) => m.growth >= GROWTH_KIB)
    .sort((a, b) => b.growth - a.growth)
    .map((m) => `${m.id} (+${m.growth.toFixed(1)} KiB${m.isNew ? ', new' : ''})`);
}

/** Why an island is over its budget, or undefined when it is within it. */
export function overBudget(name: string, weight: IslandWeight, budget: IslandBudget | undefined): string | undefined {
  if (!budget) return `${name} has no budget in scripts/island-budgets.json: record one (npx tsx scripts/island-weight.ts --write).`;
  if (weight.kib <= budget.budgetKiB) return undefined;
  const grown = grownModules(weight.modules, budget.modules);
  return (
    `${name} loads ${weight.kib} KiB of compressed JavaScript before interaction, over its budget of ${budget.budgetKiB} KiB ` +
    `(recorded ${budget.measuredKiB} KiB). Grew: ${grown.length ? grown.join(', ') : 'no single module by 0.5 KiB or more (many small ones)'}. ` +
    `Load what the first paint does not need with import() (React.lazy), or raise the budget in scripts/island-budgets.json on purpose.`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const weights = islandWeights(ensureSiteBuild());
  const budgets: Budgets = existsSync(BUDGETS_FILE) ? readBudgets() : { about: '', islands: {} };
  for (const [name, w] of Object.entries(weights)) {
    const budget = budgets.islands[name]?.budgetKiB;
    const top = Object.entries(w.modules).slice(0, 4).map(([id, kib]) => `${id} ${kib}`).join(', ');
    console.log(`${name.padEnd(20)} ${w.kib.toFixed(1).padStart(6)} KiB${budget ? ` (budget ${budget})` : ''} — ${top}`);
  }
  if (process.argv.includes('--write')) {
    budgets.about =
      'Compressed (gzip -9) KiB of JavaScript each entry island loads before interaction (its chunk, the React renderer and their static imports). budgetKiB is the limit scripts/island-budgets.test.ts enforces; measuredKiB and modules are the last recorded figures (npx tsx scripts/island-weight.ts --write), used to name what grew.';
    budgets.islands = Object.fromEntries(
      Object.entries(weights).map(([name, w]) => [name, { budgetKiB: budgets.islands[name]?.budgetKiB ?? Math.ceil(w.kib * MARGIN), measuredKiB: w.kib, modules: w.modules }]),
    );
    writeFileSync(BUDGETS_FILE, JSON.stringify(budgets, null, 2) + '\n');
    console.log(`Recorded in ${path.relative(process.cwd(), BUDGETS_FILE)}.`);
  }
}
