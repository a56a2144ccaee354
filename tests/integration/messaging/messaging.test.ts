// Inquiries, conversations and messages over HTTP against a real database and the development mailbox:
// the rules of spec 5/6/7, the access matrix, concurrency, unread counts, e-mails and their throttle.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client';
import { conversations, emailNotifications, messages, users } from '#db/schema/index';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { DAY, MINUTE } from '#api/lib/clock';
import { sendPendingEmails } from '#api/modules/email/outbox';

const INQUIRY = 'Hello! Is the rooftop still available for a hydroponic lettuce farm?';

describe('messaging', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;
  let stranger: TestUser;
  let spaceId: number;

  beforeAll(async () => {
    t = await startTestApp({ now: new Date('2026-05-01T09:00:00.000Z') });
    owner = await createSignedInUser(t, { firstName: 'Olive', lastName: 'Owner' });
    farmer = await createSignedInUser(t, { firstName: 'Fern', lastName: 'Farmer', verified: true });
    stranger = await createSignedInUser(t, { firstName: 'Sam', lastName: 'Stranger', verified: true });
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: 'Sunny Rooftop' })]);
    spaceId = space!.id;
  });
  afterAll(async () => t.close());

  async function newSpace(overrides: Parameters<typeof spaceRow>[2] = {}, ownerId = owner.id): Promise<number> {
    const [row] = await insertSpaces(t.db, [spaceRow(ownerId, t.clock.now(), overrides)]);
    return row!.id;
  }
  const contact = (user: TestUser, body: Record<string, unknown>) => t.request('/api/conversations', { cookie: user.cookie, body });
  // In id order: `.at(-1)` is the newest e-mail (PostgreSQL returns unordered rows in any order).
  const emailsTo = async (email: string) => t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, email)).orderBy(emailNotifications.id);
  const countRows = async (table: string) => Number((await queryRows<{ n: string }>(t.db, sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

  it('opens a conversation with an inquiry and the first message, and e-mails the owner once', async () => {
    const res = await contact(farmer, { spaceId, content: `<b>${INQUIRY}</b>`, farmerName: 'Fern the Grower' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ created: true, message: { senderId: farmer.id, content: INQUIRY } });
    const conversationId = res.json.conversationId as number;

    const owned = await t.request('/api/inquiries/owner', { cookie: owner.cookie });
    expect(owned.json).toEqual([
      expect.objectContaining({ farmerName: 'Fern the Grower', farmerEmail: farmer.email, message: INQUIRY, status: 'pending', conversationId }),
    ]);
    const sent = await t.request('/api/inquiries/farmer', { cookie: farmer.cookie });
    expect(sent.json).toEqual([expect.objectContaining({ message: INQUIRY, space: expect.objectContaining({ title: 'Sunny Rooftop', location: expect.any(String) }) })]);

    const list = await t.request('/api/conversations', { cookie: owner.cookie });
    expect(list.json).toEqual([
      expect.objectContaining({ id: conversationId, otherUser: expect.objectContaining({ firstName: 'Fern', lastName: 'Farmer' }), space: expect.objectContaining({ title: 'Sunny Rooftop' }), unreadCount: 1 }),
    ]);
    expect((await t.request('/api/conversations/unread-count', { cookie: owner.cookie })).json).toEqual({ count: 1 });
    expect((await t.request('/api/conversations', { cookie: farmer.cookie })).json[0].unreadCount).toBe(0);

    const mails = await emailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ type: 'inquiry_received', subject: 'New inquiry about Sunny Rooftop' });
    expect(mails[0]!.textBody).toContain(`/dashboard?tab=messages&conversation=${conversationId}`);
    await sendPendingEmails(t.context);
    expect(t.mailer.list!().some((m) => m.to === owner.email)).toBe(true);
  });

  it('refuses bad inquiries with clear 4xx messages and writes nothing', async () => {
    const demo = await newSpace({ isDemoListing: true, hasListingFee: false });
    const draft = await newSpace({ hasListingFee: false });
    const paused = await newSpace({ isActive: false });
    const expired = await newSpace({ expiresAt: new Date(t.clock.now().getTime() - DAY) });
    const before = await Promise.all(['conversations', 'messages', 'inquiries', 'email_notifications'].map(countRows));
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ spaceId: demo, content: INQUIRY }, 403, /example listing/],
      [{ spaceId, content: INQUIRY }, 403, /your own listing/],
      [{ spaceId: draft, content: INQUIRY }, 404, /Space not found/],
      [{ spaceId: paused, content: INQUIRY }, 404, /Space not found/],
      [{ spaceId: expired, content: INQUIRY }, 404, /Space not found/],
      [{ spaceId: 999999, content: INQUIRY }, 404, /Space not found/],
      [{ spaceId: 'abc', content: INQUIRY }, 400, /Space not found/],
      [{ spaceId, content: 'Too short' }, 400, /at least 10 characters/],
      [{ spaceId, content: '<p>   </p><script>x</script>' }, 400, /cannot be empty/],
      [{ spaceId, content: 'x'.repeat(5001) }, 400, /at most 5,000/],
      [{ spaceId, content: INQUIRY, farmerName: '   ' }, 400, /Name is required/],
      [{ spaceId }, 400, /cannot be empty/],
    ];
    for (const [body, status, message] of cases) {
      const who = body.spaceId === spaceId && status === 403 ? owner : stranger;
      const res = await contact(who, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json.message).toMatch(message);
    }
    expect(await Promise.all(['conversations', 'messages', 'inquiries', 'email_notifications'].map(countRows))).toEqual(before);
  });

  it('access matrix: a third user gets 404 and a visitor 401 on every route, and nothing is written', async () => {
    const { json } = await contact(farmer, { spaceId: await newSpace(), content: INQUIRY });
    const id = json.conversationId as number;
    const before = await Promise.all(['conversations', 'messages', 'inquiries'].map(countRows));
    for (const [path, body] of [
      [`/api/conversations/${id}/messages`, undefined],
      [`/api/conversations/${id}/messages`, { content: 'Let me in please' }],
    ] as const) {
      expect((await t.request(path, { cookie: stranger.cookie, body })).status).toBe(404);
      expect((await t.request(path, { body })).status).toBe(401);
    }
    for (const path of ['/api/conversations', '/api/conversations/unread-count', '/api/inquiries/farmer', '/api/inquiries/owner']) {
      expect((await t.request(path)).status).toBe(401);
    }
    expect((await t.request('/api/conversations', { body: { spaceId, content: INQUIRY } })).status).toBe(401);
    // The third user's own lists show nothing of the others'.
    expect((await t.request('/api/conversations', { cookie: stranger.cookie })).json).toEqual([]);
    expect((await t.request('/api/inquiries/owner', { cookie: stranger.cookie })).json).toEqual([]);
    expect((await t.request('/api/conversations/abc/messages', { cookie: stranger.cookie })).status).toBe(404);
    expect(await Promise.all(['conversations', 'messages', 'inquiries'].map(countRows))).toEqual(before);
    // The reads of a stranger marked nothing read either.
    expect((await t.request('/api/conversations/unread-count', { cookie: owner.cookie })).json.count).toBeGreaterThanOrEqual(1);
  });

  it('a cross-site GET of a thread marks nothing read, and a cross-site read mark is refused (issue 38 item 12)', async () => {
    const { json } = await contact(farmer, { spaceId: await newSpace(), content: INQUIRY });
    const id = json.conversationId as number;
    const unread = async () => (await t.request('/api/conversations', { cookie: owner.cookie })).json.find((c: { id: number }) => c.id === id).unreadCount;
    expect(await unread()).toBe(1);
    // A page elsewhere loads the thread (an <img> or a fetch with the cookie): the answer is not readable there, and nothing changes.
    const cross = await t.request(`/api/conversations/${id}/messages`, { cookie: owner.cookie, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(cross.status).toBe(200);
    expect(await unread()).toBe(1);
    const mark = await t.request(`/api/conversations/${id}/read`, { cookie: owner.cookie, body: {}, headers: { origin: 'https://evil.example' } });
    expect(mark.status).toBe(403);
    expect(await unread()).toBe(1);
  });

  it('10 concurrent first contacts from one farmer open one conversation; a double submit adds one message', async () => {
    const space = await newSpace();
    const results = await Promise.all(Array.from({ length: 10 }, () => contact(farmer, { spaceId: space, content: INQUIRY })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(results.map((r) => r.json.conversationId));
    expect(ids.size).toBe(1);
    const [conversationId] = [...ids];
    const rows = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from messages where conversation_id = ${conversationId}`);
    expect(Number(rows[0]!.n)).toBe(1);
    const inquiries = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from inquiries where space_id = ${space}`);
    expect(Number(inquiries[0]!.n)).toBe(1);

    // Different texts at once: still one conversation, every message kept.
    const other = await newSpace();
    const texts = await Promise.all(Array.from({ length: 5 }, (_, i) => contact(stranger, { spaceId: other, content: `${INQUIRY} (${i})` })));
    expect(new Set(texts.map((r) => r.json.conversationId)).size).toBe(1);
    expect(texts.filter((r) => r.status === 201)).toHaveLength(5);
  });

  it('threads: oldest first, marks read, polls by since-id, answers 304 when nothing changed, owner reply marks the inquiry responded', async () => {
    const space = await newSpace({ title: 'Quiet Basement' });
    const { json } = await contact(farmer, { spaceId: space, content: INQUIRY });
    const id = json.conversationId as number;
    const url = `/api/conversations/${id}/messages`;

    const send = (user: TestUser, content: string) => t.request(url, { cookie: user.cookie, body: { content } });
    const first = await send(owner, "  It's available &quot;now&quot;.  ");
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ senderId: owner.id, content: 'It\'s available "now".' });
    const responded = await t.request('/api/inquiries/farmer', { cookie: farmer.cookie });
    expect(responded.json.find((i: { spaceId: number }) => i.spaceId === space).status).toBe('responded');

    expect((await send(owner, '   ')).status).toBe(400);
    expect((await send(owner, 'y'.repeat(5001))).status).toBe(400);

    const unreadBefore = (await t.request('/api/conversations', { cookie: farmer.cookie })).json.find((c: { id: number }) => c.id === id);
    expect(unreadBefore.unreadCount).toBe(1);
    const thread = await t.request(url, { cookie: farmer.cookie });
    expect(thread.status).toBe(200);
    expect(thread.json.map((m: { content: string }) => m.content)).toEqual([INQUIRY, 'It\'s available "now".']);
    expect(Object.keys(thread.json[0]).sort()).toEqual(['content', 'conversationId', 'createdAt', 'id', 'proposalId', 'senderId']);
    // Reading is a GET and changes nothing (issue 38 item 12); the read mark is a POST of the thread's reader.
    const unread = async () => (await t.request('/api/conversations', { cookie: farmer.cookie })).json.find((c: { id: number }) => c.id === id).unreadCount;
    expect(await unread()).toBe(1);
    expect((await t.request(`/api/conversations/${id}/read`, { cookie: stranger.cookie, body: {} })).status).toBe(404);
    expect((await t.request(`/api/conversations/${id}/read`, { body: {} })).status).toBe(401);
    expect(await unread()).toBe(1);
    expect((await t.request(`/api/conversations/${id}/read`, { cookie: farmer.cookie, body: {} })).status).toBe(204);
    expect(await unread()).toBe(0);
    // The sender's own messages stay unread for the owner.
    expect((await t.request('/api/conversations', { cookie: owner.cookie })).json.find((c: { id: number }) => c.id === id).unreadCount).toBe(1);

    const lastId = thread.json.at(-1).id as number;
    const poll = await t.request(`${url}?after=${lastId}`, { cookie: farmer.cookie });
    expect(poll.json).toEqual([]);
    const etag = poll.headers.get('etag')!;
    const again = await t.request(`${url}?after=${lastId}`, { cookie: farmer.cookie, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    t.clock.advance(MINUTE);
    await send(owner, 'Come by on Tuesday.');
    const changed = await t.request(`${url}?after=${lastId}`, { cookie: farmer.cookie, headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.json.map((m: { content: string }) => m.content)).toEqual(['Come by on Tuesday.']);

    const older = await t.request(`${url}?before=${lastId}&limit=1`, { cookie: farmer.cookie });
    expect(older.json.map((m: { content: string }) => m.content)).toEqual([INQUIRY]);
    expect((await t.request(`${url}?limit=9999`, { cookie: farmer.cookie })).status).toBe(400);

    // Double submit of a reply within seconds: one message.
    t.clock.advance(MINUTE);
    const [a, b] = await Promise.all([send(farmer, 'Tuesday works for me.'), send(farmer, 'Tuesday works for me.')]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.json.id).toBe(b.json.id);
  });

  it('pages the conversation list by keyset: ?limit= and ?before=<X-Next-Cursor>, the answer still a bare array', async () => {
    const busy = await createSignedInUser(t, { firstName: 'Busy', lastName: 'Owner' });
    const partners = await Promise.all([1, 2, 3].map((i) => createSignedInUser(t, { firstName: `Partner${i}`, lastName: 'Farmer' })));
    // Seven conversations (owner of five, farmer in two), two of them at the same instant (ties break by id).
    const base = t.clock.now().getTime();
    const rows: (typeof conversations.$inferInsert)[] = [];
    for (let i = 0; i < 5; i++) rows.push({ spaceId: await newSpace({ title: `Busy space ${i}` }, busy.id), ownerId: busy.id, farmerId: partners[i % 3]!.id, lastMessageAt: new Date(base - (i === 4 ? 3 : i) * MINUTE) });
    for (let i = 0; i < 2; i++) rows.push({ spaceId: await newSpace({ title: `Their space ${i}` }, partners[i]!.id), ownerId: partners[i]!.id, farmerId: busy.id, lastMessageAt: new Date(base - (10 + i) * MINUTE) });
    const inserted = await t.db.insert(conversations).values(rows).returning({ id: conversations.id });
    // Unread for busy: 2 in the newest, 1 in the oldest.
    await t.db.insert(messages).values([
      { conversationId: inserted[0]!.id, senderId: partners[0]!.id, content: 'one' },
      { conversationId: inserted[0]!.id, senderId: partners[0]!.id, content: 'two' },
      { conversationId: inserted[6]!.id, senderId: partners[1]!.id, content: 'three' },
    ]);

    const whole = await t.request('/api/conversations', { cookie: busy.cookie });
    expect(whole.status).toBe(200);
    expect(Array.isArray(whole.json)).toBe(true);
    expect(whole.json).toHaveLength(7);
    expect(whole.headers.get('x-next-cursor')).toBeNull();

    const pages: { id: number; unreadCount: number }[][] = [];
    let cursor: string | null = null;
    do {
      const res = await t.request(`/api/conversations?limit=3${cursor ? `&before=${cursor}` : ''}`, { cookie: busy.cookie });
      expect(res.status).toBe(200);
      pages.push(res.json);
      cursor = res.headers.get('x-next-cursor');
    } while (cursor && pages.length < 10);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat().map((c) => c.id)).toEqual(whole.json.map((c: { id: number }) => c.id));
    expect(pages.flat().map((c) => c.unreadCount)).toEqual(whole.json.map((c: { unreadCount: number }) => c.unreadCount));
    expect(pages[0]![0]).toMatchObject({ id: inserted[0]!.id, unreadCount: 2 });
    expect(pages[2]![0]).toMatchObject({ id: inserted[6]!.id, unreadCount: 1 });
    expect((await t.request('/api/conversations/unread-count', { cookie: busy.cookie })).json).toEqual({ count: 3 });

    for (const [query, field] of [['limit=0', 'limit'], ['limit=abc', 'limit'], ['limit=201', 'limit'], ['before=not-a-cursor', 'before']] as const) {
      const bad = await t.request(`/api/conversations?${query}`, { cookie: busy.cookie });
      expect(bad.status, query).toBe(400);
      expect(bad.json.fieldErrors?.[field], query).toBeTruthy();
    }
  });

  it('e-mails the other party at most once per 15 minutes, with the count, and only when preferences allow', async () => {
    const space = await newSpace({ title: 'Glass Greenhouse' });
    const { json } = await contact(farmer, { spaceId: space, content: INQUIRY });
    const url = `/api/conversations/${json.conversationId}/messages`;
    const farmerMails = async () => (await emailsTo(farmer.email)).filter((m) => m.type === 'new_message');

    const start = (await farmerMails()).length;
    for (const text of ['First reply from the owner.', 'Second reply from the owner.', 'Third reply from the owner.']) {
      t.clock.advance(MINUTE);
      expect((await t.request(url, { cookie: owner.cookie, body: { content: text } })).status).toBe(201);
    }
    let mails = await farmerMails();
    expect(mails).toHaveLength(start + 1);
    expect(mails.at(-1)!.subject).toBe('New message about Glass Greenhouse');

    t.clock.advance(15 * MINUTE);
    await t.request(url, { cookie: owner.cookie, body: { content: 'Fourth reply from the owner.' } });
    mails = await farmerMails();
    expect(mails).toHaveLength(start + 2);
    // The first e-mail told about the first reply; this one counts the three since (the digest job, not
    // run here, would have told about the second and third at the window's end: digest.test.ts).
    expect(mails.at(-1)!.subject).toBe('3 new messages about Glass Greenhouse');
    expect(mails.at(-1)!.htmlBody).toContain(`conversation=${json.conversationId}`);

    // Preferences off: no e-mail about messages, none about inquiries.
    await t.db.update(users).set({ emailNotifications: false }).where(eq(users.id, farmer.id));
    t.clock.advance(20 * MINUTE);
    await t.request(url, { cookie: owner.cookie, body: { content: 'Fifth reply from the owner.' } });
    expect(await farmerMails()).toHaveLength(start + 2);
    await t.db.update(users).set({ emailNotifications: false }).where(eq(users.id, owner.id));
    const ownerBefore = (await emailsTo(owner.email)).length;
    await contact(farmer, { spaceId: await newSpace(), content: INQUIRY });
    expect(await emailsTo(owner.email)).toHaveLength(ownerBefore);
    await t.db.update(users).set({ emailNotifications: true, inquiryAlerts: false }).where(eq(users.id, owner.id));
    await contact(farmer, { spaceId: await newSpace(), content: INQUIRY });
    expect(await emailsTo(owner.email)).toHaveLength(ownerBefore);
    await t.db.update(users).set({ emailNotifications: true, inquiryAlerts: true }).where(eq(users.id, owner.id));
    await t.db.update(users).set({ emailNotifications: true }).where(eq(users.id, farmer.id));
  });

  it('limits new conversations and messages per user with 429 and Retry-After', async () => {
    const busy = await createSignedInUser(t, { firstName: 'Busy' });
    let last: Awaited<ReturnType<typeof contact>> | undefined;
    for (let i = 0; i < 21; i++) last = await contact(busy, { spaceId: 999999, content: INQUIRY });
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(last!.json.message).toMatch(/contacted many owners/);

    const chatty = await createSignedInUser(t, { firstName: 'Chatty' });
    const { json } = await contact(chatty, { spaceId: await newSpace(), content: INQUIRY });
    const url = `/api/conversations/${json.conversationId}/messages`;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await t.request(url, { cookie: chatty.cookie, body: { content: `Message number ${i}` } })).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
