// `npm run bench:restore`: how long `npm run backup` and `npm run restore` take for N listings on
// PostgreSQL (BENCH_LISTINGS, default 1,000,000, made by db/seed/generate-spaces.ts inside the server).
// It creates its own databases (BENCH_DB_NAME, default restore_bench: `<name>_source` and `<name>_target`)
// through BENCH_ADMIN_URL and drops them at the end (BENCH_KEEP=1 keeps them). The photo store is an empty
// folder: the generator makes no photo files, and copying photos costs what copying their bytes costs.
// The restore time includes pg_restore's index builds and the check of every table's rows against the manifest.
// BENCH_SMOKE=1 (bench/smoke.ts): 2,000 listings, the same backup, restore and row check, no figure to quote.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createDiskStorage } from '#api/modules/photos/photo-storage';
import { openDatabase, schema, type Executor } from '#db/client';
import { ensureDemoOwner } from '#db/seed/demo-owner';
import { generateSpaces } from '#db/seed/generate-spaces';
import { seedDemonstrationData } from '#db/seed/index';
import { restoreBackup, writeBackup } from '../scripts/backup-archive';
import { recreateDatabase } from './bench-database';
import { bySmoke, smokeBanner } from './smoke';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_DB_NAME ?? 'restore_bench';
const LISTINGS = bySmoke(Number(process.env.BENCH_LISTINGS ?? 1_000_000), 2_000);
const KEEP = process.env.BENCH_KEEP === '1';

if (!Number.isInteger(LISTINGS) || LISTINGS < 1) {
  console.error('BENCH_LISTINGS must be a whole number of listings, at least 1');
  process.exit(1);
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.href;
}
const seconds = (since: number) => (performance.now() - since) / 1000;
const count = (n: number) => n.toLocaleString('en-US');

const sourceUrl = databaseUrl(`${DB_NAME}_source`);
const targetUrl = databaseUrl(`${DB_NAME}_target`);
smokeBanner();
const work = await mkdtemp(path.join(tmpdir(), 'farmspace-bench-restore-'));

try {
  let started = performance.now();
  await recreateDatabase(sourceUrl);
  const source = openDatabase({ databaseUrl: sourceUrl, poolSize: 2 });
  let ownerId: number;
  try {
    await source.migrate();
    await seedDemonstrationData(source.db, new Date());
    ownerId = await ensureDemoOwner(source.db);
  } finally {
    await source.close();
  }
  // A client of its own: the API pool's 15 s statement timeout is too short for the generator's batches.
  const client = new pg.Client({ connectionString: sourceUrl });
  await client.connect();
  try {
    await generateSpaces(drizzle({ client, schema }) as unknown as Executor, { count: LISTINGS, ownerId, now: new Date(), batch: 50_000 });
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  console.log(`source: ${count(LISTINGS)} generated listings in ${seconds(started).toFixed(1)} s`);

  started = performance.now();
  const { archive, manifest } = await writeBackup({ database: { kind: 'postgres', url: sourceUrl }, photos: createDiskStorage(path.join(work, 'photos')), directory: path.join(work, 'backups') });
  const backupSeconds = seconds(started);
  const dumpBytes = manifest.files[manifest.database.file]!.bytes;
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);

  await recreateDatabase(targetUrl);
  started = performance.now();
  const restored = await restoreBackup({ archive, database: { kind: 'postgres', url: targetUrl }, photos: createDiskStorage(path.join(work, 'restored-photos')) });
  const restoreSeconds = seconds(started);

  console.log(
    [
      `listings: ${count(manifest.database.tables['public.spaces'] ?? 0)} (${count(rows)} rows in ${Object.keys(manifest.database.tables).length} tables)`,
      `backup:  ${backupSeconds.toFixed(1)} s (pg_dump --format=custom, ${(dumpBytes / 1e6).toFixed(1)} MB, and the manifest's row counts in the dump's snapshot)`,
      `restore: ${restoreSeconds.toFixed(1)} s (sha256 of the archive, pg_restore in one transaction with its index builds, ${count(restored.rows)} rows counted against the manifest)`,
    ].join('\n'),
  );
  smokeBanner();
} finally {
  await rm(work, { recursive: true, force: true });
  if (!KEEP) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    for (const url of [sourceUrl, targetUrl]) await admin.query(`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`);
    await admin.end();
  }
}
