// Issue 28, public profiles, over HTTP against a real database (PGlite here, PostgreSQL in CI): a profile shows
// a first name and an initial, never an e-mail or surname; the owner's response figures come from their real
// replies in the last 90 days and show from 3 inquiries on; a suspended, closed or private account's profile is
// 404 to others; bad input is a 400 that writes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_TEXTS } from '#contracts/profiles';
import { profiles, users } from '#db/schema/index';
import { HOUR, DAY } from '#api/lib/clock';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { EXIF_MARKER, fetchBytes, photoWithMetadata, smallPhoto, uploadAvatar, uploadPhoto, XMP_MARKER } from '../../fixtures/photos';

describe('public profiles', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;
  let spaceId: number;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createSignedInUser(t, { firstName: 'Olive', lastName: 'owens', verified: true });
    farmer = await createSignedInUser(t, { firstName: 'Fern', lastName: 'Farmer', verified: true });
    await t.db.update(users).set({ userType: 'landlord' }).where(eq(users.id, owner.id));
    await t.db.update(users).set({ userType: 'farmer' }).where(eq(users.id, farmer.id));
    const now = t.clock.now();
    [spaceId] = (await insertSpaces(t.db, [spaceRow(owner.id, now, { title: 'Sunny rooftop', hasListingFee: true, expiresAt: new Date(now.getTime() + 365 * DAY) }), spaceRow(owner.id, now, { title: 'Unpaid draft', hasListingFee: false })])).map((s) => s.id) as [number];
  });
  afterAll(async () => t.close());

  it('shows a first name and an initial, live listings only, and never an e-mail or surname', async () => {
    const res = await t.request(`/api/users/${owner.id}/profile`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: owner.id, firstName: 'Olive', lastInitial: 'O', role: 'landlord', about: '', avatarUrl: null, verified: { email: true }, reviews: { average: null, count: 0, items: [] } });
    expect(res.json.listings.map((l: { title: string }) => l.title)).toEqual(['Sunny rooftop']);
    expect(res.json).not.toHaveProperty('growing');
    expect(res.json).not.toHaveProperty('responseRate');
    expect(res.text).not.toContain(owner.email);
    expect(res.text).not.toContain('owens');
  });

  it('saves what a farmer writes, markup stripped, and shows it', async () => {
    const body = { about: 'I grow <b>greens</b> for restaurants.', crops: 'Basil, pea shoots', growingSystems: ['microgreens_racks', 'nft_racks', 'nft_racks'], experienceYears: 6, website: 'https://fern.example/farm' };
    const saved = await t.request('/api/profile', { method: 'PUT', cookie: farmer.cookie, body });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ about: 'I grow greens for restaurants.', crops: 'Basil, pea shoots', growingSystems: ['microgreens_racks', 'nft_racks'], experienceYears: 6, website: 'https://fern.example/farm', avatarUrl: null });
    expect((await t.request('/api/profile', { cookie: farmer.cookie })).json).toEqual(saved.json);
    const shown = await t.request(`/api/users/${farmer.id}/profile`);
    expect(shown.json).toMatchObject({ role: 'farmer', about: 'I grow greens for restaurants.', growing: { crops: 'Basil, pea shoots', systems: ['microgreens_racks', 'nft_racks'], experienceYears: 6, website: 'https://fern.example/farm' } });
    // Empty text clears a field.
    const cleared = await t.request('/api/profile', { method: 'PUT', cookie: farmer.cookie, body: { ...body, website: '' } });
    expect(cleared.json.website).toBeNull();
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const before = await t.db.select().from(profiles).where(eq(profiles.userId, farmer.id));
    const valid = { about: '', crops: '', growingSystems: [], experienceYears: null, website: '' };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...valid, experienceYears: -1 }, /cannot be negative/],
      [{ ...valid, experienceYears: 2.5 }, /whole number/],
      [{ ...valid, website: 'javascript:alert(1)' }, /https:\/\//],
      [{ ...valid, growingSystems: ['moon_farm'] }, /Growing systems must be among/],
      [{ ...valid, about: 'x'.repeat(601) }, /at most 600/],
      [{ about: 'only this' }, /./],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('/api/profile', { method: 'PUT', cookie: farmer.cookie, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.text).toMatch(message);
    }
    expect((await t.request('/api/profile', { method: 'PUT', body: valid })).status).toBe(401);
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, farmer.id))).toEqual(before);
  });

  it('counts the owner’s replies to inquiries of the last 90 days, shown from 3 on', async () => {
    // An inquiry 100 days ago, never answered: outside the window.
    const old = await createSignedInUser(t, { verified: true });
    expect((await t.request('/api/conversations', { cookie: old.cookie, body: { spaceId, content: 'Is it still free?' } })).status).toBe(201);
    t.clock.advance(100 * DAY);
    const farmers = [await createSignedInUser(t, { verified: true }), await createSignedInUser(t, { verified: true })];
    const replyAfter = async (who: TestUser, hours: number | null) => {
      const opened = await t.request('/api/conversations', { cookie: who.cookie, body: { spaceId, content: 'Hello, is the rooftop available?' } });
      expect(opened.status).toBe(201);
      if (hours === null) return;
      t.clock.advance(hours * HOUR);
      expect((await t.request(`/api/conversations/${opened.json.conversationId}/messages`, { cookie: owner.cookie, body: { content: 'Yes, it is.' } })).status).toBe(201);
    };
    await replyAfter(farmers[0]!, 2);
    await replyAfter(farmers[1]!, 6);
    // Two inquiries in the window: not yet shown.
    expect((await t.request(`/api/users/${owner.id}/profile`)).json).not.toHaveProperty('responseRate');
    await replyAfter(farmer, null);
    const res = await t.request(`/api/users/${owner.id}/profile`);
    expect(res.json).toMatchObject({ responseRate: 67, responseTimeHours: 4 });
  });

  it('is 404 to others when suspended, private or closed; the person still sees their own while private', async () => {
    const person = await createSignedInUser(t, { verified: true });
    const others = () => t.request(`/api/users/${person.id}/profile`, { cookie: farmer.cookie });
    expect((await others()).status).toBe(200);
    await t.db.update(users).set({ preferences: { publicProfile: false } }).where(eq(users.id, person.id));
    expect((await others()).status).toBe(404);
    expect((await others()).json.message).toBe(PROFILE_TEXTS.notFound);
    expect((await t.request(`/api/users/${person.id}/profile`, { cookie: person.cookie })).status).toBe(200);
    await t.db.update(users).set({ preferences: {}, suspendedAt: t.clock.now() }).where(eq(users.id, person.id));
    expect((await others()).status).toBe(404);
    await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, person.id));
    await t.request('/api/profile', { method: 'PUT', cookie: person.cookie, body: { about: 'Soon gone.', crops: '', growingSystems: [], experienceYears: null, website: '' } });
    expect((await t.request('/api/account', { method: 'DELETE', cookie: person.cookie, body: { password: person.password } })).status).toBe(200);
    expect((await others()).status).toBe(404);
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, person.id)), 'what they wrote about themselves went with the account').toEqual([]);
    for (const id of ['0', 'abc', '99999999']) expect((await t.request(`/api/users/${id}/profile`)).status).toBe(404);
  });
});

