// GET /api/conversations/lookup: which of the listings on screen the signed-in farmer has written about —
// theirs only (never another farmer's, never the owner's side), with bad lists refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

describe('conversation lookup', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;
  let other: TestUser;
  let written: number;
  let untouched: number;
  let conversationId: number;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createSignedInUser(t);
    farmer = await createSignedInUser(t);
    other = await createSignedInUser(t);
    const rows = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now()), spaceRow(owner.id, t.clock.now())]);
    [written, untouched] = rows.map((r) => r.id) as [number, number];
    const res = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: written, content: 'Is the roof still free in spring?' } });
    expect(res.status).toBe(201);
    conversationId = res.json.conversationId;
  });
  afterAll(async () => t.close());

  it("answers the farmer's conversation for the listings asked about, and nothing for the others", async () => {
    const res = await t.request(`/api/conversations/lookup?spaceIds=${written},${untouched},999999`, { cookie: farmer.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ spaceId: written, conversationId }]);
  });

  it("tells another farmer and the owner nothing of it", async () => {
    for (const user of [other, owner]) {
      const res = await t.request(`/api/conversations/lookup?spaceIds=${written}`, { cookie: user.cookie });
      expect(res.status).toBe(200);
      expect(res.json).toEqual([]);
    }
  });

  it('needs a session', async () => {
    expect((await t.request(`/api/conversations/lookup?spaceIds=${written}`)).status).toBe(401);
  });

  it.each(['', 'spaceIds=', 'spaceIds=abc', 'spaceIds=1,,2', 'spaceIds=-1', `spaceIds=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, 'spaceIds=1234567890'])(
    'refuses %s with a 400 naming spaceIds',
    async (query) => {
      const res = await t.request(`/api/conversations/lookup?${query}`, { cookie: farmer.cookie });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain('spaceIds');
    },
  );
});
