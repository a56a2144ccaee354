// Unit and integration tests, at two depths (tests/setup/depth.ts):
// - `npm test` (`vitest run`): the `pglite` project — every unit, integration and reliability suite on
//   PGlite, the fuzzer at its fixed-seed sample.
// - `npm run test:deep` (TEST_DEPTH=deep, CI runs it): the `postgres` project — the same database-backed
//   suites on PostgreSQL (but those that open no database), the fuzzer at full depth — when TEST_DATABASE_URL is set (else the full fuzzer on
//   PGlite), and the `process` project: the fault tests with real processes, which need PostgreSQL's server
//   binaries and nginx and take minutes by design (a 60 s outage, 30 s of load, a site build), and every
//   benchmark in its smoke mode (bench/benches.process.test.ts: a bench that no longer runs fails CI).
import { defineConfig } from 'vitest/config';
import { DEEP } from './tests/setup/depth.ts';
import { E2E_SITE_URL } from './tests/setup/paths.ts';

const unitAndIntegration = ['api/**/*.test.ts', 'db/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts', 'site/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'tests/reliability/**/*.test.ts'];
const databaseBacked = ['api/**/*.test.ts', 'db/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/reliability/**/*.test.ts'];
/**
 * Suites under the database-backed folders that never open a database (no test app, no test database): the
 * PostgreSQL project would run them a second time for nothing — the photo processor's alone is a minute.
 * `scripts/vitest-projects.test.ts` fails when one of them starts using a database.
 */
export const databaseFree = ['api/src/config.test.ts', 'api/src/lib/public-cache.test.ts', 'api/src/modules/account/account-export.test.ts', 'api/src/modules/agreements/agreement-pdf.test.ts', 'api/src/modules/photos/photo-processor.test.ts', 'api/src/modules/spaces/space-cells.test.ts'];
/** Real processes: the fault tests, and every benchmark in its smoke mode (bench/benches.process.test.ts). */
const processTests = ['tests/reliability/**/*.process.test.ts', 'bench/**/*.process.test.ts'];
const fuzz = 'tests/reliability/fuzz-*.test.ts';

const quick = [{ extends: true, test: { name: 'pglite', include: unitAndIntegration, exclude: ['**/*.postgres-only.test.ts', '**/node_modules/**', ...processTests], env: { TEST_DB: 'pglite' } } }];
const deep = [
  process.env.TEST_DATABASE_URL
    ? { extends: true, test: { name: 'postgres', include: databaseBacked, exclude: ['**/*.pglite-only.test.ts', '**/node_modules/**', ...processTests, ...databaseFree], env: { TEST_DB: 'postgres' } } }
    : { extends: true, test: { name: 'pglite', include: [fuzz], env: { TEST_DB: 'pglite' } } },
  // One at a time: they share one PostgreSQL cluster, and db-outage stops it.
  { extends: true, test: { name: 'process', include: processTests, fileParallelism: false, globalSetup: ['tests/setup/process-setup.ts'], env: { PUBLIC_SITE_URL: E2E_SITE_URL } } },
];

export default defineConfig({
  test: {
    globalSetup: ['tests/setup/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph instead of importing the app anew for
    // each file: the suites keep no module state between files (no vi.mock, no stubbed globals), and this
    // took a third of the CPU (docs/decisions/0611). The process project runs one file at a time anyway.
    isolate: false,
    // The default reporter as it is, then the 10 slowest files and the total, and every failure kept whole
    // in .tmp/test-failures/ (tests/setup/vitest-timings.ts).
    reporters: ['default', './tests/setup/vitest-timings.ts'],
    projects: DEEP ? deep : quick,
  },
});
