// Reviews after an agreed lease (issue 28) over HTTP against a real database (PGlite, and PostgreSQL in the
// deep project): the double-blind rule (neither party reads the other's review before both wrote; the 14-day
// clock on the injected clock), the 30-day window, bad input that writes nothing, the one reply, reports and
// the operators' hide (audited), the e-mails, and the owner's real rating in the listing answers (a browse
// page reads it in its own statement).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, MINUTE } from '#api/lib/clock';
import { REVIEW_MESSAGES } from '#contracts/reviews';
import { queryRows } from '#db/client';
import { emailNotifications, reviews } from '#db/schema/index';
import { tellPublishedReviews } from '#api/modules/reviews/reviews.service';
import { inviteReviewers } from '#api/modules/agreements/review-invitations';
import { listSpaces } from '#api/modules/spaces/spaces.service';
import { spaceQuerySchema } from '#contracts/spaces.schemas';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { recordingDb } from '../../fixtures/statements';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

const OPERATOR_EMAIL = 'ops@farmspace.test';
const TERMS = { rent: '900.00', termMonths: 12, areaSqFt: null, depositMonths: 1, utilitiesPaidBy: 'tenant', growingActivities: 'Microgreens', accessHours: '', insuranceAmount: '0', notes: '' };
const GOOD = 'Clear about the terms, the space was exactly as listed.';
const ALSO_GOOD = 'Paid on time and left the rooftop cleaner than found.';

