// Saved spaces (issue 19's "saves by farmers") over HTTP against a real database: saving is for signed-in
// farmers and public listings not their own, idempotent and bounded; unsaving keeps what the owner's numbers
// counted, so toggling never inflates them; the owner's listing numbers and the console's totals show saves.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SPACE_TEXTS, SAVED_SPACES_MAX } from '#contracts/saved-spaces';
import { queryRows } from '#db/client';
import { savedSpaces, spaceDailyStats } from '#db/schema/index';
import { DAY } from '#api/lib/clock';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

const OPERATOR_EMAIL = 'ops-saves@farmspace.test';

describe('saved spaces', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;
  let operator: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ now: new Date('2026-11-20T10:00:00Z'), env: { OPERATOR_EMAILS: OPERATOR_EMAIL } });
    owner = await createSignedInUser(t, { firstName: 'Olive', verified: true });
    farmer = await createSignedInUser(t, { firstName: 'Fern', verified: true });
    operator = await createSignedInUser(t, { email: OPERATOR_EMAIL, verified: true });
  });
  afterAll(async () => t.close());

  async function listing(overrides: Parameters<typeof spaceRow>[2] = {}, ownerId = owner.id): Promise<number> {
    const [row] = await insertSpaces(t.db, [spaceRow(ownerId, t.clock.now(), { title: 'Greenhouse by the river', ...overrides })]);
    return row!.id;
  }
  const save = (id: number | string, user: TestUser | null = farmer) => t.request(`/api/spaces/${id}/saved`, { method: 'PUT', cookie: user?.cookie });
  const unsave = (id: number | string, user: TestUser | null = farmer) => t.request(`/api/spaces/${id}/saved`, { method: 'DELETE', cookie: user?.cookie });
  const savedList = async (user = farmer) => (await t.request('/api/saved-spaces', { cookie: user.cookie })).json as Array<{ spaceId: number; title: string; space: { id: number; title: string } | null }>;
  const savesOf = async (spaceId: number) => (await t.request(`/api/spaces/${spaceId}/stats`, { cookie: owner.cookie })).json.saves as number[];

  it('a farmer saves a public listing once however often they press it, sees it in Saved Spaces, and removes it', async () => {
    const id = await listing();
    const first = await save(id);
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ spaceId: id, saved: true, savedAt: '2026-11-20T10:00:00.000Z' });
    expect((await save(id)).status).toBe(200);
    const list = await savedList();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ spaceId: id, title: 'Greenhouse by the river', space: { id, title: 'Greenhouse by the river' } });

    expect((await unsave(id)).status).toBe(204);
    expect((await unsave(id)).status).toBe(204);
    expect(await savedList()).toEqual([]);
  });

  it("saving, unsaving and saving again counts one save in the owner's numbers and the console's totals", async () => {
    const id = await listing({ title: 'Counted once' });
    for (let i = 0; i < 3; i++) {
      expect((await save(id)).status).toBe(201);
      expect((await unsave(id)).status).toBe(204);
    }
    await save(id);
    const other = await createSignedInUser(t, { firstName: 'Ada', verified: true });
    await save(id, other);
    const saves = await savesOf(id);
    expect(saves.at(-1)).toBe(2);
    expect(saves.reduce((a, b) => a + b, 0)).toBe(2);
    const overview = await t.request('/api/admin/overview?days=30', { cookie: operator.cookie });
    expect(overview.status).toBe(200);
    expect(overview.json.totals.saves).toBeGreaterThanOrEqual(2);
    // The next day's first save lands on that day.
    t.clock.advance(DAY);
    const third = await createSignedInUser(t, { firstName: 'Bo', verified: true });
    await save(id, third);
    expect((await savesOf(id)).slice(-2)).toEqual([2, 1]);
    const rows = await t.db.select().from(spaceDailyStats).where(eq(spaceDailyStats.spaceId, id));
    expect(rows.map((r) => r.saves).sort()).toEqual([1, 2]);
  });

  it('refuses what makes no sense: a visitor 401, own listing 400, a draft or unknown id 404, nothing written', async () => {
    const id = await listing({ title: 'Refusals' });
    const draft = await listing({ title: 'A draft', hasListingFee: false });
    expect((await save(id, null)).status).toBe(401);
    expect((await unsave(id, null)).status).toBe(401);
    expect((await t.request('/api/saved-spaces')).status).toBe(401);
    const own = await save(id, owner);
    expect(own.status).toBe(400);
    expect(own.json.message).toBe(SAVED_SPACE_TEXTS.ownListing);
    expect((await save(draft)).status).toBe(404);
    expect((await save(99_999_999)).status).toBe(404);
    expect((await save('abc')).status).toBe(404);
    const rows = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from saved_spaces where space_id in (${id}, ${draft})`);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('a listing that stops being public stays in the list with its title and no space; it is back when live again', async () => {
    const id = await listing({ title: 'Will be paused' });
    await save(id);
    expect((await t.request(`/api/spaces/${id}`, { method: 'PATCH', cookie: owner.cookie, body: { isActive: false } })).status).toBe(200);
    expect((await savedList()).find((s) => s.spaceId === id)).toEqual(expect.objectContaining({ title: 'Will be paused', space: null }));
    expect((await t.request(`/api/spaces/${id}`, { method: 'PATCH', cookie: owner.cookie, body: { isActive: true } })).status).toBe(200);
    expect((await savedList()).find((s) => s.spaceId === id)?.space?.id).toBe(id);
    await unsave(id);
  });

  it(`holds at most ${SAVED_SPACES_MAX} saved listings, also when saves race`, async () => {
    const collector = await createSignedInUser(t, { firstName: 'Col', verified: true });
    const rows = await insertSpaces(t.db, Array.from({ length: SAVED_SPACES_MAX + 4 }, (_, i) => spaceRow(owner.id, t.clock.now(), { title: `Bulk ${i}` })));
    const ids = rows.map((r) => r.id);
    await t.db.insert(savedSpaces).values(ids.slice(0, SAVED_SPACES_MAX - 2).map((spaceId) => ({ userId: collector.id, spaceId, createdAt: t.clock.now(), savedAt: t.clock.now() })));
    const answers = await Promise.all(ids.slice(SAVED_SPACES_MAX - 2).map((id) => save(id, collector)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.json.message).toBe(SAVED_SPACE_TEXTS.tooMany);
    expect(await savedList(collector)).toHaveLength(SAVED_SPACES_MAX);
  });
});