describe('profile pictures', () => {
  let t: TestApp;
  let person: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    person = await createSignedInUser(t, { firstName: 'Pia', verified: true });
  });
  afterAll(async () => t.close());

  it('go through the photo pipeline: metadata stripped, shown on the profile; a new one replaces the old files; removing deletes them', async () => {
    const first = await uploadAvatar(t, await photoWithMetadata(1200, 900), { cookie: person.cookie });
    expect(first.status, first.text).toBe(200);
    const url: string = first.json.avatarUrl;
    expect(url).toMatch(/^\/media\/photos\/[0-9a-f]{64}-400\.jpg$/);
    const file = await fetchBytes(t, url);
    expect(file.status).toBe(200);
    expect(file.bytes.includes(Buffer.from(EXIF_MARKER)), 'EXIF gone').toBe(false);
    expect(file.bytes.includes(Buffer.from(XMP_MARKER)), 'XMP gone').toBe(false);
    expect((await t.request(`/api/users/${person.id}/profile`)).json.avatarUrl).toBe(url);

    const second = await uploadAvatar(t, await smallPhoto(30), { cookie: person.cookie, type: 'image/png', name: 'me.png' });
    expect(second.status).toBe(200);
    expect(second.json.avatarUrl).not.toBe(url);
    expect((await fetchBytes(t, url)).status, 'the replaced picture’s files are gone').toBe(404);
    const again = await uploadAvatar(t, await smallPhoto(30), { cookie: person.cookie, type: 'image/png', name: 'me-again.png' });
    expect(again.json.avatarUrl, 'the same picture again: the same files').toBe(second.json.avatarUrl);
    expect((await fetchBytes(t, second.json.avatarUrl)).status, 'and they are kept').toBe(200);

    expect((await t.request('/api/profile/avatar', { method: 'DELETE', cookie: person.cookie })).status).toBe(204);
    expect((await t.request('/api/profile', { cookie: person.cookie })).json.avatarUrl).toBeNull();
    expect((await fetchBytes(t, second.json.avatarUrl)).status).toBe(404);
  });

  it('never shares files with a listing photo of the same picture', async () => {
    const picture = await smallPhoto(77);
    const spaceId = (await insertSpaces(t.db, [spaceRow(person.id, t.clock.now(), { hasListingFee: false })]))[0]!.id;
    const listed = await uploadPhoto(t, spaceId, picture, { cookie: person.cookie, type: 'image/png', name: 'roof.png' });
    expect(listed.status, listed.text).toBe(201);
    const avatar = await uploadAvatar(t, picture, { cookie: person.cookie, type: 'image/png', name: 'me.png' });
    expect(avatar.json.avatarUrl.slice(0, 80)).not.toContain(listed.json.key);
    expect((await t.request('/api/profile/avatar', { method: 'DELETE', cookie: person.cookie })).status).toBe(204);
    expect((await fetchBytes(t, listed.json.url)).status, 'the listing photo stays').toBe(200);
  });

  it('refuses what is not a picture, and a visitor, writing nothing', async () => {
    const before = await t.db.select().from(profiles).where(eq(profiles.userId, person.id));
    const text = await uploadAvatar(t, Buffer.from('not a picture at all'), { cookie: person.cookie, type: 'text/plain', name: 'x.txt' });
    expect([400, 415]).toContain(text.status);
    expect(text.json.message).toMatch(/JPEG, PNG, WebP or AVIF/);
    expect((await uploadAvatar(t, await smallPhoto())).status).toBe(401);
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, person.id))).toEqual(before);
  });

  it('goes with a closed account, files and all', async () => {
    const leaving = await createSignedInUser(t, { verified: true });
    const uploaded = await uploadAvatar(t, await smallPhoto(200), { cookie: leaving.cookie, type: 'image/png', name: 'me.png' });
    expect(uploaded.status).toBe(200);
    expect((await t.request('/api/account', { method: 'DELETE', cookie: leaving.cookie, body: { password: leaving.password } })).status).toBe(200);
    expect((await fetchBytes(t, uploaded.json.avatarUrl)).status).toBe(404);
  });
});
