// Where the test harness keeps its generated files (gitignored .tmp/).
import path from 'node:path';

export const TMP_DIR = path.resolve(import.meta.dirname, '..', '..', '.tmp');
export const PGLITE_DUMP_PATH = path.join(TMP_DIR, 'pglite-migrated.tar.gz');
