// Backups that restore (issue 31, docs/decisions/1403): one dated folder holding the database's own dump
// (PostgreSQL: pg_dump's custom format; PGlite: its data directory as a tarball), every photo file, and a
// manifest (app version, migration level, row counts per table, size and sha256 of every file). Restore
// checks the archive against its manifest, refuses a target that holds anything unless forced, and checks
// the restored row counts against the manifest. Used by scripts/backup.ts, scripts/restore.ts, the restore
// drill test and bench/restore.ts.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PHOTO_CONTENT_TYPES } from '#contracts/photos';
import { migrationLevel, openDatabase, queryRows, schema, type Database, type MigrationLevel } from '#db/client';
import type { PhotoStorage } from '#api/lib/ports';
import { makeFolderPrivate, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '#api/lib/private-files';

export const MANIFEST_FORMAT = 'farmspace-backup/1';
const POSTGRES_DUMP = 'database.pgdump';
const PGLITE_DUMP = 'database.pglite.tar.gz';
const PHOTOS = 'photos';

export type BackupManifest = {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  app: { name: string; version: string };
  database: { kind: 'postgres' | 'pglite'; file: string; migration: MigrationLevel; tables: Record<string, number> };
  photos: { source: string; count: number; bytes: number };
  /** Every file of the archive but the manifest, by its path inside the archive. */
  files: Record<string, { bytes: number; sha256: string }>;
};

/** The database to back up: PostgreSQL by URL, or an open PGlite (single-process: its owner hands it over). */
export type DatabaseSource = { kind: 'postgres'; url: string } | { kind: 'pglite'; pglite: PGlite };
/** Where to restore: PostgreSQL by URL, or a PGlite data directory (none: in memory, for tests). */
export type RestoreTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string };

/** The target holds data and --force was not given: nothing was changed. */
export class RestoreRefusedError extends Error {}
/** The archive is incomplete or a file differs from its manifest: nothing was changed. */
export class DamagedArchiveError extends Error {}

/** A photo file's name as the store writes them (`{key}-{width}.{ext}`): never a path. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function appInfo(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', 'package.json'), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** `2026-11-26T13-05-00Z`: sorts by time and is a valid file name everywhere. */
export function archiveName(now: Date): string {
  return `farmspace-backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
}

/**
 * Writes `<directory>/farmspace-backup-<time>/` and returns its path. The folder is written as `….partial`
 * and renamed when the manifest is in it, so an archive that exists is complete. The database is dumped
 * before the photos are copied: a photo file is stored before the row that names it, so every photo the dump
 * names is there; one uploaded meanwhile is an extra file and harmless.
 */
export async function writeBackup(options: { database: DatabaseSource; photos: PhotoStorage; directory: string; now?: Date }): Promise<{ archive: string; manifest: BackupManifest }> {
  const now = options.now ?? new Date();
  const archive = path.resolve(options.directory, archiveName(now));
  const partial = `${archive}.partial`;
  if (existsSync(archive)) throw new Error(`${archive} exists already`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(partial, PHOTOS), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  // recursive mkdir gives its mode only to what it makes: the archive's own folder too, whatever existed above.
  await chmod(partial, PRIVATE_FOLDER_MODE);

  const files: BackupManifest['files'] = {};
  const database =
    options.database.kind === 'postgres'
      ? { kind: 'postgres' as const, file: POSTGRES_DUMP, ...(await dumpPostgres(options.database.url, path.join(partial, POSTGRES_DUMP))) }
      : { kind: 'pglite' as const, file: PGLITE_DUMP, ...(await dumpPglite(options.database.pglite, path.join(partial, PGLITE_DUMP))) };
  files[database.file] = await fileDigest(path.join(partial, database.file));

  let count = 0;
  let bytes = 0;
  for await (const name of options.photos.list()) {
    if (!SAFE_NAME.test(name)) throw new Error(`the photo store holds a file whose name is not a photo's: ${JSON.stringify(name)}`);
    const stored = await options.photos.get(name);
    // Listed, then gone: removed meanwhile (an expired listing's photos); the dump no longer needs it.
    if (!stored) continue;
    const entry = `${PHOTOS}/${name}`;
    const digest = await writeHashed(stored.body, path.join(partial, entry));
    files[entry] = digest;
    count += 1;
    bytes += digest.bytes;
  }

  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    createdAt: now.toISOString(),
    app: appInfo(),
    database,
    photos: { source: options.photos.description, count, bytes },
    files,
  };
  await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  // pg_dump wrote its file with the process's umask: every file 0600, every folder 0700, whatever it was.
  makeFolderPrivate(partial);
  await rename(partial, archive);
  return { archive, manifest };
}

