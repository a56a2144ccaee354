// Text at a cut boundary (issue 38 item 2), as the attack was done: a message, an inquiry and a listing title
// whose emoji straddles the push preview's cut (character 79–80). Cut by UTF-16 units, the preview kept half a
// surrogate pair; PostgreSQL's jsonb refused the push_outbox payload and that failed the message's whole
// transaction (500), even for a recipient without a device; the listing title stopped every saved-search alert.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailNotifications, messages, pushOutbox, pushSubscriptions } from '#db/schema/index';
import { sendSavedSearchAlerts, notifySavedSearches } from '#api/modules/saved-searches/saved-search-alerts';
import { publishSpace } from '#api/modules/spaces/publish-space';
import { PUSH_PREVIEW_CHARS } from '#contracts/push';
import { insertSpaces, spaceRow, validSpaceBody } from '../fixtures/spaces';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../fixtures/users';
import { HOUR } from '#api/lib/clock';

/** The attack's message: the emoji's two UTF-16 units at 78 and 79, across the preview's cut. */
const MESSAGE = 'Thanks for the quick reply! We would love to visit on Saturday morning, if ok 🙂 see you then!';
/** The attack's listing title: "x" × 78 then "🌱 roof". */
const TITLE = `${'x'.repeat(78)}🌱 roof`;

describe('text at a cut boundary (issue 38 item 2)', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;
  let otherFarmer: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ now: new Date('2026-06-01T08:00:00.000Z') });
    owner = await createSignedInUser(t, { firstName: 'Olive' });
    farmer = await createSignedInUser(t, { firstName: 'Fern', verified: true });
    otherFarmer = await createSignedInUser(t, { firstName: 'Gus', verified: true });
  });
  afterAll(async () => t.close());

  it('the attack strings put an emoji across the preview cut', () => {
    expect(MESSAGE.codePointAt(PUSH_PREVIEW_CHARS - 2)).toBe(0x1f642);
    expect(TITLE.codePointAt(PUSH_PREVIEW_CHARS - 2)).toBe(0x1f331);
  });

  it('POST /api/conversations with the emoji across the cut answers 201, and the owner is told', async () => {
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: 'Sunny Rooftop' })]);
    const res = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: space!.id, content: MESSAGE } });
    expect(res.status, res.text).toBe(201);
    expect(res.json.message.content).toBe(MESSAGE);
    const mails = await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, owner.email));
    expect(mails.at(-1)!.textBody).toContain('🙂');
  });

  it('POST /api/conversations/{id}/messages with the emoji across the cut answers 201', async () => {
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: 'Shady Basement' })]);
    const opened = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: space!.id, content: 'Hello, is it free in June?' } });
    expect(opened.status, opened.text).toBe(201);
    const res = await t.request(`/api/conversations/${opened.json.conversationId}/messages`, { cookie: owner.cookie, body: { content: MESSAGE } });
    expect(res.status, res.text).toBe(201);
    // One character shorter was always fine; the emoji one now is too.
    const shorter = await t.request(`/api/conversations/${opened.json.conversationId}/messages`, { cookie: owner.cookie, body: { content: MESSAGE.replace('Thanks', 'Thank') } });
    expect(shorter.status, shorter.text).toBe(201);
  });

  it('a push or an e-mail that cannot be queued never fails the message it follows (each in a savepoint)', async () => {
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: 'Windy Roof' })]);
    await t.db.insert(pushSubscriptions).values({ userId: owner.id, endpoint: 'https://push.example.com/device-1', p256dh: 'BP'.padEnd(87, 'x'), auth: 'a'.repeat(22), deviceLabel: 'Phone', createdAt: t.clock.now() });
    // Any failure of the side effects, whatever its cause: both queues refuse every row.
    await t.db.execute(sql.raw(`create or replace function refuse_side_effect() returns trigger language plpgsql as $$ begin raise exception 'queue refused'; end $$`));
    await t.db.execute(sql.raw('create trigger refuse_push before insert on push_outbox for each row execute function refuse_side_effect()'));
    await t.db.execute(sql.raw('create trigger refuse_mail before insert on email_notifications for each row execute function refuse_side_effect()'));
    try {
      const opened = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: space!.id, content: 'Hello, is the roof windy?' } });
      expect(opened.status, opened.text).toBe(201);
      const reply = await t.request(`/api/conversations/${opened.json.conversationId}/messages`, { cookie: farmer.cookie, body: { content: 'And is there water?' } });
      expect(reply.status, reply.text).toBe(201);
      const kept = await t.db.select({ content: messages.content }).from(messages).where(eq(messages.conversationId, opened.json.conversationId)).orderBy(messages.id);
      expect(kept.map((m) => m.content)).toEqual(['Hello, is the roof windy?', 'And is there water?']);
      expect(t.logs.some((line) => line.includes('queue refused'))).toBe(true);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_push on push_outbox'));
      await t.db.execute(sql.raw('drop trigger refuse_mail on email_notifications'));
      await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id));
    }
  });

  it('a listing titled "x" × 78 + "🌱 roof" that matches one search does not stop another farmer’s alert', async () => {
    const save = async (user: TestUser, name: string, query: string) => {
      const res = await t.request('/api/saved-searches', { method: 'POST', cookie: user.cookie, body: { name, query } });
      expect(res.status, res.text).toBe(201);
    };
    const publish = async (fields: Record<string, unknown>) => {
      const res = await t.request('/api/spaces', { method: 'POST', cookie: owner.cookie, body: validSpaceBody(fields) });
      expect(res.status, res.text).toBe(201);
      await t.db.transaction((tx) => publishSpace(tx, res.json.id, 'listing_fee', t.clock.now(), { onLive: notifySavedSearches }));
      return res.json.id as number;
    };
    await save(farmer, 'Boise roofs', 'city=Boise');
    await save(otherFarmer, 'Nampa anything', 'city=Nampa');
    t.clock.advance(HOUR);
    await publish({ title: TITLE, city: 'Boise' });
    await publish({ title: 'Nampa warehouse', city: 'Nampa' });

    // Both alerts are written, the emoji title's whole in its e-mail and cut at a grapheme in its push.
    await sendSavedSearchAlerts(t.context);
    const toOther = await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, otherFarmer.email));
    expect(toOther.map((m) => m.subject)).toContain('New space for “Nampa anything”: Nampa warehouse');
    const toFarmer = await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, farmer.email));
    expect(toFarmer.map((m) => m.subject)).toContain(`New space for “Boise roofs”: ${TITLE}`);
    expect(await t.db.select().from(pushOutbox)).toEqual([]); // nobody has a device: nothing queued, nothing failed
  });
});
