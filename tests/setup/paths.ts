// Where the test harness keeps its generated files (gitignored .tmp/).
import path from 'node:path';

export const TMP_DIR = path.resolve(import.meta.dirname, '..', '..', '.tmp');
export const PGLITE_DUMP_PATH = path.join(TMP_DIR, 'pglite-migrated.tar.gz');

/** The end-to-end server's port and the address its site build is made for (scripts/e2e.ts, playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4400);
export const E2E_SITE_URL = `http://localhost:${E2E_PORT}`;
