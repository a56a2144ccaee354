// A Vite plugin that writes the browser build's chunk graph beside the site build (dist-builds/<key>/
// chunk-graph.json, outside client/, so it is never served): each chunk's file, the module that is its
// entry (an island's component for an island's chunk), its static and dynamic imports, and the source
// modules inside it with their rendered bytes. The island JavaScript budget (scripts/island-weight.ts,
// its test and bench/island-budgets.json) reads it to tell which module made an island grow.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** A module's id as a stable, machine-independent name: relative to the repository, without query strings. */
function moduleName(id) {
  const clean = id.replace(/\0/g, '').replace(/\?.*$/, '');
  return path.isAbsolute(clean) ? path.relative(root, clean).split(path.sep).join('/') : clean;
}

export function chunkGraph() {
  return {
    name: 'farmspace-chunk-graph',
    apply: 'build',
    writeBundle(options, bundle) {
      // Only the browser's build: its output directory is the site build's client/ folder.
      if (!options.dir || path.basename(options.dir) !== 'client') return;
      const chunks = Object.values(bundle)
        .filter((item) => item.type === 'chunk')
        .map((chunk) => ({
          file: chunk.fileName,
          entry: chunk.facadeModuleId ? moduleName(chunk.facadeModuleId) : null,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          modules: Object.fromEntries(
            Object.entries(chunk.modules)
              .map(([id, info]) => [moduleName(id), info.renderedLength])
              .filter(([, bytes]) => bytes > 0),
          ),
        }));
      mkdirSync(path.dirname(options.dir), { recursive: true });
      writeFileSync(path.join(path.dirname(options.dir), 'chunk-graph.json'), JSON.stringify({ chunks }, null, 1));
    },
  };
}
