// Saved searches end to end through the API and the jobs, with the clock moved: a listing published to
// matching searches writes exactly one e-mail per search, none for a search it does not match, none
// after unsubscribe, and several matches in a day go out as one digest the next day.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearch } from '#contracts/saved-searches';
import { savedSearchMatches } from '#db/schema/index';
import { deliverEmails } from '../../fixtures/outbox';
import { validSpaceBody } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { DAY, HOUR } from '#api/lib/clock';
import { publishSpace } from '#api/modules/spaces/publish-space';
import { notifySavedSearches, sendSavedSearchAlerts } from '#api/modules/saved-searches/saved-search-alerts';

describe('saved searches', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ now: new Date('2026-06-01T08:00:00.000Z') });
    owner = await createSignedInUser(t);
    farmer = await createSignedInUser(t, { firstName: 'Fern' });
    other = await createSignedInUser(t);
  });
  afterAll(async () => t.close());

  const save = async (user: TestUser, name: string, query: string) => {
    const res = await t.request('/api/saved-searches', { method: 'POST', cookie: user.cookie, body: { name, query } });
    expect(res.status, res.text).toBe(201);
    return res.json as SavedSearch;
  };
  const publish = async (fields: Record<string, unknown>) => {
    const res = await t.request('/api/spaces', { method: 'POST', cookie: owner.cookie, body: validSpaceBody(fields) });
    expect(res.status, res.text).toBe(201);
    await t.db.transaction((tx) => publishSpace(tx, res.json.id, 'listing_fee', t.clock.now(), { onLive: notifySavedSearches }));
    return res.json.id as number;
  };
  const alertsTo = async (email: string) => {
    await sendSavedSearchAlerts(t.context);
    return (await deliverEmails(t)).filter((m) => m.to === email);
  };

  it('creates, lists, renames and deletes, for the signed-in owner only', async () => {
    const anon = await t.request('/api/saved-searches', { method: 'POST', body: { name: 'x', query: '' } });
    expect(anon.status).toBe(401);
    const bad = await t.request('/api/saved-searches', { method: 'POST', cookie: other.cookie, body: { name: ' ', query: 'minCeilingM=300' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('name: Name is required');
    const badQuery = await t.request('/api/saved-searches', { method: 'POST', cookie: other.cookie, body: { name: 'Tall', query: 'minCeilingM=300' } });
    expect(badQuery.json.message).toBe('minCeilingM: must be at most 30');
    const s = await save(other, 'Tall rooms', 'minCeilingM=4&sort=price_asc&cursor=abc');
    expect(s).toMatchObject({ name: 'Tall rooms', query: 'minCeilingM=4', alertsOn: true });
    expect((await t.request(`/api/saved-searches/${s.id}`, { method: 'PATCH', cookie: farmer.cookie, body: { name: 'Mine' } })).status).toBe(404);
    const renamed = await t.request(`/api/saved-searches/${s.id}`, { method: 'PATCH', cookie: other.cookie, body: { name: 'Very tall rooms' } });
    expect(renamed.json.name).toBe('Very tall rooms');
    expect((await t.request('/api/saved-searches', { cookie: other.cookie })).json.map((x: SavedSearch) => x.name)).toEqual(['Very tall rooms']);
    expect((await t.request(`/api/saved-searches/${s.id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(204);
    expect((await t.request('/api/saved-searches', { cookie: other.cookie })).json).toEqual([]);
  });

  it('one e-mail per matching search, none for the others, one digest for several matches in a day, none after unsubscribe', async () => {
    const nft = await save(farmer, 'Portland NFT', 'city=Portland&minCeilingM=3&water=tap&system=nft_racks');
    await save(other, 'Berlin only', 'city=Berlin');
    const allOther = await save(other, 'Any 24/7', 'access24h=true');

    t.clock.advance(HOUR);
    const first = await publish({ ceilingHeightM: 3.6, water: 'dedicated', floorDrain: true, floorLoadKgM2: 600 });
    const mails = await alertsTo(farmer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Portland NFT');
    expect(mails[0]!.text).toContain(`/spaces/${first}`);
    expect(mails[0]!.text).toMatch(/for NFT hydroponic racks/);
    expect(mails[0]!.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/saved-searches\/unsubscribe\?token=[\w-]+>$/);
    expect(mails[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Neither of the other user's searches matches (Berlin; not 24/7).
    expect(await alertsTo(other.email)).toHaveLength(0);
    // Running the job again writes nothing more.
    expect(await sendSavedSearchAlerts(t.context)).toBe(0);

    // Two more matches the same day: no e-mail now, one digest a day after the first alert.
    t.clock.advance(2 * HOUR);
    const second = await publish({ ceilingHeightM: 4, water: 'tap', title: 'Second roof' });
    t.clock.advance(HOUR);
    const third = await publish({ ceilingHeightM: 5, water: 'tap', title: 'Third roof', access24h: true });
    await publish({ ceilingHeightM: 2.5, water: 'tap', title: 'Too low' });
    const before = (await deliverEmails(t)).length;
    expect(await sendSavedSearchAlerts(t.context)).toBe(1); // only the 24/7 search of the other user
    const afterSameDay = await deliverEmails(t);
    expect(afterSameDay.length - before).toBe(1);
    expect(afterSameDay[0]!.to).toBe(other.email);
    expect(afterSameDay[0]!.subject).toContain('Third roof');

    t.clock.advance(DAY);
    const digest = await alertsTo(farmer.email);
    expect(digest).toHaveLength(2);
    expect(digest[0]!.subject).toBe('2 new spaces for “Portland NFT”');
    expect(digest[0]!.text).toContain(`/spaces/${second}`);
    expect(digest[0]!.text).toContain(`/spaces/${third}`);
    expect(digest[0]!.text).not.toContain('Too low');

    // One click on the link unsubscribes; later matches write nothing.
    const unsubscribeUrl = /Stop these alerts with one click: (\S+)/.exec(digest[0]!.text)![1]!;
    const page = await fetch(unsubscribeUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('You will no longer get e-mails for your saved search “Portland NFT”');
    expect((await t.request('/api/saved-searches', { cookie: farmer.cookie })).json.find((s: SavedSearch) => s.id === nft.id).alertsOn).toBe(false);
    // The mail client's one-click POST (RFC 8058) works without an Origin and is harmless when repeated.
    const post = await fetch(unsubscribeUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(post.status).toBe(200);
    t.clock.advance(2 * DAY);
    await publish({ ceilingHeightM: 6, water: 'dedicated', title: 'After unsubscribe' });
    t.clock.advance(2 * DAY);
    expect(await alertsTo(farmer.email)).toHaveLength(2);
    expect(allOther.alertsOn).toBe(true);
  });

  it('sends no alert while the e-mail notifications switch is off, and drops the matches made meanwhile', async () => {
    const quiet = await createSignedInUser(t, { firstName: 'Quinn' });
    const notifications = async (emailNotifications: boolean) => {
      const res = await t.request('/api/auth/notifications', {
        method: 'PATCH',
        cookie: quiet.cookie,
        body: { emailNotifications, smsNotifications: false, inquiryAlerts: true, marketingEmails: false },
      });
      expect(res.status, res.text).toBe(200);
    };
    const search = await save(quiet, 'Quiet Salem', 'city=Salem');
    await notifications(false);
    t.clock.advance(2 * DAY);
    const whileOff = await publish({ city: 'Salem', title: 'Salem barn while off' });
    expect(await alertsTo(quiet.email)).toHaveLength(0);
    const pending = await t.db
      .select()
      .from(savedSearchMatches)
      .where(and(eq(savedSearchMatches.savedSearchId, search.id), isNull(savedSearchMatches.emailedAt)));
    expect(pending).toEqual([]);

    // Back on: the listing matched while off is not sent late; a new match is.
    await notifications(true);
    t.clock.advance(2 * DAY);
    expect(await alertsTo(quiet.email)).toHaveLength(0);
    const afterOn = await publish({ city: 'Salem', title: 'Salem barn after on' });
    const mails = await alertsTo(quiet.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/spaces/${afterOn}`);
    expect(mails[0]!.text).not.toContain(`/spaces/${whileOff}`);
  });

  it('keeps the picked growing system in the preferences, and a settings save keeps it', async () => {
    const res = await t.request('/api/growing-system', { method: 'PUT', cookie: farmer.cookie, body: { system: 'nft_racks' } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.user.preferences.growingSystem).toBe('nft_racks');
    const settings = await t.request('/api/auth/preferences', { method: 'PATCH', cookie: farmer.cookie, body: { language: 'fr', currency: 'EUR', publicProfile: true, showContactInfo: false } });
    expect(settings.status, settings.text).toBe(200);
    expect(settings.json.user.preferences).toMatchObject({ language: 'fr', growingSystem: 'nft_racks' });
    const bad = await t.request('/api/growing-system', { method: 'PUT', cookie: farmer.cookie, body: { system: 'hay' } });
    expect(bad.status).toBe(400);
  });
});
