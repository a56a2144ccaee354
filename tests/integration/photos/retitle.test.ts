// Issue 43 item 14: a listing renamed takes its photos' default descriptions with it ("Old roof – photo 1"
// becomes "New roof – photo 1"), on the listing's answer and in the photo rows; a description the owner wrote
// stays as written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallPhoto, uploadPhoto } from '../../fixtures/photos';
import { validSpaceBody } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

describe('photo descriptions after a rename', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await createSignedInUser(t);
  });
  afterAll(async () => t.close());

  it('the default descriptions follow the new title; one the owner wrote stays', async () => {
    const created = await t.request('/api/spaces', { body: validSpaceBody({ title: 'Old roof' }), cookie: owner.cookie });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    const photos = [];
    for (const color of [10, 20]) {
      const res = await uploadPhoto(t, id, await smallPhoto(color), { cookie: owner.cookie, type: 'image/png', name: `p${color}.png` });
      expect(res.status, res.text).toBe(201);
      photos.push(res.json as { id: string; alt: string });
    }
    expect(photos.map((p) => p.alt)).toEqual(['Old roof – photo 1', 'Old roof – photo 2']);
    const written = await t.request(`/api/spaces/${id}/photos/${photos[1]!.id}`, { method: 'PATCH', body: { alt: 'Old roof seen from the street' }, cookie: owner.cookie });
    expect(written.status, written.text).toBe(200);

    const renamed = await t.request(`/api/spaces/${id}`, { method: 'PATCH', body: { title: 'Sunny harbour roof' }, cookie: owner.cookie });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.photos.map((p: { alt: string }) => p.alt)).toEqual(['Sunny harbour roof – photo 1', 'Old roof seen from the street']);
    const read = await t.request(`/api/spaces/${id}`, { cookie: owner.cookie });
    expect(read.json.photos.map((p: { alt: string }) => p.alt)).toEqual(['Sunny harbour roof – photo 1', 'Old roof seen from the street']);
  });
});
