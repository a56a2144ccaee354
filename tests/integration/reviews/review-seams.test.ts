// Issues 38 (items 5, 8, 9, 10) and 43 (items 3, 7, 15, 16), each carried out as the attacker or the person did
// it, over HTTP against a real database: a reviewer's surname on public reads, the reply oracle of a blind
// review, a private profile's reviews, the second review written after reading the first, reviews before the
// lease starts, an unverified account through a whole lease, a review reported from a profile with a listing's
// reasons, and a profile that carried each listing's street address.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, MINUTE } from '#api/lib/clock';
import { REVIEW_MESSAGES } from '#contracts/reviews';
import { AGREEMENT_MESSAGES, formatLeaseDate } from '#contracts/agreements';
import { emailNotifications, reviews, users } from '#db/schema/index';
import { inviteReviewers } from '#api/modules/agreements/review-invitations';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

const TERMS = { rent: '900.00', termMonths: 12, areaSqFt: null, depositMonths: 1, utilitiesPaidBy: 'tenant', growingActivities: 'Microgreens', accessHours: '', insuranceAmount: '0', notes: '' };
const GOOD = 'Clear about the terms, the space was exactly as listed.';
const ALSO_GOOD = 'Paid on time and left the rooftop cleaner than found.';
const day = (d: Date) => d.toISOString().slice(0, 10);

