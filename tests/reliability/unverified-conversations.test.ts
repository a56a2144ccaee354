// Issue 15, item 15: an account could message owners the moment it registered, without a verified
// address. Until it is verified it may start at most UNVERIFIED_CONVERSATION_LIMIT conversations (then a
// clear 403 that says why); replies in those conversations still go through, and verified accounts keep
// the hourly limit they had.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversations, users } from '#db/schema/index';
import { MESSAGING_MESSAGES } from '#contracts/messaging';
import { UNVERIFIED_CONVERSATION_LIMIT } from '#api/modules/messaging/unverified-sender';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../fixtures/users';
import { insertSpaces, spaceRow } from '../fixtures/spaces';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createSignedInUser(t);
});
afterAll(async () => t.close());

const newSpace = async () => (await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now())]))[0]!.id;
const contact = (u: TestUser, spaceId: number) => t.request('/api/conversations', { cookie: u.cookie, body: { spaceId, content: `Is the space free from May? ${Math.random()}` } });

describe('conversations from accounts without a verified address', () => {
  it(`allows ${UNVERIFIED_CONVERSATION_LIMIT} new conversations, then answers 403 with the reason; replies still work`, async () => {
    const farmer = await createSignedInUser(t);
    const started: number[] = [];
    for (let i = 0; i < UNVERIFIED_CONVERSATION_LIMIT; i++) {
      const res = await contact(farmer, await newSpace());
      expect(res.status, res.text).toBe(201);
      started.push(res.json.conversationId);
    }
    const refused = await contact(farmer, await newSpace());
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'email_unverified', message: MESSAGING_MESSAGES.verifyToContactMore });
    expect(await t.db.select().from(conversations).where(eq(conversations.farmerId, farmer.id))).toHaveLength(UNVERIFIED_CONVERSATION_LIMIT);
    const reply = await t.request(`/api/conversations/${started[0]}/messages`, { cookie: farmer.cookie, body: { content: 'One more detail about the lease.' } });
    expect(reply.status).toBe(201);

    await t.db.update(users).set({ verified: true }).where(eq(users.id, farmer.id));
    expect((await contact(farmer, await newSpace())).status).toBe(201);
  });

  it('holds under concurrency: parallel first contacts never pass the limit', async () => {
    const farmer = await createSignedInUser(t);
    const spaces = await Promise.all(Array.from({ length: 6 }, () => newSpace()));
    const answers = await Promise.all(spaces.map((id) => contact(farmer, id)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(UNVERIFIED_CONVERSATION_LIMIT);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(spaces.length - UNVERIFIED_CONVERSATION_LIMIT);
  });

  it('verified accounts keep the limits they had', async () => {
    const farmer = await createSignedInUser(t);
    await t.db.update(users).set({ verified: true }).where(eq(users.id, farmer.id));
    for (let i = 0; i < 5; i++) expect((await contact(farmer, await newSpace())).status).toBe(201);
  });
});
