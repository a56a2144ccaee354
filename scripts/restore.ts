// `npm run restore -- <archive> [--force]`: restores an archive of `npm run backup` into the configured
// database and photo store, which must be empty (a new database, no photo files) unless --force is given,
// which replaces what is there. Exit codes: 0 restored, 1 failed, 2 refused (target not empty), 3 damaged
// archive. Stop the product first; start it again once this has finished.
import path from 'node:path';
import { ConfigError, loadConfig } from '#api/config';
import { keepNewFilesPrivate } from '#api/lib/private-files';
import { createPhotoStorage } from '#api/modules/photos/photo-storage';
import { DamagedArchiveError, restoreBackup, RestoreRefusedError } from './backup-archive';

// Whatever this writes (an archive; a restored database and photos) is its user's alone (decision 1405).
keepNewFilesPrivate();

const args = process.argv.slice(2);
const force = args.includes('--force');
const archive = args.find((arg) => !arg.startsWith('--'));

if (!archive) {
  console.error('Usage: npm run restore -- <archive folder> [--force]');
  process.exit(1);
}

try {
  const config = loadConfig();
  const started = Date.now();
  const result = await restoreBackup({
    archive: path.resolve(archive),
    database: config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: path.resolve(config.DATA_DIR) },
    photos: createPhotoStorage(config),
    force,
  });
  await result.pglite?.close();
  console.log(
    `Restored ${path.resolve(archive)} (written ${result.manifest.createdAt}, version ${result.manifest.app.version}): ` +
      `${result.rows.toLocaleString('en-US')} rows checked against the manifest, ${result.photos.toLocaleString('en-US')} photo files, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`Restore ${error instanceof RestoreRefusedError ? 'refused' : 'failed'}: ${(error as Error).message}`);
  process.exit(error instanceof RestoreRefusedError ? 2 : error instanceof DamagedArchiveError ? 3 : 1);
}