describe('review seams (issues 38 and 43)', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ now: new Date('2026-11-28T09:00:00.000Z') });
    owner = await createSignedInUser(t, { firstName: 'Rita', lastName: 'Ownersurname', verified: true });
    farmer = await createSignedInUser(t, { firstName: 'Fred', lastName: 'Farmersurname', verified: true });
    stranger = await createSignedInUser(t, { firstName: 'Sam', lastName: 'Stranger', verified: true });
  });
  afterAll(async () => t.close());

  /** Terms for a lease starting `startsInDays` from now, accepted; the clock is then moved to the start. */
  async function startedLease({ startsInDays = 0, between = { owner, farmer } } = {}): Promise<{ spaceId: number; proposalId: number; conversationId: number }> {
    const [space] = await insertSpaces(t.db, [spaceRow(between.owner.id, t.clock.now(), { title: 'Sunny Rooftop', location: '12 Secret Lane', city: 'Boise', state: 'ID', hasListingFee: true, expiresAt: new Date(t.clock.now().getTime() + 365 * DAY) })]);
    const started = await t.request('/api/conversations', { cookie: between.farmer.cookie, body: { spaceId: space!.id, content: 'Hello! Is the rooftop still free for microgreens?' } });
    expect(started.status).toBe(201);
    const startDate = day(new Date(t.clock.now().getTime() + startsInDays * DAY));
    const proposed = await t.request(`/api/conversations/${started.json.conversationId}/proposals`, { cookie: between.farmer.cookie, body: { ...TERMS, startDate } });
    expect(proposed.status, JSON.stringify(proposed.json)).toBe(201);
    const accepted = await t.request(`/api/proposals/${proposed.json.id}/accept`, { cookie: between.owner.cookie, body: {} });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    return { spaceId: space!.id, proposalId: proposed.json.id, conversationId: started.json.conversationId };
  }
  const write = (user: TestUser, proposalId: number, body: unknown) => t.request(`/api/proposals/${proposalId}/reviews`, { cookie: user.cookie, body });
  const read = (user: TestUser, proposalId: number) => t.request(`/api/proposals/${proposalId}/reviews`, { cookie: user.cookie });
  const invites = async (email: string) => (await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, email))).filter((r) => r.type === 'review_invite');

  it('38.5: public reads name a reviewer by first name and initial, never the surname', async () => {
    const { proposalId } = await startedLease();
    expect((await write(farmer, proposalId, { rating: 5, text: GOOD })).status).toBe(201);
    expect((await write(owner, proposalId, { rating: 4, text: ALSO_GOOD })).status).toBe(201);
    const list = await t.request(`/api/users/${owner.id}/reviews`);
    expect(list.json.items[0]).toMatchObject({ authorName: 'Fred F.', text: GOOD });
    expect(list.text).not.toContain('Farmersurname');
    const profile = await t.request(`/api/users/${owner.id}/profile`);
    expect(profile.json.reviews.items[0]).toMatchObject({ authorName: 'Fred F.' });
    expect(profile.text).not.toContain('Farmersurname');
    const farmersProfile = await t.request(`/api/users/${farmer.id}/profile`, { cookie: stranger.cookie });
    expect(farmersProfile.json.reviews.items[0]).toMatchObject({ authorName: 'Rita O.' });
    expect(farmersProfile.text).not.toContain('Ownersurname');
  });

  it('38.8: replying to a review still blind is 404, as for a review that does not exist (no existence oracle)', async () => {
    const { proposalId } = await startedLease();
    expect((await write(farmer, proposalId, { rating: 2, text: 'The water supply was not as described.' })).status).toBe(201);
    const [blind] = await t.db.select().from(reviews).where(eq(reviews.proposalId, proposalId));
    const reply = (id: number) => t.request(`/api/reviews/${id}/reply`, { cookie: owner.cookie, body: { text: 'Thanks.' } });
    const missing = await reply(999_999);
    const stillBlind = await reply(blind!.id);
    expect(stillBlind.status).toBe(404);
    expect(stillBlind.json).toEqual(missing.json);
    t.clock.advance(14 * DAY);
    expect((await reply(blind!.id)).status).toBe(201);
  });

  it('38.9: a private profile is 404 on every public read, its reviews included', async () => {
    const shy = await createSignedInUser(t, { firstName: 'Shy', lastName: 'Person', verified: true });
    const { proposalId } = await startedLease({ between: { owner: shy, farmer } });
    await write(farmer, proposalId, { rating: 5, text: GOOD });
    await write(shy, proposalId, { rating: 5, text: ALSO_GOOD });
    expect((await t.request(`/api/users/${shy.id}/reviews`)).json.count).toBe(1);
    await t.db.update(users).set({ preferences: { publicProfile: false } }).where(eq(users.id, shy.id));
    const profile = await t.request(`/api/users/${shy.id}/profile`, { cookie: stranger.cookie });
    expect(profile.status).toBe(404);
    for (const cookie of [undefined, stranger.cookie]) {
      const res = await t.request(`/api/users/${shy.id}/reviews`, { cookie });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(GOOD);
    }
    // The person themself still reads their own.
    expect((await t.request(`/api/users/${shy.id}/reviews`, { cookie: shy.cookie })).json.count).toBe(1);
  });

  it('38.10: once the first review is published, the other party can no longer write one', async () => {
    const { proposalId } = await startedLease();
    expect((await write(owner, proposalId, { rating: 3, text: 'Communication was slow but it all worked out.' })).status).toBe(201);
    t.clock.advance(14 * DAY);
    // The farmer now reads the owner's review of them...
    expect((await read(farmer, proposalId)).json).toMatchObject({ theirs: { rating: 3 }, canWrite: false });
    // ...and cannot answer it with a review of their own, although day 30 is still ahead.
    const late = await write(farmer, proposalId, { rating: 1, text: 'Retaliation for the three stars I just read.' });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(REVIEW_MESSAGES.otherPublished);
    expect((await t.db.select().from(reviews).where(eq(reviews.proposalId, proposalId))).length).toBe(1);
  });

  it('43.3: reviews open when the lease starts, for 30 days; the invitation comes then; the text says the right dates', async () => {
    const farmerInvites = (await invites(farmer.email)).length;
    const { proposalId } = await startedLease({ startsInDays: 48 });
    const startDate = day(new Date(t.clock.now().getTime() + 48 * DAY));
    // Accepted, not started: nobody may review, and nobody is invited to.
    const before = await read(farmer, proposalId);
    expect(before.json).toMatchObject({ canWrite: false, opensAt: `${startDate}T00:00:00.000Z`, writableUntil: new Date(Date.parse(`${startDate}T00:00:00.000Z`) + 30 * DAY - 1).toISOString() });
    const early = await write(farmer, proposalId, { rating: 5, text: GOOD });
    expect(early.status).toBe(409);
    expect(early.json.message).toContain('once the lease has started');
    expect(await invites(farmer.email)).toHaveLength(farmerInvites);
    // The day it starts: the job invites both parties once, with the end of the window.
    t.clock.set(new Date(`${startDate}T00:00:00.000Z`));
    const job = () => inviteReviewers({ db: t.db, clock: t.clock, siteUrl: t.baseUrl });
    expect(await job()).toEqual({ invited: 1 });
    expect(await job()).toEqual({ invited: 0 });
    const sent = await invites(farmer.email);
    expect(sent).toHaveLength(farmerInvites + 1);
    expect(sent.at(-1)!.textBody).toContain(`until ${formatLeaseDate(day(new Date(Date.parse(`${startDate}T00:00:00.000Z`) + 29 * DAY)))}`);
    expect((await read(farmer, proposalId)).json.canWrite).toBe(true);
    // Through the 30th day, and not after.
    t.clock.advance(30 * DAY - MINUTE);
    expect((await read(owner, proposalId)).json.canWrite).toBe(true);
    t.clock.advance(MINUTE);
    expect((await write(farmer, proposalId, { rating: 5, text: GOOD })).status).toBe(409);
  });

  it('43.7: an unverified account cannot propose, accept or review; the refusal says why (403 email_unverified)', async () => {
    const newOwner = await createSignedInUser(t, { firstName: 'Una', lastName: 'Unverified' });
    const newFarmer = await createSignedInUser(t, { firstName: 'Ned', lastName: 'New' });
    const [space] = await insertSpaces(t.db, [spaceRow(newOwner.id, t.clock.now(), { hasListingFee: true, expiresAt: new Date(t.clock.now().getTime() + 365 * DAY) })]);
    const started = await t.request('/api/conversations', { cookie: newFarmer.cookie, body: { spaceId: space!.id, content: 'Hello! Is the rooftop still free for microgreens?' } });
    expect(started.status).toBe(201);
    const terms = { ...TERMS, startDate: day(t.clock.now()) };
    const proposed = await t.request(`/api/conversations/${started.json.conversationId}/proposals`, { cookie: newFarmer.cookie, body: terms });
    expect(proposed.status).toBe(403);
    expect(proposed.json).toMatchObject({ code: 'email_unverified', message: AGREEMENT_MESSAGES.verifyToAgree });
    await t.db.update(users).set({ verified: true }).where(eq(users.id, newFarmer.id));
    const ok = await t.request(`/api/conversations/${started.json.conversationId}/proposals`, { cookie: newFarmer.cookie, body: terms });
    expect(ok.status).toBe(201);
    const accept = await t.request(`/api/proposals/${ok.json.id}/accept`, { cookie: newOwner.cookie, body: {} });
    expect(accept.status).toBe(403);
    expect(accept.json).toMatchObject({ code: 'email_unverified', message: AGREEMENT_MESSAGES.verifyToAgree });
    await t.db.update(users).set({ verified: true }).where(eq(users.id, newOwner.id));
    expect((await t.request(`/api/proposals/${ok.json.id}/accept`, { cookie: newOwner.cookie, body: {} })).status).toBe(200);
    // An address changed later is unverified again: no review until it is verified.
    await t.db.update(users).set({ verified: false }).where(eq(users.id, newFarmer.id));
    const review = await write(newFarmer, ok.json.id, { rating: 5, text: GOOD });
    expect(review.status).toBe(403);
    expect(review.json).toMatchObject({ code: 'email_unverified', message: REVIEW_MESSAGES.verifyToReview });
    expect((await read(newFarmer, ok.json.id)).json).toMatchObject({ canWrite: false, needsVerification: true });
  });

  it('43.15: anyone signed in reads a review on a profile and reports it, with reasons that fit a review', async () => {
    const { proposalId } = await startedLease();
    await write(farmer, proposalId, { rating: 1, text: 'This owner is a crook and a liar, avoid.' });
    await write(owner, proposalId, { rating: 5, text: ALSO_GOOD });
    const [review] = await t.db.select().from(reviews).where(eq(reviews.proposalId, proposalId)).then((rows) => rows.filter((r) => r.authorId === farmer.id));
    const report = (reason: string) => t.request('/api/reports', { cookie: stranger.cookie, body: { reviewId: review!.id, reason } });
    const listingReason = await report('not_real');
    expect(listingReason.status).toBe(400);
    expect(listingReason.json.message).toContain('review');
    expect((await report('false_review')).status).toBe(201);
    // A listing keeps its own reasons: a review's do not fit it.
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { hasListingFee: true, expiresAt: new Date(t.clock.now().getTime() + 365 * DAY) })]);
    expect((await t.request('/api/reports', { cookie: stranger.cookie, body: { spaceId: space!.id, reason: 'false_review' } })).status).toBe(400);
    expect((await t.request('/api/reports', { cookie: stranger.cookie, body: { spaceId: space!.id, reason: 'not_real' } })).status).toBe(201);
  });

  it('43.16: a profile lists the person\'s spaces without their street address', async () => {
    await startedLease();
    const res = await t.request(`/api/users/${owner.id}/profile`);
    expect(res.json.listings.length).toBeGreaterThan(0);
    expect(res.text).not.toContain('12 Secret Lane');
    expect(res.json.listings[0]).toMatchObject({ location: 'Boise, ID', city: 'Boise', streetAddressWithheld: true });
  });
});
