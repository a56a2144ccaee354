// Unit and integration tests. The `pglite` project always runs; the `postgres` project runs the same
// database-backed suites against PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
import { defineConfig } from 'vitest/config';

const unitAndIntegration = ['api/**/*.test.ts', 'db/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts', 'site/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'tests/reliability/**/*.test.ts'];
const databaseBacked = ['api/**/*.test.ts', 'db/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/reliability/**/*.test.ts'];
// Slow and about input, not the database: run once, on PostgreSQL when there is one (CI), else on PGlite.
const onceOnly = ['tests/reliability/fuzz.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['tests/setup/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'pglite', include: unitAndIntegration, exclude: ['**/*.postgres-only.test.ts', '**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? onceOnly : [])], env: { TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true, test: { name: 'postgres', include: databaseBacked, exclude: ['**/*.pglite-only.test.ts', 'tests/reliability/**/*.process.test.ts'], env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
