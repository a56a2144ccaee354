// Files for the product's user alone (issue 38 item 6, decision 1405), checked on the modes themselves, with
// the permissive umask (022) most systems start processes with: a backup's folders are 0700 and its files
// 0600; a restore leaves the data folder 0700/0600 whatever modes the archive's tarball carries; a DATA_DIR
// found open to others at start is closed, with a warning; photos on disk and uploads in progress are 0600
// in 0700 folders, and an upload folder another user made first is refused.
import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepDataPrivate } from '#api/server';
import { privateUploadFolder } from '#api/lib/multipart';
import { createDiskStorage } from '#api/modules/photos/photo-storage';
import { restoreBackup, writeBackup } from '../../../scripts/backup-archive';
import { smallPhoto, uploadPhoto } from '../../fixtures/photos';
import { validSpaceBody } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { testDatabaseKind, type TestDatabase } from '../../fixtures/test-database';
import { createSignedInUser } from '../../fixtures/users';

/** Every entry under `root` (itself included) whose mode lets the group or others in: `path mode`. */
function openToOthers(root: string): string[] {
  const open: string[] = [];
  const walk = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) open.push(`${path.relative(root, entry) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(root);
  return open;
}
const modeOf = (entry: string) => lstatSync(entry).mode & 0o777;

describe('files for the product user alone (issue 38 item 6)', () => {
  const folders: string[] = [];
  const folder = async (name: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), `farmspace-modes-${name}-`));
    folders.push(dir);
    return dir;
  };
  let umask: number;
  beforeEach(() => {
    // What a process started by hand or by most service managers gets: files 0644, folders 0755.
    umask = process.umask(0o022);
  });
  afterEach(() => void process.umask(umask));
  afterAll(async () => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    const owner = await createSignedInUser(t);
    const space = await t.request('/api/spaces', { cookie: owner.cookie, body: validSpaceBody({ title: 'Private roof' }) });
    expect((await uploadPhoto(t, space.json.id, await smallPhoto(90), { cookie: owner.cookie, type: 'image/png', name: 'p.png' })).status).toBe(201);
  });
  afterAll(async () => t?.close());

  it('writes a backup whose folders are 0700 and files 0600, and restores into a data folder of the same modes', async () => {
    const kind = testDatabaseKind();
    const database = kind === 'postgres' ? { kind, url: t.database.url! } : { kind, pglite: (t.database as TestDatabase).pglite! };
    const { archive } = await writeBackup({ database, photos: t.context.photoStorage, directory: await folder('backups') });
    expect(modeOf(archive)).toBe(0o700);
    expect(openToOthers(archive)).toEqual([]);
    const files = readdirSync(path.join(archive, 'photos'));
    expect(files.length).toBeGreaterThan(0);
    const dump = kind === 'postgres' ? 'database.pgdump' : 'database.pglite.tar.gz';
    for (const name of ['manifest.json', dump, `photos/${files[0]}`]) expect(modeOf(path.join(archive, name)), name).toBe(0o600);
    // A PostgreSQL restore writes no files of its own here; the embedded database's does.
    if (kind === 'postgres') return;

    // The restore: PGlite unpacks the tarball with the modes its entries carry; the folder ends 0700/0600.
    const dataDir = path.join(await folder('restore'), 'data');
    const photos = path.join(dataDir, 'photos');
    const restored = await restoreBackup({ archive, database: { kind: 'pglite', dataDir }, photos: createDiskStorage(photos) });
    await restored.pglite?.close();
    expect(readdirSync(dataDir)).toContain('PG_VERSION');
    expect(readdirSync(photos).length).toBe(files.length);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('closes a DATA_DIR open to others at start, folders 0700 and files 0600, and says so', async () => {
    const dataDir = path.join(await folder('data'), 'data');
    mkdirSync(path.join(dataDir, 'base', '1'), { recursive: true, mode: 0o777 });
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'base', '1', '1259'), 'rows', { mode: 0o666 });
    chmodSync(path.join(dataDir, 'base', '1', '1259'), 0o666);
    writeFileSync(path.join(dataDir, 'PG_VERSION'), '17', { mode: 0o644 });
    const warnings: string[] = [];
    keepDataPrivate({ DATA_DIR: dataDir, DATABASE_URL: undefined, S3_ENDPOINT: undefined, S3_BUCKET: undefined }, { warn: (message: unknown) => void warnings.push(String(message)) });
    expect(process.umask()).toBe(0o077);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'base', '1'))).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'base', '1', '1259'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'PG_VERSION'))).toBe(0o600);
    expect(warnings).toEqual([expect.stringMatching(/^DATA_DIR .* could be read by other users of this machine \(it was mode 0755\): 5 of its files and folders were closed to them/)]);
    // Closed already: no warning the next time.
    keepDataPrivate({ DATA_DIR: dataDir, DATABASE_URL: undefined, S3_ENDPOINT: undefined, S3_BUCKET: undefined }, { warn: (message: unknown) => void warnings.push(String(message)) });
    expect(warnings).toHaveLength(1);
  });

  it('stores photo files on disk as 0600 in a 0700 folder', async () => {
    const photos = path.join(await folder('photos'), 'photos');
    const storage = createDiskStorage(photos);
    await storage.put(`${'a'.repeat(64)}-400.jpg`, Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(modeOf(photos)).toBe(0o700);
    expect(modeOf(path.join(photos, `${'a'.repeat(64)}-400.jpg`))).toBe(0o600);
  });

  it('keeps uploads in progress in a 0700 folder of its own user, and refuses one another user made first', async () => {
    const base = await folder('uploads');
    // Ours, but made open (an older version, or by hand): closed before an upload is written into it.
    const ours = path.join(base, 'farmspace-uploads');
    mkdirSync(ours, { mode: 0o777 });
    chmodSync(ours, 0o777);
    await privateUploadFolder(ours);
    expect(modeOf(ours)).toBe(0o700);
    const fresh = path.join(base, 'new', 'farmspace-uploads');
    await privateUploadFolder(fresh);
    expect(modeOf(fresh)).toBe(0o700);
    // Another local user (uid 65534, "nobody") made the shared folder first: no upload is written there.
    const planted = path.join(base, 'planted-uploads');
    mkdirSync(planted, { mode: 0o777 });
    chownSync(planted, 65534, 65534);
    await expect(privateUploadFolder(planted)).rejects.toThrow(/not a folder of this process's user/);
  });
});
