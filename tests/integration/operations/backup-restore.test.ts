// The restore drill (issue 31) on the test database kind — PGlite in `npm test`, PostgreSQL in test:deep:
// users, a paid listing with photos, a conversation and an accepted lease made through the API; backed up;
// the database and the photo folder destroyed; restored into an empty database and photo store; every
// table compared row for row (and every sequence), every photo byte for byte; then the product starts on the
// restored data and a user signs in. Then what restore refuses: a target that holds data (unless forced),
// and an archive whose files differ from its manifest — and `npm run restore` saying so with exit code 2.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { createTestModeProvider } from '#api/modules/payments/test-mode-provider';
import { createDiskStorage, type PhotoStorage } from '#api/modules/photos/photo-storage';
import { openDatabase, queryRows, type Database } from '#db/client';
import { DamagedArchiveError, restoreBackup, RestoreRefusedError, tarEntries, writeBackup, type BackupManifest, type RestoreTarget } from '../../../scripts/backup-archive';
import { smallPhoto, uploadPhoto } from '../../fixtures/photos';
import { validSpaceBody } from '../../fixtures/spaces';
import { startTestApp } from '../../fixtures/test-app';
import { createEmptyPostgresDatabase, testDatabaseKind, type TestDatabase } from '../../fixtures/test-database';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

const kind = testDatabaseKind();
const root = path.resolve(import.meta.dirname, '..', '..', '..');

