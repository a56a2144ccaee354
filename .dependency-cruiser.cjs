// The module shape of the API (docs/decisions/1310-module-owners-and-the-dependency-rule.md), kept by
// `npm run lint` (lint:modules). A module is a folder api/src/modules/<name>/; its public surface is its
// index.ts. Tests are left out: a test may reach into the module it tests.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment:
        'API modules depend on each other in a cycle (a → b → … → a). Give the shared piece one owner: move it into the module the others call, or into api/src/lib when it is no feature at all.',
      scope: 'folder',
      from: { path: '^api/src/modules/[^/]+$' },
      to: { path: '^api/src/modules/[^/]+$', circular: true },
    },
    {
      name: 'no-module-internals',
      severity: 'error',
      comment:
        "One module imports another's internals. Import the other module's index.ts (its public surface), and export from there what it must offer.",
      from: { path: '^api/src/modules/([^/]+)/' },
      to: { path: '^api/src/modules/', pathNot: ['^api/src/modules/$1/', '^api/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'no-feature-in-lib',
      severity: 'error',
      comment: 'api/src/lib and the app context are shared by every module: they import no feature module (declare a port in api/src/lib instead).',
      from: { path: '^api/src/(lib/|app-context\\.ts$)' },
      to: { path: '^api/src/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    includeOnly: '^(api|contracts|db)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
