// The message digest over HTTP and the real job against a real database (manual clock): messages held
// back by the 15-minute e-mail window are told in one digest at its end, not earlier, only when still
// unread and allowed, and once even with several job runners at once.
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client';
import { emailNotifications, users } from '#db/schema/index';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { MINUTE } from '#api/lib/clock';
import { sendDueDigests } from '#api/modules/messaging/digest';

const SECOND = 1000;
const INQUIRY = 'Hello! Is the space still free for a mushroom farm this autumn?';

describe('message digest', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ now: new Date('2026-06-01T08:00:00.000Z') });
    owner = await createSignedInUser(t, { firstName: 'Olive', lastName: 'Owner' });
    farmer = await createSignedInUser(t, { firstName: 'Fern', lastName: 'Farmer', verified: true });
  });
  afterAll(async () => t.close());

  const runDigests = () => sendDueDigests({ db: t.db, clock: t.clock, siteUrl: t.config.PUBLIC_SITE_URL });

  /** A new space with a unique title and the farmer's conversation about it; answers its messages URL. */
  async function conversationAbout(title: string): Promise<{ url: string; id: number }> {
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title })]);
    const res = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: space!.id, content: INQUIRY } });
    expect(res.status).toBe(201);
    const id = res.json.conversationId as number;
    return { url: `/api/conversations/${id}/messages`, id };
  }
  const send = async (user: TestUser, url: string, content: string) => {
    const res = await t.request(url, { cookie: user.cookie, body: { content } });
    expect(res.status).toBe(201);
  };
  const messageMails = (to: TestUser, title: string) =>
    t.db
      .select()
      .from(emailNotifications)
      .where(and(eq(emailNotifications.recipient, to.email), eq(emailNotifications.type, 'new_message'), like(emailNotifications.subject, `%about ${title}`)))
      .orderBy(emailNotifications.id);
  const dueMarks = async (id: number) =>
    (await queryRows<{ owner_digest_due_at: unknown; farmer_digest_due_at: unknown }>(t.db, sql`select owner_digest_due_at, farmer_digest_due_at from conversations where id = ${id}`))[0]!;

  it('three messages in five minutes: one e-mail at once, then one digest of the other two at the end of the window, not earlier', async () => {
    const { url, id } = await conversationAbout('Cellar One');
    const started = t.clock.now().getTime();
    await send(owner, url, 'First: yes, it is free.');
    t.clock.advance(2 * MINUTE);
    await send(owner, url, 'Second: the cellar stays at 12 degrees.');
    t.clock.advance(3 * MINUTE);
    await send(owner, url, 'Third: <b>come by</b> on Friday?');

    let mails = await messageMails(farmer, 'Cellar One');
    expect(mails.map((m) => m.subject)).toEqual(['New message about Cellar One']);
    expect(mails[0]!.textBody).toContain('First: yes, it is free.');
    expect((await dueMarks(id)).farmer_digest_due_at).not.toBeNull();

    // One second before the window ends: nothing yet.
    t.clock.set(new Date(started + 15 * MINUTE - SECOND));
    expect(await runDigests()).toEqual({ sent: 0, cleared: 0 });
    expect(await messageMails(farmer, 'Cellar One')).toHaveLength(1);

    t.clock.set(new Date(started + 15 * MINUTE));
    expect(await runDigests()).toEqual({ sent: 1, cleared: 0 });
    mails = await messageMails(farmer, 'Cellar One');
    expect(mails.map((m) => m.subject)).toEqual(['New message about Cellar One', '2 new messages about Cellar One']);
    expect(mails[1]!.textBody).toContain('Olive Owner sent you 2 new messages about "Cellar One"');
    expect(mails[1]!.textBody).toContain('Third: come by on Friday?');
    expect(mails[1]!.textBody).toContain(`/dashboard?tab=messages&conversation=${id}`);
    expect((await dueMarks(id)).farmer_digest_due_at).toBeNull();

    // Exactly one: later runs find nothing due.
    t.clock.advance(30 * MINUTE);
    expect(await runDigests()).toEqual({ sent: 0, cleared: 0 });
    expect(await messageMails(farmer, 'Cellar One')).toHaveLength(2);

    // The digest opened a new window: a message inside it waits for the next digest, which counts only it.
    t.clock.set(new Date(started + 20 * MINUTE));
    await send(owner, url, 'Fourth: bring boots.');
    expect(await messageMails(farmer, 'Cellar One')).toHaveLength(2);
    t.clock.set(new Date(started + 30 * MINUTE));
    expect(await runDigests()).toEqual({ sent: 1, cleared: 0 });
    expect((await messageMails(farmer, 'Cellar One')).at(-1)!.subject).toBe('New message about Cellar One');
  });

  it('the farmer messaging after the inquiry: the owner hears of the inquiry at once and of the rest in one digest', async () => {
    const { url } = await conversationAbout('Cellar Two');
    t.clock.advance(MINUTE);
    await send(farmer, url, 'Also: is there running water?');
    t.clock.advance(MINUTE);
    await send(farmer, url, 'And electricity for the fans?');
    expect(await messageMails(owner, 'Cellar Two')).toHaveLength(0);
    t.clock.advance(13 * MINUTE);
    expect(await runDigests()).toEqual({ sent: 1, cleared: 0 });
    const mails = await messageMails(owner, 'Cellar Two');
    expect(mails.map((m) => m.subject)).toEqual(['2 new messages about Cellar Two']);
    expect(mails[0]!.textBody).toContain('Fern Farmer sent you 2 new messages');
  });

  it('sends no digest when the recipient has read the messages meanwhile, and clears the mark', async () => {
    const { url, id } = await conversationAbout('Cellar Three');
    await send(owner, url, 'First: yes, it is free.');
    t.clock.advance(MINUTE);
    await send(owner, url, 'Second: the key is under the mat.');
    expect((await dueMarks(id)).farmer_digest_due_at).not.toBeNull();
    // Opening the thread posts its read mark (a GET changes nothing: docs/decisions/0108).
    expect((await t.request(`/api/conversations/${id}/read`, { cookie: farmer.cookie, body: {} })).status).toBe(204);

    t.clock.advance(15 * MINUTE);
    expect(await runDigests()).toEqual({ sent: 0, cleared: 1 });
    expect(await messageMails(farmer, 'Cellar Three')).toHaveLength(1);
    expect((await dueMarks(id)).farmer_digest_due_at).toBeNull();
  });

  it('a message after the window but before the job e-mails at once, counting the held-back ones; the job then sends nothing', async () => {
    const { url, id } = await conversationAbout('Cellar Four');
    await send(owner, url, 'First: yes, it is free.');
    t.clock.advance(MINUTE);
    await send(owner, url, 'Second: the key is under the mat.');
    t.clock.advance(15 * MINUTE);
    await send(owner, url, 'Third: see you soon.');
    expect((await messageMails(farmer, 'Cellar Four')).map((m) => m.subject)).toEqual(['New message about Cellar Four', '2 new messages about Cellar Four']);
    expect((await dueMarks(id)).farmer_digest_due_at).toBeNull();
    expect(await runDigests()).toEqual({ sent: 0, cleared: 0 });
  });

  it('sends no digest when the preferences are off, whether off before the message or turned off while it waits', async () => {
    const off = await conversationAbout('Cellar Five');
    await send(owner, off.url, 'First: yes, it is free.');
    await t.db.update(users).set({ emailNotifications: false }).where(eq(users.id, farmer.id));
    t.clock.advance(MINUTE);
    await send(owner, off.url, 'Second: the key is under the mat.');
    expect((await dueMarks(off.id)).farmer_digest_due_at).toBeNull();
    await t.db.update(users).set({ emailNotifications: true }).where(eq(users.id, farmer.id));

    const later = await conversationAbout('Cellar Six');
    await send(owner, later.url, 'First: yes, it is free.');
    t.clock.advance(MINUTE);
    await send(owner, later.url, 'Second: the key is under the mat.');
    expect((await dueMarks(later.id)).farmer_digest_due_at).not.toBeNull();
    await t.db.update(users).set({ emailNotifications: false }).where(eq(users.id, farmer.id));

    t.clock.advance(20 * MINUTE);
    expect(await runDigests()).toEqual({ sent: 0, cleared: 1 });
    expect(await messageMails(farmer, 'Cellar Five')).toHaveLength(1);
    expect(await messageMails(farmer, 'Cellar Six')).toHaveLength(1);
    expect((await dueMarks(later.id)).farmer_digest_due_at).toBeNull();
    await t.db.update(users).set({ emailNotifications: true }).where(eq(users.id, farmer.id));
  });

  it('two job runners at once send each digest once', async () => {
    const titles = ['Barn A', 'Barn B', 'Barn C', 'Barn D'];
    for (const title of titles) {
      const { url } = await conversationAbout(title);
      await send(owner, url, 'First: yes, it is free.');
      t.clock.advance(SECOND);
      await send(owner, url, 'Second: the key is under the mat.');
    }
    t.clock.advance(16 * MINUTE);
    const [a, b] = await Promise.all([runDigests(), runDigests()]);
    expect(a.sent + b.sent).toBe(titles.length);
    expect(a.cleared + b.cleared).toBe(0);
    for (const title of titles) {
      expect((await messageMails(farmer, title)).map((m) => m.subject)).toEqual([`New message about ${title}`, `New message about ${title}`]);
    }
  });
});