/**
 * Restores an archive into an empty database and photo store. With `force`, a target that holds data is
 * emptied first; without it such a target is refused (RestoreRefusedError) and nothing changes. Returns
 * the restored PGlite when the target is one (the caller owns it).
 */
export async function restoreBackup(options: { archive: string; database: RestoreTarget; photos: PhotoStorage; force?: boolean }): Promise<{ manifest: BackupManifest; rows: number; photos: number; pglite?: PGlite }> {
  const manifest = await readManifest(options.archive);
  await verifyArchive(options.archive, manifest);
  if (options.database.kind !== manifest.database.kind) {
    throw new RestoreRefusedError(`the archive holds a ${manifest.database.kind} database; the target is ${options.database.kind} (restore it into the same kind)`);
  }

  const occupied: string[] = [];
  const database = await databaseContents(options.database);
  if (database) occupied.push(database);
  const present = await photoNames(options.photos);
  if (present.length > 0) occupied.push(`the photo store (${options.photos.description}) has ${present.length} file${present.length === 1 ? '' : 's'}`);
  if (occupied.length && !options.force) {
    throw new RestoreRefusedError(`refusing to restore over existing data: ${occupied.join('; ')}. Restore into an empty database and photo store, or pass --force to replace what is there.`);
  }
  if (database) await emptyDatabase(options.database);
  if (present.length > 0) await options.photos.deleteMany(present);

  const dump = path.join(options.archive, manifest.database.file);
  let pglite: PGlite | undefined;
  if (options.database.kind === 'postgres') {
    await pgRestore(options.database.url, dump);
  } else {
    const blob = new Blob([new Uint8Array(await readFile(dump))]);
    // PGlite makes its folder but not the folders above it.
    if (options.database.dataDir) await mkdir(options.database.dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    pglite = await PGlite.create(options.database.dataDir, { loadDataDir: blob });
    // The tarball's entries carry the modes they were written with (0666 in a folder PGlite made): the
    // restored folder is the product user's alone, whatever they were.
    if (options.database.dataDir) makeFolderPrivate(options.database.dataDir);
  }

  // The restored counts must be the manifest's, table by table.
  const restored = await withDatabase(options.database.kind === 'postgres' ? { kind: 'postgres', url: options.database.url } : { kind: 'pglite', pglite: pglite! }, (db) => rowCounts(db));
  const expected = manifest.database.tables;
  const differing = [...new Set([...Object.keys(expected), ...Object.keys(restored)])].filter((table) => expected[table] !== restored[table]);
  if (differing.length) {
    await pglite?.close();
    throw new DamagedArchiveError(`the restored database differs from the manifest in ${differing.map((t) => `${t} (${restored[t] ?? 'missing'} rows, manifest ${expected[t] ?? 'none'})`).join(', ')}`);
  }

  let photos = 0;
  for (const entry of Object.keys(manifest.files)) {
    if (!entry.startsWith(`${PHOTOS}/`)) continue;
    const name = entry.slice(PHOTOS.length + 1);
    const extension = name.slice(name.lastIndexOf('.') + 1);
    await options.photos.put(name, await readFile(path.join(options.archive, entry)), PHOTO_CONTENT_TYPES[extension] ?? 'application/octet-stream');
    photos += 1;
  }
  return { manifest, rows: Object.values(restored).reduce((a, b) => a + b, 0), photos, pglite };
}

export async function readManifest(archive: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(archive, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch (error) {
    throw new DamagedArchiveError(`${archive} is not a backup archive: no readable manifest.json (${(error as Error).message})`);
  }
  if (manifest.format !== MANIFEST_FORMAT) throw new DamagedArchiveError(`${archive}: unknown archive format ${JSON.stringify(manifest.format)} (this version reads ${MANIFEST_FORMAT})`);
  return manifest;
}

/** Every file the manifest names is there, with its size and sha256; a photo's name is a plain file name. */
async function verifyArchive(archive: string, manifest: BackupManifest): Promise<void> {
  if (!manifest.files[manifest.database.file]) throw new DamagedArchiveError(`the manifest does not list the database dump ${manifest.database.file}`);
  for (const [entry, expected] of Object.entries(manifest.files)) {
    const name = entry.startsWith(`${PHOTOS}/`) ? entry.slice(PHOTOS.length + 1) : entry;
    if (!SAFE_NAME.test(name)) throw new DamagedArchiveError(`the manifest names a file outside the archive: ${JSON.stringify(entry)}`);
    let actual: { bytes: number; sha256: string };
    try {
      actual = await fileDigest(path.join(archive, entry));
    } catch {
      throw new DamagedArchiveError(`the archive lacks ${entry}`);
    }
    if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) throw new DamagedArchiveError(`${entry} differs from the manifest (sha256 ${actual.sha256}, expected ${expected.sha256})`);
  }
}

// ——— PostgreSQL ———

/** pg_dump and pg_restore: the newest of Debian's /usr/lib/postgresql/N/bin (it reads older servers), else PATH. */
export function postgresProgram(name: 'pg_dump' | 'pg_restore'): string {
  const lib = '/usr/lib/postgresql';
  const versions = existsSync(lib) ? readdirSync(lib).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = path.join(lib, version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  return name;
}

/** The URL without its password, and the password for PGPASSWORD: a password never shows in `ps`. */
function connectionArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.href, env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${program} could not start (${error.message}): install PostgreSQL's client programs (apt-get install postgresql-client)`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(program)} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/**
 * pg_dump in one snapshot with the manifest's counts: a transaction exports its snapshot, counts the rows
 * in it and pg_dump dumps that same snapshot, so the counts are the dump's even while the product writes.
 */
async function dumpPostgres(url: string, file: string): Promise<{ migration: MigrationLevel; tables: Record<string, number> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const db = drizzle({ client, schema }) as unknown as Database;
    const migration = await migrationLevel(db);
    const tables = await rowCounts(db);
    const { dbname, env } = connectionArgs(url);
    await run(postgresProgram('pg_dump'), ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${file}`, `--dbname=${dbname}`], env);
    await client.query('commit');
    return { migration, tables };
  } finally {
    await client.end();
  }
}

/** All or nothing (one transaction); owners and grants are the target's, so any role that owns the database can restore. */
async function pgRestore(url: string, file: string): Promise<void> {
  const { dbname, env } = connectionArgs(url);
  await run(postgresProgram('pg_restore'), ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${dbname}`, file], env);
}

// ——— PGlite ———

async function dumpPglite(pglite: PGlite, file: string): Promise<{ migration: MigrationLevel; tables: Record<string, number> }> {
  const { migration, tables } = await withDatabase({ kind: 'pglite', pglite }, async (db) => ({ migration: await migrationLevel(db), tables: await rowCounts(db) }));
  // dumpDataDir walks the whole data directory, which is DATA_DIR, where the photos folder lives too: the
  // photos are the archive's own files, so they are left out of the database's tarball.
  const tar = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await writeFile(file, gzipSync(withoutTopFolder(Buffer.from(tar), PHOTOS)), { mode: PRIVATE_FILE_MODE });
  return { migration, tables };
}

/** The entries of an uncompressed tar: each one's path (ustar prefix and name), type flag, and bytes (header and data). */
export function* tarEntries(tar: Buffer): Generator<{ name: string; type: string; start: number; end: number }> {
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return;
    const field = (start: number, length: number) => header.subarray(start, start + length).toString('latin1').replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const end = offset + 512 + Math.ceil(size / 512) * 512;
    const prefix = field(345, 155);
    yield { name: (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100)).replace(/^(\.?\/)+/, ''), type: field(156, 1), start: offset, end };
    offset = end;
  }
}

