// The photo calls over HTTP, on local disk and on a local S3-compatible server (s3rver through the real
// AWS SDK): who may upload, what is refused (and that nothing is stored then), processing (sizes,
// formats, no metadata, upright), order, cover, alt text, deletion and the clean-up of files.
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_PHOTOS, PHOTO_FORMATS, photoFileName } from '#contracts/photos';
import { spacePhotos } from '#db/schema/index';
import { startTestApp, type TestApp } from '#tests/fixtures/test-app';
import { createSignedInUser, type TestUser } from '#tests/fixtures/users';
import { insertSpaces, spaceRow, validSpaceBody } from '#tests/fixtures/spaces';
import { EXIF_MARKER, XMP_MARKER, fetchBytes, hugePngHeader, photoWithMetadata, smallPhoto, uploadPhoto } from '#tests/fixtures/photos';
import { startLocalS3, type LocalS3 } from '#tests/fixtures/s3-server';
import { DAY } from '#api/lib/clock';
import { createS3Storage, type PhotoStorage } from '#api/modules/photos/photo-storage';
import { PHOTO_UPLOAD_LIMITS } from '#api/modules/photos/photos.routes';
import { deleteExpiredPhotoFiles, fileNamesOf, PHOTO_FILE_RETENTION_MS } from '#api/modules/photos/photos.service';

async function tempUploads(t: TestApp): Promise<string[]> {
  return readdir(t.context.photoUploadFolder).catch(() => []);
}