describe('reviews after an agreed lease', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;
  let stranger: TestUser;
  let operator: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ now: new Date('2026-05-01T09:00:00.000Z'), env: { OPERATOR_EMAILS: OPERATOR_EMAIL } });
    owner = await createSignedInUser(t, { firstName: 'Olive', lastName: 'Owner', verified: true });
    farmer = await createSignedInUser(t, { firstName: 'Fern', lastName: 'Farmer', verified: true });
    stranger = await createSignedInUser(t, { firstName: 'Sam', lastName: 'Stranger', verified: true });
    operator = await createSignedInUser(t, { email: OPERATOR_EMAIL, firstName: 'Opal', verified: true });
  });
  afterAll(async () => t.close());

  /** A listing of the owner, the farmer's conversation about it and the farmer's terms; accepted unless told not to. */
  async function agreement(accept = true): Promise<{ spaceId: number; proposalId: number }> {
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: 'Sunny Rooftop' })]);
    const started = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: space!.id, content: 'Hello! Is the rooftop still free for microgreens?' } });
    expect(started.status).toBe(201);
    // A lease that starts today: reviews are open from its start (issue 43, item 3; review-seams.test.ts has the rest).
    const proposed = await t.request(`/api/conversations/${started.json.conversationId}/proposals`, { cookie: farmer.cookie, body: { ...TERMS, startDate: t.clock.now().toISOString().slice(0, 10) } });
    expect(proposed.status).toBe(201);
    if (accept) expect((await t.request(`/api/proposals/${proposed.json.id}/accept`, { cookie: owner.cookie, body: {} })).status).toBe(200);
    return { spaceId: space!.id, proposalId: proposed.json.id };
  }
  const write = (user: TestUser | null, proposalId: number, body: unknown) => t.request(`/api/proposals/${proposalId}/reviews`, { cookie: user?.cookie, body });
  const read = (user: TestUser, proposalId: number) => t.request(`/api/proposals/${proposalId}/reviews`, { cookie: user.cookie });
  const profile = (userId: number) => t.request(`/api/users/${userId}/reviews`);
  const reviewCount = async () => Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from reviews`))[0]!.n);
  const mailsTo = (email: string, type: 'review_invite' | 'review_published') => t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, email)).then((rows) => rows.filter((r) => r.type === type));

  it('is double-blind: neither reads the other before both wrote; the second review publishes both, and both are told', async () => {
    const { spaceId, proposalId } = await agreement();
    // The lease's start invites both parties to review (the job; the window runs 30 days from the start).
    await inviteReviewers({ db: t.db, clock: t.clock, siteUrl: t.baseUrl });
    expect((await mailsTo(owner.email, 'review_invite')).at(-1)).toMatchObject({ subject: 'You can now review Fern Farmer' });
    expect((await mailsTo(farmer.email, 'review_invite')).at(-1)!.textBody).toContain('until May 30, 2026');

    const first = await write(farmer, proposalId, { rating: 5, text: GOOD });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ canWrite: false, mine: { rating: 5, text: GOOD, publishedAt: null, publishesAt: '2026-05-15T09:00:00.000Z' }, theirs: null });
    // The owner cannot read it, anywhere: not in the agreement, not on the profile, not in the listing's rating.
    const ownerView = await read(owner, proposalId);
    expect(ownerView.json).toMatchObject({ canWrite: true, otherName: 'Fern Farmer', mine: null, theirs: null });
    expect(JSON.stringify(ownerView.json)).not.toContain(GOOD);
    expect((await profile(owner.id)).json).toEqual({ average: null, count: 0, items: [] });
    expect((await t.request(`/api/spaces/${spaceId}`)).json.ownerRating).toBeNull();

    t.clock.advance(3 * DAY);
    const second = await write(owner, proposalId, { rating: 4, text: ALSO_GOOD });
    expect(second.status).toBe(201);
    expect(second.json).toMatchObject({ mine: { rating: 4, publishedAt: '2026-05-04T09:00:00.000Z' }, theirs: { rating: 5, text: GOOD, authorName: 'Fern Farmer', authorRole: 'farmer' } });
    expect((await read(farmer, proposalId)).json.theirs).toMatchObject({ rating: 4, text: ALSO_GOOD, authorRole: 'owner' });
    const ownersReviews = (await profile(owner.id)).json;
    expect(ownersReviews).toMatchObject({ average: 5, count: 1, items: [{ text: GOOD, spaceTitle: 'Sunny Rooftop', reply: null }] });
    // One "published" e-mail to each party, now, and none later from the job.
    expect(await mailsTo(farmer.email, 'review_published')).toHaveLength(1);
    expect((await mailsTo(owner.email, 'review_published'))[0]).toMatchObject({ subject: 'Your review is published' });
    expect((await tellPublishedReviews({ db: t.db, clock: t.clock, siteUrl: 'http://x' })).told).toBe(0);
  });

  it('publishes a lone review 14 days after it was written (the injected clock), and the job tells both once', async () => {
    const { spaceId, proposalId } = await agreement();
    const farmerBefore = (await profile(farmer.id)).json;
    expect(farmerBefore).toMatchObject({ average: 4, count: 1 });
    expect((await write(owner, proposalId, { rating: 3, text: 'Communication was slow but it all worked out.' })).status).toBe(201);
    t.clock.advance(14 * DAY - MINUTE);
    expect((await read(farmer, proposalId)).json.theirs).toBeNull();
    expect((await profile(farmer.id)).json).toEqual(farmerBefore);
    t.clock.advance(MINUTE);
    expect((await read(farmer, proposalId)).json.theirs).toMatchObject({ rating: 3 });
    expect((await profile(farmer.id)).json).toMatchObject({ average: 3.5, count: 2 });
    const before = (await mailsTo(farmer.email, 'review_published')).length;
    expect((await tellPublishedReviews({ db: t.db, clock: t.clock, siteUrl: t.baseUrl })).told).toBe(1);
    expect((await tellPublishedReviews({ db: t.db, clock: t.clock, siteUrl: t.baseUrl })).told).toBe(0);
    const told = await mailsTo(farmer.email, 'review_published');
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)).toMatchObject({ subject: 'Olive Owner reviewed you' });
    // The farmer has read the owner's review: writing one now would not be blind (issue 38, item 10).
    expect((await write(farmer, proposalId, { rating: 5, text: GOOD })).status).toBe(409);
    // The owner's listing carries the real average of the published reviews of the owner.
    expect((await t.request(`/api/spaces/${spaceId}`)).json.ownerRating).toEqual({ average: 5, count: 1 });
    const page = await t.request('/api/spaces?limit=50');
    expect(page.json.find((s: { id: number }) => s.id === spaceId).ownerRating).toEqual({ average: 5, count: 1 });
    // Browse reads the page and its owners' ratings in one statement (decision 0708): a second statement waited
    // for a pool connection again, behind every query queued meanwhile — a miss's queueing twice under load.
    const recording = recordingDb(t.database);
    try {
      const listed = await listSpaces(recording.db, spaceQuerySchema.parse({ limit: '50' }), t.clock.now(), t.context.ownerRatings);
      expect(listed.spaces.find((s) => s.id === spaceId)?.ownerRating).toEqual({ average: 5, count: 1 });
      expect(listed.spaces.filter((s) => s.ownerId !== owner.id).every((s) => s.ownerRating === null)).toBe(true);
      expect(recording.statements).toHaveLength(1);
    } finally {
      await recording.close();
    }
  });

  it('two reviews written at the same moment publish both (the second waits for the first behind the lock)', async () => {
    const { proposalId } = await agreement();
    const [a, b] = await Promise.all([write(farmer, proposalId, { rating: 5, text: GOOD }), write(owner, proposalId, { rating: 5, text: ALSO_GOOD })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const rows = await t.db.select().from(reviews).where(eq(reviews.proposalId, proposalId));
    expect(rows.map((r) => r.publishesAt.toISOString())).toEqual([t.clock.now().toISOString(), t.clock.now().toISOString()]);
    expect((await read(owner, proposalId)).json.theirs).toMatchObject({ text: GOOD });
  });

  it('closes writing 30 days after the lease starts', async () => {
    const { proposalId } = await agreement();
    // The lease starts at 00:00 UTC today; the window's last minute is the 30th day's last.
    const start = Date.parse(`${t.clock.now().toISOString().slice(0, 10)}T00:00:00.000Z`);
    t.clock.set(new Date(start + 30 * DAY - MINUTE));
    expect((await write(farmer, proposalId, { rating: 4, text: GOOD })).status).toBe(201);
    t.clock.advance(MINUTE);
    const before = await reviewCount();
    const late = await write(owner, proposalId, { rating: 4, text: ALSO_GOOD });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(REVIEW_MESSAGES.windowClosed);
    expect((await read(owner, proposalId)).json.canWrite).toBe(false);
    expect(await reviewCount()).toBe(before);
  });

  it('refuses bad input, strangers, a second review and terms not accepted with clear 4xx, writing nothing', async () => {
    const { proposalId } = await agreement();
    const open = await agreement(false);
    const before = await reviewCount();
    const cases: [TestUser | null, number, unknown, number, string | RegExp][] = [
      [farmer, proposalId, { rating: 0, text: GOOD }, 400, REVIEW_MESSAGES.ratingInvalid],
      [farmer, proposalId, { rating: 6, text: GOOD }, 400, REVIEW_MESSAGES.ratingInvalid],
      [farmer, proposalId, { rating: 4.5, text: GOOD }, 400, REVIEW_MESSAGES.ratingInvalid],
      [farmer, proposalId, { rating: '5', text: GOOD }, 400, REVIEW_MESSAGES.ratingInvalid],
      [farmer, proposalId, { rating: 5, text: 'Too short.' }, 400, REVIEW_MESSAGES.textTooShort],
      [farmer, proposalId, { rating: 5, text: `  ${'x'.repeat(19)}  ` }, 400, REVIEW_MESSAGES.textTooShort],
      [farmer, proposalId, { rating: 5, text: 'y'.repeat(2001) }, 400, REVIEW_MESSAGES.textTooLong],
      [farmer, proposalId, { rating: 5 }, 400, REVIEW_MESSAGES.textTooShort],
      [farmer, proposalId, 'not json', 400, /./],
      [stranger, proposalId, { rating: 5, text: GOOD }, 404, 'Proposal not found.'],
      [farmer, 999_999, { rating: 5, text: GOOD }, 404, 'Proposal not found.'],
      [farmer, open.proposalId, { rating: 5, text: GOOD }, 409, REVIEW_MESSAGES.notAccepted],
      [null, proposalId, { rating: 5, text: GOOD }, 401, /./],
    ];
    for (const [user, id, body, status, message] of cases) {
      const res = await write(user, id, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      if (typeof message === 'string') expect(res.json.message).toContain(message);
    }
    expect((await read(stranger, proposalId)).status).toBe(404);
    expect((await t.request(`/api/proposals/${proposalId}/reviews`)).status).toBe(401);
    expect(await reviewCount()).toBe(before);
    // Markup is stripped; then a second review of the same agreement is 409.
    const ok = await write(farmer, proposalId, { rating: 5, text: `<b>${GOOD}</b>` });
    expect(ok.json.mine.text).toBe(GOOD);
    const again = await write(farmer, proposalId, { rating: 1, text: ALSO_GOOD });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(REVIEW_MESSAGES.alreadyWritten);
    expect(await reviewCount()).toBe(before + 1);
  });

  it('lets the reviewed person reply once, in public, to a published review', async () => {
    const { proposalId } = await agreement();
    await write(farmer, proposalId, { rating: 2, text: 'The water supply was not as described.' });
    const [review] = await t.db.select().from(reviews).where(eq(reviews.proposalId, proposalId));
    const reply = (user: TestUser, body: unknown) => t.request(`/api/reviews/${review!.id}/reply`, { cookie: user.cookie, body });
    // Before publication: the author's "other party" has nothing to answer yet; strangers see nothing.
    expect((await reply(owner, { text: 'Thanks.' })).status).toBe(404);
    expect((await reply(stranger, { text: 'Hi' })).status).toBe(404);
    t.clock.advance(14 * DAY);
    expect((await reply(farmer, { text: 'My own review.' })).status).toBe(404);
    expect((await reply(owner, { text: '' })).status).toBe(400);
    const ok = await reply(owner, { text: 'We fitted a new meter the week after.' });
    expect(ok.status).toBe(201);
    expect(ok.json.reply).toEqual({ text: 'We fitted a new meter the week after.', at: t.clock.now().toISOString() });
    expect((await reply(owner, { text: 'Again.' })).status).toBe(409);
    const items = (await profile(owner.id)).json.items as Array<{ id: number; reply: unknown }>;
    expect(items.find((i) => i.id === review!.id)!.reply).toMatchObject({ text: 'We fitted a new meter the week after.' });
  });

  it('reports a review through the reports flow; an operator hides it (audited) and it leaves the profile and rating', async () => {
    const { proposalId } = await agreement();
    await write(farmer, proposalId, { rating: 1, text: 'This owner is a crook and a liar, avoid.' });
    const [review] = await t.db.select().from(reviews).where(eq(reviews.proposalId, proposalId));
    // An unpublished review cannot be reported (it does not exist for others yet).
    expect((await t.request('/api/reports', { cookie: owner.cookie, body: { reviewId: review!.id, reason: 'offensive' } })).status).toBe(404);
    t.clock.advance(14 * DAY);
    const countBefore = (await profile(owner.id)).json.count as number;
    const report = await t.request('/api/reports', { cookie: owner.cookie, body: { reviewId: review!.id, reason: 'offensive', details: 'Insults, no facts.' } });
    expect(report.status).toBe(201);
    const queue = await t.request('/api/admin/reports', { cookie: operator.cookie });
    expect(queue.json.find((q: { id: number }) => q.id === report.json.id)).toMatchObject({ target: { type: 'review', id: review!.id }, review: { rating: 1, hidden: false }, subject: { id: farmer.id } });

    expect((await t.request(`/api/admin/reviews/${review!.id}/hide`, { cookie: owner.cookie, body: { reason: 'x' } })).status).toBe(404);
    expect((await t.request(`/api/admin/reviews/${review!.id}/hide`, { cookie: operator.cookie, body: {} })).status).toBe(400);
    const hidden = await t.request(`/api/admin/reviews/${review!.id}/hide`, { cookie: operator.cookie, body: { reason: 'Insults without facts.' } });
    expect(hidden.status).toBe(200);
    expect((await t.request(`/api/admin/reviews/${review!.id}/hide`, { cookie: operator.cookie, body: { reason: 'again' } })).status).toBe(409);
    const audit = await t.request(`/api/admin/audit?targetType=review&targetId=${review!.id}`, { cookie: operator.cookie });
    expect(Array.isArray(audit.json) ? audit.json : audit.json.entries).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'review.hide', reason: 'Insults without facts.' })]));
    const after = (await profile(owner.id)).json;
    expect(after.count).toBe(countBefore - 1);
    expect(JSON.stringify(after)).not.toContain('crook');
    expect((await read(owner, proposalId)).json.theirs).toBeNull();
    // The report is closed with the action; unhide brings it back.
    expect((await t.request('/api/admin/reports', { cookie: operator.cookie })).json.some((q: { id: number }) => q.id === report.json.id)).toBe(false);
    expect((await t.request(`/api/admin/reviews/${review!.id}/unhide`, { cookie: operator.cookie, body: { reason: 'Appeal upheld.' } })).status).toBe(200);
    expect((await profile(owner.id)).json.count).toBe(countBefore);
  });

  it('exports reviews written and received; the reviews of a closed account stay, as "Former member"', async () => {
    const leaving = await createSignedInUser(t, { firstName: 'Lee', lastName: 'Leaving', verified: true });
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: 'Basement Farm' })]);
    const started = await t.request('/api/conversations', { cookie: leaving.cookie, body: { spaceId: space!.id, content: 'Hello! Is the basement free for mushrooms?' } });
    const startDate = t.clock.now().toISOString().slice(0, 10);
    const proposed = await t.request(`/api/conversations/${started.json.conversationId}/proposals`, { cookie: leaving.cookie, body: { ...TERMS, startDate } });
    await t.request(`/api/proposals/${proposed.json.id}/accept`, { cookie: owner.cookie, body: {} });
    await write(leaving, proposed.json.id, { rating: 5, text: 'A dry, clean basement and a helpful owner.' });
    await write(owner, proposed.json.id, { rating: 4, text: 'Kept the basement tidy and paid on time.' });

    const exported = await t.request('/api/account/export', { cookie: leaving.cookie });
    expect(exported.json.sections.reviews).toEqual([
      expect.objectContaining({ writtenByYou: true, rating: 5, text: 'A dry, clean basement and a helpful owner.' }),
      expect.objectContaining({ writtenByYou: false, rating: 4, text: 'Kept the basement tidy and paid on time.' }),
    ]);
    expect(exported.json.notes.reviews).toContain('Former member');

    expect((await t.request('/api/account', { method: 'DELETE', cookie: leaving.cookie, body: { password: leaving.password } })).status).toBe(200);
    const items = (await profile(owner.id)).json.items as Array<{ text: string; authorName: string; authorId: number | null }>;
    expect(items.find((i) => i.text.startsWith('A dry, clean basement'))).toMatchObject({ authorName: 'Former member', authorId: null });
    // The closed account's own page of reviews is gone with the account.
    expect((await profile(leaving.id)).status).toBe(404);
  });

  it('GET /api/users/{id}/reviews is 404 for an unknown id', async () => {
    expect((await profile(999_999)).status).toBe(404);
    expect((await t.request('/api/users/abc/reviews')).status).toBe(404);
  });
});
