// The listing lifecycle (spec 4): draft → paid (publishSpace) → live 30 days → archived by the expiry job,
// exactly once even when two job runners (two database handles on PostgreSQL) run at the same moment.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client';
import { archivedSpaces, spaces } from '#db/schema/index';
import { insertSpaces, spaceRow, validSpaceBody } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { DAY } from '#api/lib/clock';
import { expireListings } from '#api/modules/spaces/expire-listings';
import { publishSpace } from '#api/modules/spaces/publish-space';
import { notifySavedSearches } from '#api/modules/saved-searches/saved-search-alerts';

describe('listing lifecycle', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ now: new Date('2026-04-01T09:00:00.000Z') });
    owner = await createSignedInUser(t);
  });
  afterAll(async () => t.close());

  async function createDraft(title: string): Promise<number> {
    const res = await t.request('/api/spaces', { cookie: owner.cookie, body: validSpaceBody({ title }) });
    expect(res.status).toBe(201);
    return res.json.id as number;
  }
  const publicIds = async () => ((await t.request('/api/spaces?limit=100')).json as { id: number }[]).map((s) => s.id);

  it('publishes for 30 days; Premium features it; a second call changes nothing more', async () => {
    const standard = await createDraft('Standard listing');
    const premium = await createDraft('Premium listing');
    const publishedAt = t.clock.now();
    const first = await publishSpace(t.db, standard, 'listing_fee', publishedAt, { onLive: notifySavedSearches });
    expect(first).toMatchObject({ hasListingFee: true, isActive: true, isFeatured: false, featuredUntil: null, expiresAt: new Date(publishedAt.getTime() + 30 * DAY).toISOString() });
    const p1 = await publishSpace(t.db, premium, 'featured_upgrade', publishedAt, { onLive: notifySavedSearches });
    expect(p1).toMatchObject({ isFeatured: true, featuredUntil: new Date(publishedAt.getTime() + 30 * DAY).toISOString() });

    t.clock.advance(DAY);
    const again = await publishSpace(t.db, premium, 'featured_upgrade', t.clock.now(), { onLive: notifySavedSearches });
    expect(again.expiresAt).toBe(p1.expiresAt);
    expect(again.featuredUntil).toBe(p1.featuredUntil);
    expect(again.updatedAt).toBe(p1.updatedAt);
    expect(await publicIds()).toEqual(expect.arrayContaining([standard, premium]));

    const featured = await t.request('/api/spaces?featured=true');
    expect(featured.json.map((s: { id: number }) => s.id)).toContain(premium);
    expect(featured.json.map((s: { id: number }) => s.id)).not.toContain(standard);
  });

  it('31 days later: archived exactly once with two job runners, off the public list, featured ended', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await createDraft(`Expiring ${i}`));
    for (const id of ids) await publishSpace(t.db, id, i(id) ? 'featured_upgrade' : 'listing_fee', t.clock.now(), { onLive: notifySavedSearches });
    // A listing published later must survive the same run.
    const now = t.clock.now();
    const [later] = await insertSpaces(t.db, [spaceRow(owner.id, now, { title: 'Later', expiresAt: new Date(now.getTime() + 40 * DAY) })]);
    expect(await publicIds()).toEqual(expect.arrayContaining(ids));

    t.clock.advance(31 * DAY);
    expect(await publicIds()).not.toEqual(expect.arrayContaining([ids[0]]));

    // Two runners, as two API instances would be: on PostgreSQL each has its own connection pool.
    const second = t.database.url ? openDatabase({ databaseUrl: t.database.url, poolSize: 2 }) : undefined;
    try {
      const results = await Promise.all([
        expireListings(t.db, t.clock.now()),
        expireListings(second?.db ?? t.db, t.clock.now()),
        expireListings(t.db, t.clock.now()),
      ]);
      const archived = await t.db.select().from(archivedSpaces);
      const archivedIds = archived.map((a) => a.originalId);
      for (const id of ids) expect(archivedIds.filter((x) => x === id)).toHaveLength(1);
      expect(archivedIds).not.toContain(later!.id);
      expect(results.reduce((n, r) => n + r.archived, 0)).toBe(archived.length);
      // Run again later: nothing new.
      expect((await expireListings(t.db, t.clock.now())).archived).toBe(0);
      expect(await t.db.select().from(archivedSpaces)).toHaveLength(archived.length);
    } finally {
      await second?.close();
    }

    const row = (await t.db.select().from(spaces).where(eq(spaces.id, ids[1]!)))[0]!;
    expect(row).toMatchObject({ isActive: false, isFeatured: false });
    const listed = await publicIds();
    for (const id of ids) expect(listed).not.toContain(id);
    expect(listed).toContain(later!.id);
    const mine = await t.request('/api/spaces/my', { cookie: owner.cookie });
    expect(mine.json.find((s: { id: number }) => s.id === ids[0]).status).toBe('expired');
    expect((await t.request(`/api/spaces/${ids[0]}`)).status).toBe(404);
  });

  it('ends featured status at featuredUntil even while the listing stays live', async () => {
    const now = t.clock.now();
    const [row] = await insertSpaces(t.db, [
      spaceRow(owner.id, now, { title: 'Short feature', isFeatured: true, featuredUntil: new Date(now.getTime() + 2 * DAY), expiresAt: new Date(now.getTime() + 20 * DAY) }),
    ]);
    const featuredIds = async () => ((await t.request('/api/spaces?featured=true')).json as { id: number }[]).map((s) => s.id);
    expect(await featuredIds()).toContain(row!.id);
    t.clock.advance(3 * DAY);
    expect(await featuredIds()).not.toContain(row!.id);
    const result = await expireListings(t.db, t.clock.now());
    expect(result.unfeatured).toBeGreaterThanOrEqual(1);
    const res = await t.request(`/api/spaces/${row!.id}`);
    expect(res.json).toMatchObject({ isFeatured: false, isActive: true });
  });
});

/** Every other listing is Premium. */
function i(id: number): boolean {
  return id % 2 === 0;
}