describe.each(['disk', 's3'] as const)('photos API on %s storage', (kind) => {
  let t: TestApp;
  let s3: LocalS3 | undefined;
  let owner: TestUser;
  let other: TestUser;
  let storage: PhotoStorage;

  beforeAll(async () => {
    if (kind === 's3') {
      s3 = await startLocalS3();
      storage = createS3Storage({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
      t = await startTestApp({ now: new Date('2026-03-01T12:00:00.000Z'), env: s3.env });
    } else {
      t = await startTestApp({ now: new Date('2026-03-01T12:00:00.000Z') });
      storage = t.context.photoStorage;
    }
    owner = await createSignedInUser(t);
    other = await createSignedInUser(t);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('uses the configured storage', () => {
    expect(t.context.photoStorage.description).toMatch(kind === 's3' ? /^s3 / : /^disk /);
  });

  async function newDraft(user = owner): Promise<number> {
    const res = await t.request('/api/spaces', { body: validSpaceBody({ title: 'Basement farm' }), cookie: user.cookie });
    expect(res.status).toBe(201);
    return res.json.id;
  }

  it('lists every stored file, each once (what a backup copies; docs/decisions/1403)', async () => {
    const id = await newDraft();
    const res = await uploadPhoto(t, id, await smallPhoto(77), { cookie: owner.cookie, type: 'image/png', name: 'p.png' });
    expect(res.status).toBe(201);
    const names: string[] = [];
    for await (const name of storage.list()) names.push(name);
    const made = (res.json.widths as number[]).flatMap((w) => PHOTO_FORMATS.map((format) => photoFileName(res.json.key, w, format)));
    expect(made.length).toBeGreaterThanOrEqual(3);
    expect(names).toEqual(expect.arrayContaining(made));
    expect(new Set(names).size).toBe(names.length);
  });

  it('uploads a photo to a draft: sizes in AVIF, WebP and JPEG, immutable, and leading the space’s images', async () => {
    const id = await newDraft();
    const res = await uploadPhoto(t, id, await photoWithMetadata(2000, 1500), { cookie: owner.cookie });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ id: expect.any(String), width: 1600, height: 1200, widths: [400, 800, 1600], alt: 'Basement farm – photo 1' });
    expect(res.json.url).toBe(`/media/photos/${res.json.key}-1600.jpg`);
    for (const [ext, type] of [['avif', 'image/avif'], ['webp', 'image/webp'], ['jpg', 'image/jpeg']] as const) {
      for (const w of [400, 800, 1600]) {
        const file = await fetchBytes(t, `/media/photos/${res.json.key}-${w}.${ext}`);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe(type);
        expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(file.bytes).metadata();
        expect(meta.width).toBe(w);
      }
    }
    const space = await t.request(`/api/spaces/${id}`, { cookie: owner.cookie });
    expect(space.json.images).toEqual([res.json.url, 'https://example.com/a.jpg', 'https://example.com/b.jpg']);
    expect(space.json.photos).toEqual([res.json]);
    // Sending back the images it read changes only the pasted URLs.
    const patched = await t.request(`/api/spaces/${id}`, { method: 'PATCH', cookie: owner.cookie, body: { images: [...space.json.images, 'https://example.com/c.jpg'] } });
    expect(patched.status).toBe(200);
    expect(patched.json.images).toEqual([res.json.url, 'https://example.com/a.jpg', 'https://example.com/b.jpg', 'https://example.com/c.jpg']);
  });

  it('serves no EXIF or XMP: neither the GPS position nor the marker strings are in any served size', async () => {
    const id = await newDraft();
    const original = await photoWithMetadata(1800, 1200);
    expect(original.includes(XMP_MARKER)).toBe(true);
    expect(original.includes(EXIF_MARKER)).toBe(true);
    // The original's EXIF carries a GPS block (tag 0x8825, the GPS IFD pointer, in either byte order).
    const exif = (await sharp(original).metadata()).exif!;
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const res = await uploadPhoto(t, id, original, { cookie: owner.cookie });
    expect(res.status).toBe(201);
    for (const ext of ['avif', 'webp', 'jpg']) {
      for (const w of res.json.widths) {
        const { bytes } = await fetchBytes(t, `/media/photos/${res.json.key}-${w}.${ext}`);
        expect(bytes.includes(XMP_MARKER)).toBe(false);
        expect(bytes.includes(EXIF_MARKER)).toBe(false);
        expect(bytes.includes('Exif\0')).toBe(false);
        const meta = await sharp(bytes).metadata();
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
      }
    }
  });

  it('turns a sideways phone picture upright (EXIF orientation) before dropping the tag', async () => {
    const id = await newDraft();
    // Stored 1200×800 with orientation 6 (rotate 90°): upright it is 800 wide, 1200 high.
    const res = await uploadPhoto(t, id, await photoWithMetadata(1200, 800, 6), { cookie: owner.cookie });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ width: 800, height: 1200, widths: [400, 800] });
    const meta = await sharp((await fetchBytes(t, `/media/photos/${res.json.key}-800.jpg`)).bytes).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([800, 1200, undefined]);
  });

  it('answers a visitor 401 and someone else 404, for drafts and live listings alike, and stores nothing', async () => {
    const draft = await newDraft();
    const [live] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { hasListingFee: true })]);
    const photo = await smallPhoto();
    for (const id of [draft, live!.id]) {
      expect((await uploadPhoto(t, id, photo)).status).toBe(401);
      const res = await uploadPhoto(t, id, photo, { cookie: other.cookie });
      expect(res.status).toBe(404);
      expect(res.json.message).toBe('Space not found.');
    }
    const own = await uploadPhoto(t, live!.id, photo, { cookie: owner.cookie });
    expect(own.status).toBe(201);
    expect((await t.request(`/api/spaces/${live!.id}/photos`, { method: 'PATCH', cookie: other.cookie, body: { cover: own.json.id } })).status).toBe(404);
    expect((await t.request(`/api/spaces/${live!.id}/photos/${own.json.id}`, { method: 'PATCH', cookie: other.cookie, body: { alt: 'x' } })).status).toBe(404);
    expect((await t.request(`/api/spaces/${live!.id}/photos/${own.json.id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/api/spaces/${live!.id}/photos/${own.json.id}`, { method: 'DELETE' })).status).toBe(401);
    // The public sees the photo on the live listing.
    const pub = await t.request(`/api/spaces/${live!.id}`);
    expect(pub.json.images[0]).toBe(own.json.url);
  });

  it('refuses bad files with a clear 4xx and leaves no file and no row behind', async () => {
    const id = await newDraft();
    const before = await t.db.$count(spacePhotos);
    const jpeg = await photoWithMetadata(800, 600);
    const cases: Array<{ file: Buffer; name: string; type?: string; status: number; message: RegExp }> = [
      { file: Buffer.from('Just some text, not a picture.\n'.repeat(50)), name: 'notes.jpg', status: 415, message: /JPEG, PNG, WebP or AVIF/ },
      { file: jpeg.subarray(0, Math.floor(jpeg.length / 2)), name: 'cut.jpg', status: 400, message: /damaged or incomplete/ },
      { file: hugePngHeader(), name: 'bomb.png', type: 'image/png', status: 413, message: /20000 × 20000 pixels/ },
      { file: Buffer.alloc(0), name: 'empty.jpg', status: 400, message: /empty/ },
      { file: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16 * 1024 * 1024)]), name: 'big.jpg', status: 413, message: /larger than 15 MB/ },
      {
        file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        name: 'x.svg',
        type: 'image/svg+xml',
        status: 415,
        message: /JPEG, PNG, WebP or AVIF/,
      },
    ];
    for (const c of cases) {
      const res = await uploadPhoto(t, id, c.file, { cookie: owner.cookie, name: c.name, type: c.type });
      expect({ name: c.name, status: res.status }).toEqual({ name: c.name, status: c.status });
      expect(res.json.message).toMatch(c.message);
      expect(res.text).not.toMatch(/at \w+ \(|node_modules/);
    }
    const noField = await uploadPhoto(t, id, jpeg, { cookie: owner.cookie, field: 'file' });
    expect(noField.status).toBe(400);
    expect(noField.json.message).toMatch(/field "photo"/);
    const asJson = await t.request(`/api/spaces/${id}/photos`, { cookie: owner.cookie, body: { photo: 'x' } });
    expect(asJson.status).toBe(415);
    expect(await t.db.$count(spacePhotos)).toBe(before);
    expect(await tempUploads(t)).toEqual([]);
    expect((await t.request(`/api/spaces/${id}`, { cookie: owner.cookie })).json.photos).toEqual([]);
  });

  it('answers 400 when the photo worker dies mid-photo, leaves no file and no row behind, and the next photo gets a new worker', async () => {
    const id = await newDraft();
    const before = await t.db.$count(spacePhotos);
    const file = await photoWithMetadata(2400, 1800);
    const key = createHash('sha256').update(file).digest('hex');
    // Every worker there is dies until the answer comes, so the one given this photo dies with it.
    const killer = setInterval(() => {
      for (const pid of t.context.photoProcessor.pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    }, 5);
    const res = await uploadPhoto(t, id, file, { cookie: owner.cookie }).finally(() => clearInterval(killer));
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/could not be processed/);
    expect(await t.db.$count(spacePhotos)).toBe(before);
    expect(await tempUploads(t)).toEqual([]);
    for (const format of PHOTO_FORMATS) expect(await storage.exists(photoFileName(key, 400, format))).toBe(false);
    const again = await uploadPhoto(t, id, file, { cookie: owner.cookie });
    expect(again.status).toBe(201);
    expect(await storage.exists(photoFileName(key, 400, 'jpeg'))).toBe(true);
  });

  it('takes 12 photos and refuses the 13th (409), keeping the files of the 12 only', async () => {
    const id = await newDraft();
    for (let i = 0; i < MAX_PHOTOS; i++) expect((await uploadPhoto(t, id, await smallPhoto(i * 10), { cookie: owner.cookie })).status).toBe(201);
    const res = await uploadPhoto(t, id, await smallPhoto(250), { cookie: owner.cookie });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('A listing can have at most 12 photos. Delete one to add another.');
    const thirteenth = await sharp(await smallPhoto(250)).metadata();
    expect(thirteenth.width).toBe(160);
    const space = await t.request(`/api/spaces/${id}`, { cookie: owner.cookie });
    expect(space.json.photos).toHaveLength(MAX_PHOTOS);
  });

  it('reorders, sets the cover, edits alt text and deletes; refuses another listing’s photo ids', async () => {
    const id = await newDraft();
    const otherId = await newDraft();
    const ids: string[] = [];
    for (const c of [10, 20, 30]) ids.push((await uploadPhoto(t, id, await smallPhoto(c), { cookie: owner.cookie })).json.id);
    const foreign = (await uploadPhoto(t, otherId, await smallPhoto(40), { cookie: owner.cookie })).json.id;

    const reordered = await t.request(`/api/spaces/${id}/photos`, { method: 'PATCH', cookie: owner.cookie, body: { order: [ids[2], ids[0], ids[1]] } });
    expect(reordered.status).toBe(200);
    expect(reordered.json.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[0], ids[1]]);
    const cover = await t.request(`/api/spaces/${id}/photos`, { method: 'PATCH', cookie: owner.cookie, body: { cover: ids[1] } });
    expect(cover.json.map((p: { id: string }) => p.id)).toEqual([ids[1], ids[2], ids[0]]);
    const space = await t.request(`/api/spaces/${id}`, { cookie: owner.cookie });
    expect(space.json.photos.map((p: { id: string }) => p.id)).toEqual([ids[1], ids[2], ids[0]]);
    expect(space.json.images[0]).toBe(cover.json[0].url);

    for (const body of [{ order: [ids[0], ids[1], foreign] }, { cover: foreign }, { order: [ids[0], ids[1]] }, { order: [ids[0], ids[0], ids[1]] }, { order: ['nope'] }, {}]) {
      const bad = await t.request(`/api/spaces/${id}/photos`, { method: 'PATCH', cookie: owner.cookie, body });
      expect(bad.status).toBe(400);
      expect(bad.json.message.length).toBeGreaterThan(5);
    }
    expect((await t.request(`/api/spaces/${otherId}`, { cookie: owner.cookie })).json.photos.map((p: { id: string }) => p.id)).toEqual([foreign]);
    expect((await t.request(`/api/spaces/${id}/photos/${foreign}`, { method: 'PATCH', cookie: owner.cookie, body: { alt: 'x' } })).status).toBe(404);

    const alt = await t.request(`/api/spaces/${id}/photos/${ids[0]}`, { method: 'PATCH', cookie: owner.cookie, body: { alt: '  The <b>loading</b> dock ' } });
    expect(alt.status).toBe(200);
    expect(alt.json.alt).toBe('The loading dock');
    expect((await t.request(`/api/spaces/${id}/photos/${ids[0]}`, { method: 'PATCH', cookie: owner.cookie, body: { alt: '' } })).status).toBe(400);
    expect((await t.request(`/api/spaces/${id}/photos/${ids[0]}`, { method: 'PATCH', cookie: owner.cookie, body: { alt: 'x'.repeat(301) } })).status).toBe(400);

    expect((await t.request(`/api/spaces/${id}/photos/${ids[1]}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect((await t.request(`/api/spaces/${id}/photos/${ids[1]}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
    const after = await t.request(`/api/spaces/${id}`, { cookie: owner.cookie });
    expect(after.json.photos.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[0]]);
  });

  it('deletes the files of a deleted photo and of a deleted draft after the retention, not before', async () => {
    const id = await newDraft();
    const kept = await uploadPhoto(t, id, await smallPhoto(201), { cookie: owner.cookie });
    const gone = await uploadPhoto(t, id, await smallPhoto(202), { cookie: owner.cookie });
    const draft = await newDraft();
    const ofDraft = await uploadPhoto(t, draft, await smallPhoto(203), { cookie: owner.cookie });
    expect((await t.request(`/api/spaces/${id}/photos/${gone.json.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect((await t.request(`/api/spaces/${draft}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    const filesOf = (p: { key: string; widths: number[] }) => fileNamesOf(p.key, p.widths);

    await deleteExpiredPhotoFiles({ db: t.db, storage, now: t.clock.now() });
    for (const name of [...filesOf(gone.json), ...filesOf(ofDraft.json)]) expect(await storage.exists(name)).toBe(true);
    expect((await fetchBytes(t, gone.json.url)).status).toBe(200);

    const later = new Date(t.clock.now().getTime() + PHOTO_FILE_RETENTION_MS + DAY);
    await deleteExpiredPhotoFiles({ db: t.db, storage, now: later });
    for (const name of [...filesOf(gone.json), ...filesOf(ofDraft.json)]) expect(await storage.exists(name)).toBe(false);
    for (const name of filesOf(kept.json)) expect(await storage.exists(name)).toBe(true);
    expect((await fetchBytes(t, gone.json.url)).status).toBe(404);
    expect(await t.db.$count(spacePhotos, eq(spacePhotos.id, gone.json.id))).toBe(0);
  });

  it('keeps the files two listings share until neither names them', async () => {
    const a = await newDraft();
    const b = await newDraft();
    const bytes = await smallPhoto(77);
    const pa = await uploadPhoto(t, a, bytes, { cookie: owner.cookie });
    const pb = await uploadPhoto(t, b, bytes, { cookie: owner.cookie });
    expect(pa.json.key).toBe(pb.json.key);
    await t.request(`/api/spaces/${a}/photos/${pa.json.id}`, { method: 'DELETE', cookie: owner.cookie });
    await deleteExpiredPhotoFiles({ db: t.db, storage, now: new Date(t.clock.now().getTime() + PHOTO_FILE_RETENTION_MS + DAY) });
    for (const name of fileNamesOf(pb.json.key, pb.json.widths)) expect(await storage.exists(name)).toBe(true);
  });

  it('answers 404 for file names that are not photos', async () => {
    for (const name of ['../../etc/passwd', 'x.jpg', `${'a'.repeat(64)}-400.gif`, `${'a'.repeat(64)}-400.jpg`]) {
      expect((await fetchBytes(t, `/media/photos/${encodeURIComponent(name)}`)).status).toBe(404);
    }
  });
});

// The limits are counted before the upload is read, so the requests that fill them go to a listing that
// does not exist (404, fast); the one over the limit goes to a real draft and must store nothing.
describe('photo upload limits (per address and per account)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ now: new Date('2026-03-01T12:00:00.000Z'), env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t.close());

  async function refusedAndNothingStored(res: Awaited<ReturnType<typeof uploadPhoto>>, draft: number, cookie: string, message: string) {
    expect(res.status).toBe(429);
    expect(res.json.message).toBe(message);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.request(`/api/spaces/${draft}`, { cookie })).json.photos).toEqual([]);
    expect(await t.db.$count(spacePhotos, eq(spacePhotos.spaceId, draft))).toBe(0);
  }

  it(`refuses upload number ${PHOTO_UPLOAD_LIMITS.perAccount.max + 1} of one account within the window, from any address, with 429`, async () => {
    const rule = PHOTO_UPLOAD_LIMITS.perAccount;
    const owner = await createSignedInUser(t);
    const draft = (await t.request('/api/spaces', { body: validSpaceBody({ title: 'Busy roof' }), cookie: owner.cookie })).json.id as number;
    const photo = await smallPhoto();
    // A new address each time: only the account's count can refuse.
    const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i % 250}` });
    for (let i = 0; i < rule.max; i++) expect((await uploadPhoto(t, 999_999, photo, { cookie: owner.cookie, headers: from(i) })).status).toBe(404);
    const over = await uploadPhoto(t, draft, photo, { cookie: owner.cookie, headers: from(rule.max) });
    await refusedAndNothingStored(over, draft, owner.cookie, rule.message);
    expect(await tempUploads(t)).toEqual([]);
    // Another account is not affected; the window ends and the owner uploads again.
    const neighbour = await createSignedInUser(t);
    const theirs = (await t.request('/api/spaces', { body: validSpaceBody({ title: 'Quiet roof' }), cookie: neighbour.cookie })).json.id as number;
    expect((await uploadPhoto(t, theirs, photo, { cookie: neighbour.cookie, headers: from(7) })).status).toBe(201);
    t.clock.advance(rule.windowMs + 1000);
    expect((await uploadPhoto(t, draft, photo, { cookie: owner.cookie, headers: from(8) })).status).toBe(201);
  });

  it(`refuses upload number ${PHOTO_UPLOAD_LIMITS.perAddress.max + 1} from one address within the window, whatever the account, with 429`, async () => {
    const rule = PHOTO_UPLOAD_LIMITS.perAddress;
    const address = { 'x-forwarded-for': '203.0.113.77' };
    const photo = await smallPhoto();
    // Several accounts behind one address (an office, a phone network), each under its own limit.
    const perAccount = PHOTO_UPLOAD_LIMITS.perAccount.max - 1;
    let sent = 0;
    while (sent < rule.max) {
      const user = await createSignedInUser(t);
      for (let i = 0; i < perAccount && sent < rule.max; i++, sent++) expect((await uploadPhoto(t, 999_999, photo, { cookie: user.cookie, headers: address })).status).toBe(404);
    }
    const owner = await createSignedInUser(t);
    const draft = (await t.request('/api/spaces', { body: validSpaceBody({ title: 'Shared roof' }), cookie: owner.cookie })).json.id as number;
    const over = await uploadPhoto(t, draft, photo, { cookie: owner.cookie, headers: address });
    await refusedAndNothingStored(over, draft, owner.cookie, rule.message);
    // The same owner from another address is not refused.
    expect((await uploadPhoto(t, draft, photo, { cookie: owner.cookie, headers: { 'x-forwarded-for': '203.0.113.78' } })).status).toBe(201);
  });
});