/**
 * A tar without the entries under `folder/` at its top. PGlite writes plain ustar entries (a name, and a
 * prefix for long ones); should it ever write an extended header (pax `x`/`g`, GNU `L`/`K`), whose entry
 * then spans two headers, the tar is kept whole rather than cut wrongly.
 */
export function withoutTopFolder(tar: Buffer, folder: string): Buffer {
  const kept: Buffer[] = [];
  let dropped = false;
  for (const entry of tarEntries(tar)) {
    if (['x', 'g', 'L', 'K'].includes(entry.type)) return tar;
    if (entry.name === folder || entry.name.startsWith(`${folder}/`)) dropped = true;
    else kept.push(tar.subarray(entry.start, entry.end));
  }
  // Nothing to leave out (an in-memory database, photos in S3): the tar exactly as PGlite wrote it.
  if (!dropped) return tar;
  kept.push(Buffer.alloc(1024));
  return Buffer.concat(kept);
}

// ——— Both ———

async function withDatabase<T>(source: DatabaseSource, use: (db: Database) => Promise<T>): Promise<T> {
  if (source.kind === 'pglite') {
    // The caller owns the PGlite: the handle is not closed (closing it would close the PGlite).
    return use(openDatabase({ pglite: source.pglite }).db);
  }
  const handle = openDatabase({ databaseUrl: source.url, poolSize: 1 });
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

const TABLES = sql`select table_schema as schema, table_name as name from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`;

/** `schema.table` → rows, for every table of the database (ours and drizzle's migration journal). */
export async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  // Raw: the catalogue of tables, whatever the schema declares.
  for (const { schema: s, name } of await queryRows<{ schema: string; name: string }>(db, TABLES)) {
    // Raw: a count over a table named by the catalogue.
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(s)}.${sql.identifier(name)}`);
    counts[`${s}.${name}`] = Number(row!.n);
  }
  return counts;
}

/** What the target database holds, said for the refusal; undefined when it is empty. */
async function databaseContents(target: RestoreTarget): Promise<string | undefined> {
  if (target.kind === 'pglite') return target.dataDir && existsSync(path.join(target.dataDir, 'PG_VERSION')) ? `${target.dataDir} holds a database` : undefined;
  const tables = await withDatabase({ kind: 'postgres', url: target.url }, async (db) => (await queryRows(db, TABLES)).length);
  return tables ? `the database has ${tables} table${tables === 1 ? '' : 's'}` : undefined;
}

/** --force: every schema but the system's dropped, public made anew (as a new database has it). */
async function emptyDatabase(target: RestoreTarget): Promise<void> {
  if (target.kind === 'pglite') {
    // The data directory is DATA_DIR: everything in it but the photos folder is the database's.
    const dir = target.dataDir!;
    for (const entry of await readdir(dir)) if (entry !== PHOTOS) await rm(path.join(dir, entry), { recursive: true, force: true });
    return;
  }
  await withDatabase({ kind: 'postgres', url: target.url }, async (db) => {
    // Raw: the schemas present, whatever they are.
    const schemas = await queryRows<{ name: string }>(db, sql`select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'`);
    // Raw: DDL, which the builder has none of.
    for (const { name } of schemas) await db.execute(sql`drop schema ${sql.identifier(name)} cascade`);
    // Raw: as above; public is what a new database has, and what pg_restore expects to find.
    await db.execute(sql`create schema public`);
  });
}

async function photoNames(storage: PhotoStorage): Promise<string[]> {
  const names: string[] = [];
  for await (const name of storage.list()) names.push(name);
  return names;
}

// ——— Files ———

async function fileDigest(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return { bytes: (await stat(file)).size, sha256: hash.digest('hex') };
}

/** Streams into a file, hashing on the way (a large photo is never held whole). */
async function writeHashed(body: NodeJS.ReadableStream, file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(body, tap, createWriteStream(file, { mode: PRIVATE_FILE_MODE }));
  return { bytes, sha256: hash.digest('hex') };
}
