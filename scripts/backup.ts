// `npm run backup [-- --out <folder>]`: one dated archive of the configured database and photo store
// (scripts/backup-archive.ts, docs/operations.md#backups). On the embedded database stop the product first:
// PGlite is one process's, and a second one opening its folder would corrupt it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, loadConfig } from '#api/config';
import { keepNewFilesPrivate } from '#api/lib/private-files';
import { createPhotoStorage } from '#api/modules/photos/photo-storage';
import { writeBackup } from './backup-archive';

// Whatever this writes (an archive; a restored database and photos) is its user's alone (decision 1405).
keepNewFilesPrivate();

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const directory = path.resolve(outAt >= 0 && args[outAt + 1] ? args[outAt + 1]! : 'backups');

try {
  const config = loadConfig();
  const started = Date.now();
  // PGlite.create on a folder without a database would make a new, empty one: say so instead.
  if (!config.DATABASE_URL && !existsSync(path.resolve(config.DATA_DIR, 'PG_VERSION'))) throw new Error(`no embedded database in DATA_DIR (${path.resolve(config.DATA_DIR)}); set DATA_DIR or DATABASE_URL`);
  const pglite = config.DATABASE_URL ? undefined : await PGlite.create(path.resolve(config.DATA_DIR));
  try {
    const { archive, manifest } = await writeBackup({
      database: config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', pglite: pglite! },
      photos: createPhotoStorage(config),
      directory,
    });
    const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backup written: ${archive}\n  ${manifest.database.kind} database, migration ${manifest.database.migration.applied}/${manifest.database.migration.expected}, ` +
        `${Object.keys(manifest.database.tables).length} tables, ${rows.toLocaleString('en-US')} rows; ` +
        `${manifest.photos.count.toLocaleString('en-US')} photo files (${(manifest.photos.bytes / 1e6).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await pglite?.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