/** Every table's rows (as jsonb text, sorted) and every sequence's position. */
async function databaseSnapshot(db: Database): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  // Raw: the catalogue of tables, whatever the schema declares.
  const tables = await queryRows<{ s: string; t: string }>(db, sql`select table_schema as s, table_name as t from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
  for (const { s, t } of tables) {
    // Raw: each table whole, in a stable order, as text that compares exactly.
    const rows = await queryRows<{ r: string }>(db, sql`select to_jsonb(x)::text as r from ${sql.identifier(s)}.${sql.identifier(t)} x order by 1`);
    snapshot[`${s}.${t}`] = rows.map((row) => row.r);
  }
  return snapshot;
}

/** Where each id sequence stands (0: never used). */
async function sequencePositions(db: Database): Promise<Record<string, number>> {
  // Raw: the catalogue's view of the sequences.
  const rows = await queryRows<{ name: string; last: string | number | null }>(db, sql`select schemaname || '.' || sequencename as name, last_value as last from pg_sequences order by 1`);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.last ?? 0)]));
}

/**
 * A restored database never hands out an id twice: each sequence stands where it stood (pg_restore) or
 * ahead of it — PGlite's dump is its data folder as a crash would leave it, and PostgreSQL logs sequences
 * 32 values ahead, so after recovery a used one resumes up to 32 further on.
 */
function expectSequencesNotBehind(restored: Record<string, number>, original: Record<string, number>) {
  expect(Object.keys(restored)).toEqual(Object.keys(original));
  for (const [name, position] of Object.entries(original)) {
    expect(restored[name], name).toBeGreaterThanOrEqual(position);
    expect(restored[name]! - position, name).toBeLessThanOrEqual(kind === 'pglite' ? 32 : 0);
  }
}

async function photoFiles(storage: PhotoStorage): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for await (const name of storage.list()) files.set(name, await buffer((await storage.get(name))!.body));
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

const rowsIn = (snapshot: Record<string, string[]>) => Object.values(snapshot).reduce((n, rows) => n + rows.length, 0);

describe(`backup and restore (${kind})`, () => {
  const folders: string[] = [];
  const cleanups: Array<() => Promise<unknown>> = [];
  let archive: string;
  let manifest: BackupManifest;
  let before: Record<string, string[]>;
  let sequencesBefore: Record<string, number>;
  let photosBefore: Map<string, Buffer>;
  let owner: TestUser;

  const folder = async (name: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), `farmspace-${name}-`));
    folders.push(dir);
    return dir;
  };

  /** An empty restore target of the test's kind, and how to open what was restored into it. */
  async function emptyTarget(options: { dataDir?: string } = {}): Promise<{ target: RestoreTarget; open(pglite?: PGlite): TestDatabase }> {
    if (kind === 'postgres') {
      const empty = await createEmptyPostgresDatabase();
      cleanups.push(empty.drop);
      return { target: { kind: 'postgres', url: empty.url }, open: () => ({ ...openDatabase({ databaseUrl: empty.url, poolSize: 5 }), url: empty.url }) };
    }
    return { target: { kind: 'pglite', dataDir: options.dataDir }, open: (pglite) => ({ ...openDatabase({ pglite: pglite! }), pglite }) };
  }

  beforeAll(async () => {
    const t = await startTestApp({ payments: createTestModeProvider(), now: new Date('2026-06-01T09:00:00.000Z') });
    owner = await createSignedInUser(t, { firstName: 'Olive', lastName: 'Owner', verified: true });
    const farmer = await createSignedInUser(t, { firstName: 'Fern', lastName: 'Farmer', verified: true });

    // A listing paid through checkout (the test-mode provider), with two photos.
    const created = await t.request('/api/spaces', { cookie: owner.cookie, body: validSpaceBody({ title: 'Rooftop kept in the backup' }) });
    expect(created.status).toBe(201);
    const spaceId = created.json.id as number;
    for (const color of [40, 180]) expect((await uploadPhoto(t, spaceId, await smallPhoto(color), { cookie: owner.cookie, type: 'image/png', name: 'p.png' })).status).toBe(201);
    const intent = await t.request('/api/create-payment-intent', { cookie: owner.cookie, body: { paymentType: 'listing_fee', currency: 'USD', spaceId } });
    const paid = await t.request('/api/payments/test-confirm', {
      cookie: owner.cookie,
      body: { paymentIntentId: intent.json.paymentIntentId, clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
    });
    expect(paid.json.status).toBe('succeeded');

    // A conversation, and lease terms the owner accepts (an agreement).
    const conversation = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId, content: 'Is the rooftop free for a lettuce farm from June?' } });
    expect(conversation.status).toBe(201);
    const proposal = await t.request(`/api/conversations/${conversation.json.conversationId}/proposals`, {
      cookie: farmer.cookie,
      body: { rent: '1250.00', startDate: '2026-07-01', termMonths: 12, areaSqFt: null, depositMonths: 1, utilitiesPaidBy: 'tenant', growingActivities: 'Hydroponic lettuce', accessHours: 'Daily 6-20', insuranceAmount: '1000000', notes: 'Water meter fitted before the start.' },
    });
    expect(proposal.status).toBe(201);
    expect((await t.request(`/api/proposals/${proposal.json.id}/accept`, { cookie: owner.cookie, body: {} })).status).toBe(200);

    before = await databaseSnapshot(t.db);
    sequencesBefore = await sequencePositions(t.db);
    photosBefore = await photoFiles(t.context.photoStorage);
    const started = performance.now();
    ({ archive, manifest } = await writeBackup({
      database: kind === 'postgres' ? { kind: 'postgres', url: t.database.url! } : { kind: 'pglite', pglite: (t.database as TestDatabase).pglite! },
      photos: t.context.photoStorage,
      directory: await folder('backups'),
    }));
    const backupSeconds = (performance.now() - started) / 1000;

    // Disaster: the database is dropped (PostgreSQL) or gone with its process's memory (PGlite), and the
    // photo folder is deleted.
    await t.close();
    expect(await photoFiles(t.context.photoStorage)).toEqual(new Map());
    console.log(`backup (${kind}): ${Object.keys(manifest.database.tables).length} tables, ${rowsIn(before)} rows, ${photosBefore.size} photo files in ${backupSeconds.toFixed(2)} s`);
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });

  it('restores every row and every photo as they were, and the product runs on it: a user signs in', { timeout: 60_000 }, async () => {
    expect(photosBefore.size).toBeGreaterThanOrEqual(2);
    expect(manifest).toMatchObject({ app: { name: 'farmspace' }, database: { kind, migration: { current: true } }, photos: { count: photosBefore.size } });
    expect(manifest.database.tables['public.lease_proposals']).toBe(1);
    expect(manifest.database.tables['public.payments']).toBeGreaterThanOrEqual(1);
    expect(Object.fromEntries(Object.entries(before).map(([k, rows]) => [k, rows.length]))).toEqual(manifest.database.tables);

    const { target, open } = await emptyTarget();
    const photoFolder = await folder('restored-photos');
    const storage = createDiskStorage(photoFolder);
    const started = performance.now();
    const restored = await restoreBackup({ archive, database: target, photos: storage });
    const restoreSeconds = (performance.now() - started) / 1000;
    const database = open(restored.pglite);

    const after = await databaseSnapshot(database.db);
    expect(after).toEqual(before);
    const sequencesAfter = await sequencePositions(database.db);
    expectSequencesNotBehind(sequencesAfter, sequencesBefore);
    const photosAfter = await photoFiles(storage);
    expect([...photosAfter.keys()]).toEqual([...photosBefore.keys()]);
    for (const [name, bytes] of photosBefore) expect(photosAfter.get(name)!.equals(bytes), name).toBe(true);
    console.log(`restore drill (${kind}): ${rowsIn(after)} rows in ${Object.keys(after).length} tables and ${Object.keys(sequencesAfter).length} sequences compared, ${photosAfter.size} photo files compared byte for byte; restore ${restoreSeconds.toFixed(2)} s`);

    const t = await startTestApp({ database, photoStorage: storage });
    try {
      const login = await t.request('/api/auth/login', { body: { email: owner.email, password: owner.password } });
      expect(login.status).toBe(200);
      expect(login.json.user).toMatchObject({ id: owner.id, email: owner.email });
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const mine = await t.request('/api/spaces/my', { cookie });
      expect(mine.status).toBe(200);
      const space = (mine.json as Array<{ title: string; photos: Array<{ url: string }> }>).find((s) => s.title === 'Rooftop kept in the backup')!;
      expect(space.photos).toHaveLength(2);
      // A restored photo is served by the restored product.
      const photo = await fetch(`${t.baseUrl}${space.photos[0]!.url}`);
      expect(photo.status).toBe(200);
      expect(photosBefore.get(space.photos[0]!.url.split('/').at(-1)!)!.equals(Buffer.from(await photo.arrayBuffer()))).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('refuses a database or photo store that holds data (exit code 2 from npm run restore), replaces it with --force, and refuses a damaged archive', { timeout: 60_000 }, async () => {
    // DATA_DIR as the command reads it: the PGlite database (on PGlite) and the photos folder in it.
    const dataDir = await folder('restore-data');
    const { target, open } = await emptyTarget({ dataDir });
    const storage = createDiskStorage(path.join(dataDir, 'photos'));

    // A photo store with a file in it, the database empty: refused, and the database is left empty.
    await storage.put('stray-1.jpg', Buffer.from('not from the archive'), 'image/jpeg');
    const refusedPhotos = restoreBackup({ archive, database: target, photos: storage });
    await expect(refusedPhotos).rejects.toThrow(RestoreRefusedError);
    await expect(refusedPhotos).rejects.toThrow(/photo store .* has 1 file.*--force/);
    if (kind === 'pglite') expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
    await storage.deleteMany(['stray-1.jpg']);

    // Restored once; a second restore into the same place is refused, by the library and by the command.
    const first = await restoreBackup({ archive, database: target, photos: storage });
    await first.pglite?.close();
    await expect(restoreBackup({ archive, database: target, photos: storage })).rejects.toThrow(/refusing to restore over existing data: (the database has \d+ tables|.* holds a database); the photo store .* has \d+ files/);
    const command = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', archive], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: target.kind === 'postgres' ? target.url : '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(command.status).toBe(2);
    expect(command.stderr).toMatch(/^Restore refused: refusing to restore over existing data: (the database has|.* holds a database)/);

    // --force replaces what is there: the same rows as before.
    const forced = await restoreBackup({ archive, database: target, photos: storage, force: true });
    const database = open(forced.pglite);
    try {
      expect(await databaseSnapshot(database.db)).toEqual(before);
      expectSequencesNotBehind(await sequencePositions(database.db), sequencesBefore);
      expect([...(await photoFiles(storage)).keys()]).toEqual([...photosBefore.keys()]);
    } finally {
      await database.close();
    }

    // `npm run backup` as a command on that DATA_DIR (on PGlite the photos folder is inside the database's
    // folder, and stays out of the database's tarball): an archive that restores to the same rows.
    const backup = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', '--out', path.join(dataDir, '..', path.basename(dataDir) + '-archives')], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: target.kind === 'postgres' ? target.url : '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    folders.push(path.join(dataDir, '..', path.basename(dataDir) + '-archives'));
    expect(backup.status, backup.stderr).toBe(0);
    const written = /^Backup written: (.+)$/m.exec(backup.stdout)![1]!;
    const commandManifest = JSON.parse(await readFile(path.join(written, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(commandManifest.database.tables).toEqual(manifest.database.tables);
    expect(Object.keys(commandManifest.files).filter((f) => f.startsWith('photos/'))).toEqual(Object.keys(manifest.files).filter((f) => f.startsWith('photos/')));
    if (kind === 'pglite') {
      const names = [...tarEntries(gunzipSync(await readFile(path.join(written, commandManifest.database.file))))].map((e) => e.name);
      expect(names).toContain('PG_VERSION');
      expect(names.filter((n) => n.startsWith('photos'))).toEqual([]);
    }
    const again = await emptyTarget();
    const fromCommand = await restoreBackup({ archive: written, database: again.target, photos: createDiskStorage(await folder('command-photos')) });
    const reopened = again.open(fromCommand.pglite);
    try {
      expect(await databaseSnapshot(reopened.db)).toEqual(before);
    } finally {
      await reopened.close();
    }

    // One changed byte in a photo: refused before anything is touched.
    const damaged = `${archive}-damaged`;
    folders.push(damaged);
    await cp(archive, damaged, { recursive: true });
    const victim = Object.keys(manifest.files).find((f) => f.startsWith('photos/'))!;
    const bytes = await readFile(path.join(damaged, victim));
    bytes[bytes.length - 1] = bytes.at(-1)! ^ 1;
    await writeFile(path.join(damaged, victim), bytes);
    const fresh = await emptyTarget();
    const error = await restoreBackup({ archive: damaged, database: fresh.target, photos: createDiskStorage(await folder('damaged-photos')) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DamagedArchiveError);
    expect((error as Error).message).toContain(`${victim} differs from the manifest`);
  });
});
