// Lint: typescript-eslint's recommended rules, drizzle's guard against update/delete without where, a
// reason on every raw query, and no zod in the small islands.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import drizzle from 'eslint-plugin-drizzle';
import farmspace from './scripts/lint/raw-sql-reason.js';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-*', '.astro', '.data', '.tmp', 'test-results', 'playwright-report', 'db/migrations', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // drizzle's builder first; a raw query carries `// Raw: <why>` right above it (decision 0015). The rule and
    // its test: scripts/lint/raw-sql-reason.js, scripts/lint/raw-sql-reason.test.ts.
    files: ['api/**/*.ts', 'db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { farmspace },
    rules: { 'farmspace/raw-sql-reason': 'error' },
  },
  {
    // Contracts are named by what they carry (decision 0018): contracts/<area>.ts plain values and texts,
    // contracts/<area>.schemas.ts zod. The code of content pages and of checkout must stay small (bench:weight
    // budgets, content pages ≤ 5 KB): no zod and no schemas module there, except for their types.
    files: [
      'site/src/islands/spaces/browse/FeaturedSpaces.tsx',
      'site/src/islands/Checkout.tsx',
      'site/src/islands/checkout/**/*.{ts,tsx}',
      'site/src/lib/api/api-client.ts',
      'site/src/lib/stores/{user-store,unread-store,toast-store,pending-toast}.ts',
      'site/src/lib/content/{site-search,roi,lease-template-actions}.ts',
      'site/src/lib/display/featured-spaces.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*', '**/contracts/zod', '**/*.schemas', '**/*.schemas.ts'],
              allowTypeImports: true,
              message: 'Keep zod out of content pages and checkout (bench:weight budgets): import plain values from contracts/<area>.ts, or only types from *.schemas.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', module: 'writable' } },
  },
  {
    // The service worker (issue 30): plain JavaScript in a worker's global scope.
    files: ['site/public/sw.js'],
    languageOptions: { globals: { self: 'readonly', caches: 'readonly', fetch: 'readonly' } },
  },
);
