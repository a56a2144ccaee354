// The spaces calls over HTTP: creating drafts, who may see and change what, and the answers' shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '#api/lib/clock';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { insertSpaces, spaceRow, validSpaceBody } from '../../fixtures/spaces';
import { publishSpace } from '#api/modules/spaces/publish-space';
import { notifySavedSearches } from '#api/modules/saved-searches/saved-search-alerts';

describe('spaces API', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ now: new Date('2026-03-01T12:00:00.000Z') });
    owner = await createSignedInUser(t);
    other = await createSignedInUser(t);
  });
  afterAll(async () => t.close());

  it('refuses to create a space for an anonymous visitor (401)', async () => {
    const res = await t.request('/api/spaces', { body: validSpaceBody() });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('unauthorized');
  });

  it('creates an unpaid draft, answers its id, and keeps it off the public list', async () => {
    const res = await t.request('/api/spaces', { body: validSpaceBody({ paymentType: 'featured_upgrade' }), cookie: owner.cookie });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      id: expect.any(Number),
      status: 'draft',
      hasListingFee: false,
      isFeatured: false,
      ownerId: owner.id,
      pricePerMonth: '1500.00',
      country: 'US',
      currency: 'USD',
      images: ['https://example.com/a.jpg', 'https://example.com/b.jpg'],
      amenities: ['natural_light', 'water_access'],
    });
    const id = res.json.id as number;
    const list = await t.request('/api/spaces?limit=100');
    expect(list.json.map((s: { id: number }) => s.id)).not.toContain(id);
    expect((await t.request(`/api/spaces/${id}`)).status).toBe(404);
    expect((await t.request(`/api/spaces/${id}`, { cookie: other.cookie })).status).toBe(404);
    const own = await t.request(`/api/spaces/${id}`, { cookie: owner.cookie });
    expect(own.status).toBe(200);
    expect(own.json.status).toBe('draft');
  });

  it('strips markup from every text field and drops empty image entries', async () => {
    const res = await t.request('/api/spaces', {
      cookie: owner.cookie,
      body: validSpaceBody({
        title: '<b>Bold</b> roof & <script>alert(1)</script>garden',
        description: '<p>Nice <a href="javascript:x">place</a></p>',
        city: '<i>Portland</i>',
        location: '&lt;img src=x onerror=alert(1)&gt;1 Main St',
        images: ' https://example.com/x.png , ,, http://example.com/y.png ',
      }),
    });
    expect(res.status).toBe(201);
    expect(res.json.title).toBe('Bold roof & garden');
    expect(res.json.description).toBe('Nice place');
    expect(res.json.city).toBe('Portland');
    expect(res.json.location).toBe('1 Main St');
    expect(res.json.images).toEqual(['https://example.com/x.png', 'http://example.com/y.png']);
  });

  it('GET /api/spaces/my lists the caller’s own spaces in every state with a status', async () => {
    const me = await createSignedInUser(t);
    const now = t.clock.now();
    await insertSpaces(t.db, [
      spaceRow(me.id, now, { title: 'Live', hasListingFee: true }),
      spaceRow(me.id, now, { title: 'Paused', hasListingFee: true, isActive: false }),
      spaceRow(me.id, now, { title: 'Expired', hasListingFee: true, expiresAt: new Date(now.getTime() - DAY) }),
      spaceRow(me.id, now, { title: 'Draft', hasListingFee: false }),
    ]);
    const res = await t.request('/api/spaces/my', { cookie: me.cookie });
    expect(res.status).toBe(200);
    const byTitle = Object.fromEntries(res.json.map((s: { title: string; status: string }) => [s.title, s.status]));
    expect(byTitle).toEqual({ Live: 'active', Paused: 'paused', Expired: 'expired', Draft: 'draft' });
    expect((await t.request('/api/spaces/my')).status).toBe(401);
  });

  it('lets only the owner edit, pause, resume and delete; others get 403, unknown ids 404', async () => {
    const created = await t.request('/api/spaces', { cookie: owner.cookie, body: validSpaceBody({ title: 'Mine' }) });
    const id = created.json.id as number;
    await publishSpace(t.db, id, 'listing_fee', t.clock.now(), { onLive: notifySavedSearches });

    expect((await t.request(`/api/spaces/${id}`, { method: 'PATCH', body: { title: 'Hijacked' }, cookie: other.cookie })).status).toBe(403);
    expect((await t.request(`/api/spaces/${id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(403);
    expect((await t.request(`/api/spaces/${id}`, { method: 'PATCH', body: { title: 'Anon' } })).status).toBe(401);
    expect((await t.request(`/api/spaces/${id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await t.request('/api/spaces/99999999', { method: 'PATCH', body: { title: 'x' }, cookie: owner.cookie })).status).toBe(404);
    expect((await t.request('/api/spaces/abc', { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);

    const edited = await t.request(`/api/spaces/${id}`, { method: 'PATCH', body: { title: 'Mine, renamed', pricePerMonth: 2100.5 }, cookie: owner.cookie });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ title: 'Mine, renamed', pricePerMonth: '2100.50', amenities: ['natural_light', 'water_access'], status: 'active' });

    const paused = await t.request(`/api/spaces/${id}`, { method: 'PATCH', body: { isActive: false }, cookie: owner.cookie });
    expect(paused.json.status).toBe('paused');
    expect((await t.request(`/api/spaces/${id}`)).status).toBe(404);
    const resumed = await t.request(`/api/spaces/${id}`, { method: 'PATCH', body: { isActive: true }, cookie: owner.cookie });
    expect(resumed.json.status).toBe('active');
    expect((await t.request(`/api/spaces/${id}`)).status).toBe(200);

    expect((await t.request(`/api/spaces/${id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect((await t.request(`/api/spaces/${id}`, { cookie: owner.cookie })).status).toBe(404);
  });

  it('does not resume a draft (payment publishes it)', async () => {
    const created = await t.request('/api/spaces', { cookie: owner.cookie, body: validSpaceBody() });
    const id = created.json.id as number;
    await t.request(`/api/spaces/${id}`, { method: 'PATCH', body: { isActive: false }, cookie: owner.cookie });
    const res = await t.request(`/api/spaces/${id}`, { method: 'PATCH', body: { isActive: true }, cookie: owner.cookie });
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/Complete payment to publish it/);
  });

  it('never lets anyone change a demonstration listing', async () => {
    const now = t.clock.now();
    const [demo] = await insertSpaces(t.db, [spaceRow(other.id, now, { isDemoListing: true, hasListingFee: false })]);
    expect((await t.request(`/api/spaces/${demo!.id}`, { method: 'PATCH', body: { title: 'x' }, cookie: owner.cookie })).status).toBe(403);
    const pub = await t.request(`/api/spaces/${demo!.id}`);
    expect(pub.status).toBe(200);
    expect(pub.json.isDemoListing).toBe(true);
  });

  it('answers the spec list shape with the count and next cursor in headers', async () => {
    const res = await t.request('/api/spaces?limit=1');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json).toHaveLength(1);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('x-total-count-capped')).toBe('false');
    const space = res.json[0];
    expect(typeof space.pricePerMonth).toBe('string');
    expect(space.pricePerMonth).toMatch(/^\d+\.\d{2}$/);
  });
});
