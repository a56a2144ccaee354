// Two API instances on one PostgreSQL database with S3-compatible storage (s3rver through the AWS SDK):
// a photo uploaded through one is listed and served by the other, and a reorder through the second
// shows on the first at once (the public-read caches follow the database's change notifications).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client';
import { createPostgresDatabase, type TestDatabase } from '../fixtures/test-database';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { createSignedInUser } from '../fixtures/users';
import { insertSpaces, spaceRow } from '../fixtures/spaces';
import { fetchBytes, smallPhoto, uploadPhoto } from '../fixtures/photos';
import { startLocalS3, type LocalS3 } from '../fixtures/s3-server';

describe('photos across two instances (PostgreSQL + S3)', () => {
  let database: TestDatabase;
  let s3: LocalS3;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    s3 = await startLocalS3();
    one = await startTestApp({ database, env: s3.env });
    // The second instance opens its own pool on the same database, as a second process would.
    two = await startTestApp({ database: { ...openDatabase({ databaseUrl: database.url!, poolSize: 3 }), url: database.url }, env: s3.env });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await s3?.close();
  });

  it('serves through the second instance a photo uploaded through the first', async () => {
    const owner = await createSignedInUser(one);
    const [space] = await insertSpaces(one.db, [spaceRow(owner.id, one.clock.now(), { hasListingFee: true })]);
    // Warm the second instance's public cache with the listing before the upload.
    expect((await two.request(`/api/spaces/${space!.id}`)).json.photos).toEqual([]);
    const first = await uploadPhoto(one, space!.id, await smallPhoto(11), { cookie: owner.cookie });
    const second = await uploadPhoto(one, space!.id, await smallPhoto(22), { cookie: owner.cookie });
    expect([first.status, second.status]).toEqual([201, 201]);
    await expect.poll(async () => (await two.request(`/api/spaces/${space!.id}`)).json.photos.map((p: { id: string }) => p.id)).toEqual([first.json.id, second.json.id]);
    const served = await fetchBytes(two, first.json.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.bytes.equals((await fetchBytes(one, first.json.url)).bytes)).toBe(true);
    // The owner reorders through the second instance; the first answers the new order.
    const reordered = await two.request(`/api/spaces/${space!.id}/photos`, { method: 'PATCH', cookie: owner.cookie, body: { cover: second.json.id } });
    expect(reordered.status).toBe(200);
    await expect.poll(async () => (await one.request(`/api/spaces/${space!.id}`)).json.images[0]).toBe(second.json.url);
  });
});
