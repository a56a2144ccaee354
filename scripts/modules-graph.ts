// `npm run modules:graph`: which API module imports which (api/src/modules/<name>/, tests left out), and
// any pair that imports each other. Exits 1 on a mutual pair, so it can stand in a check. The rule itself
// is .dependency-cruiser.cjs (docs/decisions/1310-module-owners-and-the-dependency-rule.md).
import { cruise, type IReporterOutput } from 'dependency-cruiser';
import type { ICruiseResult } from 'dependency-cruiser';

const MODULE = /^api\/src\/modules\/([^/]+)\//;

const result: IReporterOutput = await cruise(['api/src/modules'], {
  doNotFollow: { path: 'node_modules' },
  exclude: { path: '\\.test\\.ts$' },
  includeOnly: '^api/src/modules/',
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.json' },
});
const edges = new Map<string, Set<string>>();
for (const mod of (result.output as ICruiseResult).modules) {
  const from = MODULE.exec(mod.source)?.[1];
  if (!from) continue;
  if (!edges.has(from)) edges.set(from, new Set());
  for (const dep of mod.dependencies) {
    const to = MODULE.exec(dep.resolved)?.[1];
    if (to && to !== from) edges.get(from)!.add(to);
  }
}
const names = [...edges.keys()].sort();
const width = Math.max(...names.map((n) => n.length));
for (const name of names) console.log(`${name.padEnd(width)} → ${[...edges.get(name)!].sort().join(', ') || '(none)'}`);
const mutual = names.flatMap((a) => [...edges.get(a)!].filter((b) => a < b && edges.get(b)?.has(a)).map((b) => `${a} ↔ ${b}`));
console.log(`\n${names.length} modules, ${names.reduce((n, a) => n + edges.get(a)!.size, 0)} module-to-module edges, mutual pairs: ${mutual.length ? mutual.join('; ') : 'none'}`);
if (mutual.length) process.exitCode = 1;
