// Each chosen photo is stored once (issue 43 item 1): the uploader sends one Idempotency-Key per file it was
// given, and the API keeps one photo per key and listing — a request sent again (a retry, or Save sending a
// file still on its way) answers the first one's photo, one after the other or both at once; a key whose
// photo was deleted since is refused; a malformed key is a 400 and stores nothing.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_KEY_HEADER } from '#contracts/photos';
import { spacePhotos } from '#db/schema/index';
import { smallPhoto, uploadPhoto } from '../../fixtures/photos';
import { validSpaceBody } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

describe('photo uploads with an idempotency key', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await createSignedInUser(t);
    other = await createSignedInUser(t);
  });
  afterAll(async () => t.close());

  async function newDraft(user = owner): Promise<number> {
    const res = await t.request('/api/spaces', { body: validSpaceBody({ title: 'Roof with photos' }), cookie: user.cookie });
    expect(res.status).toBe(201);
    return res.json.id;
  }
  const livePhotos = (spaceId: number) => t.db.select().from(spacePhotos).where(and(eq(spacePhotos.spaceId, spaceId), isNull(spacePhotos.removedAt)));
  const send = (spaceId: number, color: number, key?: string, user = owner) =>
    uploadPhoto(t, spaceId, Buffer.from(smallPhotos.get(color)!), { cookie: user.cookie, type: 'image/png', name: `p${color}.png`, headers: key ? { [UPLOAD_KEY_HEADER]: key } : {} });
  const smallPhotos = new Map<number, Buffer>();
  beforeAll(async () => {
    for (const color of [10, 20, 30, 40]) smallPhotos.set(color, await smallPhoto(color));
  });

  it('a request sent again with the same key answers the first photo and stores no second one', async () => {
    const id = await newDraft();
    const first = await send(id, 10, 'key-aaaaaaaa-1');
    expect(first.status, first.text).toBe(201);
    const again = await send(id, 10, 'key-aaaaaaaa-1');
    expect(again.status, again.text).toBe(201);
    expect(again.json).toEqual(first.json);
    const other = await send(id, 20, 'key-bbbbbbbb-2');
    expect(other.json.id).not.toBe(first.json.id);
    expect((await livePhotos(id)).map((p) => p.id).sort()).toEqual([first.json.id, other.json.id].sort());
    const space = await t.request(`/api/spaces/${id}`, { cookie: owner.cookie });
    expect(space.json.photos.map((p: { id: string }) => p.id)).toEqual([first.json.id, other.json.id]);
  });

  it('two requests with one key at once store one photo, and both answer it', async () => {
    const id = await newDraft();
    const [a, b] = await Promise.all([send(id, 30, 'key-cccccccc-3'), send(id, 30, 'key-cccccccc-3')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json.id).toBe(b.json.id);
    expect(await livePhotos(id)).toHaveLength(1);
  });

  it('keys are per listing, and another owner cannot read a photo through a key', async () => {
    const mine = await newDraft();
    const theirs = await newDraft(other);
    const first = await send(mine, 10, 'key-dddddddd-4');
    const elsewhere = await send(theirs, 10, 'key-dddddddd-4', other);
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.json.id).not.toBe(first.json.id);
    // Someone else's listing stays "not found", key or not.
    expect((await send(mine, 10, 'key-dddddddd-4', other)).status).toBe(404);
  });

  it('a key whose photo was deleted since is refused (409), and a full listing still answers a repeat', async () => {
    const id = await newDraft();
    const first = await send(id, 40, 'key-eeeeeeee-5');
    expect((await t.request(`/api/spaces/${id}/photos/${first.json.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    const again = await send(id, 40, 'key-eeeeeeee-5');
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/deleted/);
    expect(await livePhotos(id)).toHaveLength(0);
  });

  it('refuses a malformed key with 400 and stores nothing', async () => {
    const id = await newDraft();
    for (const key of ['short', 'x'.repeat(65), 'has spaces in it', '%C3%BCn%C3%AFc-key', '../../etc/passwd']) {
      const res = await uploadPhoto(t, id, Buffer.from(smallPhotos.get(10)!), { cookie: owner.cookie, type: 'image/png', name: 'p.png', headers: { [UPLOAD_KEY_HEADER]: key } });
      expect(res.status, key).toBe(400);
      expect(res.json.message).toMatch(/idempotency-key/);
    }
    expect(await livePhotos(id)).toHaveLength(0);
  });
});
