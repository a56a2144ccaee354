// Issue 19 over HTTP against a real database, the Stripe SDK on its local fake and the outbox: reports,
// every operator action and its effects, the 404 wall around the console, refunds recorded once when the
// console and the webhook race, and the audit log's append-only rule enforced by the database itself.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client';
import { auditLog, emailNotifications, failedLogins, payments, reports, savedSearchMatches, spaceDailyStats } from '#db/schema/index';
import { MODERATION_MESSAGES } from '#contracts/moderation';
import { sendSavedSearchAlerts } from '#api/modules/saved-searches/saved-search-alerts';
import { createSavedSearch } from '#api/modules/saved-searches/saved-searches.service';
import { startFakeStripe, type FakeStripe } from '../../fixtures/fake-stripe';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { cookieFromSetCookie, createSignedInUser, type TestUser } from '../../fixtures/users';
import { checkout, createDraft, paymentsOf, spaceRowOf } from '../payments/payments-helpers';

const OPERATOR_EMAIL = 'ops@farmspace.test';
const ADMIN_ROUTES: Array<[string, string]> = [
  ['GET', '/api/admin/overview'],
  ['GET', '/api/admin/reports'],
  ['GET', '/api/admin/review'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/search?q=a'],
  ['GET', '/api/admin/spaces/1'],
  ['GET', '/api/admin/users/1'],
  ['GET', '/api/admin/coupons'],
  ['POST', '/api/admin/coupons'],
  ['POST', '/api/admin/coupons/1/disable'],
  ['POST', '/api/admin/spaces/1/hide'],
  ['POST', '/api/admin/spaces/1/unhide'],
  ['POST', '/api/admin/spaces/1/approve'],
  ['POST', '/api/admin/users/1/suspend'],
  ['POST', '/api/admin/users/1/reinstate'],
  ['POST', '/api/admin/users/1/unlock'],
  ['POST', '/api/admin/reports/1/dismiss'],
  ['POST', '/api/admin/payments/1/refund'],
];

describe('moderation', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let operator: TestUser;
  let owner: TestUser;
  let farmer: TestUser;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp({ payments: stripe.provider(), env: { OPERATOR_EMAILS: `other@farmspace.test, ${OPERATOR_EMAIL.toUpperCase()}`, STRIPE_WEBHOOK_SECRET: 'unused' } });
    operator = await createSignedInUser(t, { email: OPERATOR_EMAIL, verified: true, firstName: 'Opal' });
    owner = await createSignedInUser(t, { firstName: 'Olive', verified: true });
    farmer = await createSignedInUser(t, { firstName: 'Fern', verified: true });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const auditCount = async () => Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log`))[0]!.n);
  const act = (path: string, body: unknown = { reason: 'Breaks the rules on fake listings.' }, user = operator) => t.request(path, { cookie: user.cookie, body });
  async function publishedSpace(ownerId = owner.id, title = 'Sunny rooftop'): Promise<number> {
    const [row] = await insertSpaces(t.db, [spaceRow(ownerId, t.clock.now(), { title })]);
    return row!.id;
  }

  it('every operator route answers 404 to a visitor, a signed-in user and an unverified holder of an operator address', async () => {
    const unverified = await createSignedInUser(t, { email: 'other@farmspace.test' });
    const before = await auditCount();
    for (const [method, path] of ADMIN_ROUTES) {
      for (const cookie of [undefined, owner.cookie, unverified.cookie]) {
        const res = await t.request(path, { method, cookie, body: method === 'POST' ? { reason: 'x' } : undefined });
        expect(res.status, `${method} ${path}`).toBe(404);
        // The same answer as a route that does not exist: nothing says a console is there.
        expect(res.json.message).toBe(`No API route for ${method} ${path.split('?')[0]!.replace(/^\/api/, '')}`);
      }
    }
    expect(await auditCount()).toBe(before);
    expect((await t.request('/api/admin/overview', { cookie: operator.cookie })).status).toBe(200);
  });

  it('reports: one open report per reporter and target; bad ones are clear 4xx and write nothing', async () => {
    const spaceId = await publishedSpace(owner.id, 'Too good to be true');
    const res = await t.request('/api/reports', { cookie: farmer.cookie, body: { spaceId, reason: 'scam', details: 'Asked me to pay by gift card <b>now</b>.' } });
    expect(res.status).toBe(201);
    expect(res.json.message).toBe(MODERATION_MESSAGES.reportThanks);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, res.json.id));
    expect(row).toMatchObject({ targetType: 'space', targetId: spaceId, subjectUserId: owner.id, details: 'Asked me to pay by gift card now.' });
    const count = async () => (await t.db.select().from(reports)).length;
    const before = await count();
    const bad: Array<[unknown, number]> = [
      [{ spaceId, reason: 'scam' }, 409],
      [{ spaceId: 999999, reason: 'scam' }, 404],
      [{ spaceId, reason: 'boring' }, 400],
      [{ reason: 'scam' }, 400],
      [{ spaceId, userId: owner.id, reason: 'scam' }, 400],
      [{ spaceId, reason: 'other', details: 'x'.repeat(10_000) }, 400],
      [{ userId: farmer.id, reason: 'harassment' }, 400],
      [{ userId: owner.id, reason: 'harassment' }, 404],
    ];
    for (const [body, status] of bad) expect((await t.request('/api/reports', { cookie: farmer.cookie, body })).status, JSON.stringify(body).slice(0, 80)).toBe(status);
    const own = await t.request('/api/reports', { cookie: owner.cookie, body: { spaceId, reason: 'scam' } });
    expect(own.status).toBe(400);
    expect(own.json.message).toBe(MODERATION_MESSAGES.reportSelf);
    expect((await t.request('/api/reports', { body: { spaceId, reason: 'scam' } })).status).toBe(401);
    expect(await count()).toBe(before);

    const queue = await t.request('/api/admin/reports', { cookie: operator.cookie });
    const item = queue.json.find((r: { id: number }) => r.id === res.json.id);
    expect(item).toMatchObject({ reason: 'scam', target: { type: 'space', id: spaceId, label: 'Too good to be true' }, reporter: { id: farmer.id } });
    expect(item.subject).toMatchObject({ id: owner.id, email: owner.email });
  });

  it('hiding a listing: gone from browse, its page, the cache and the alerts at once; the owner is e-mailed and sees it hidden; a second click is 409', async () => {
    const spaceId = await publishedSpace(owner.id, 'Basement to hide');
    // Warm the public cache, and leave an alert pending for a farmer's saved search.
    expect((await t.request(`/api/spaces/${spaceId}`)).status).toBe(200);
    const search = await createSavedSearch(t.db, farmer.id, { name: 'Anything', query: '' }, t.clock.now());
    await t.db.insert(savedSearchMatches).values({ savedSearchId: search.id, spaceId, matchedAt: t.clock.now() });
    await t.request('/api/reports', { cookie: farmer.cookie, body: { spaceId, reason: 'not_real' } });

    const before = await auditCount();
    expect((await act(`/api/admin/spaces/${spaceId}/hide`, {})).status).toBe(400);
    expect((await act(`/api/admin/spaces/${spaceId}/hide`, { reason: '   ' })).status).toBe(400);
    expect((await act('/api/admin/spaces/999999/hide')).status).toBe(404);
    expect(await auditCount()).toBe(before);

    expect((await act(`/api/admin/spaces/${spaceId}/hide`, { reason: 'Photos taken from another website.' })).status).toBe(200);
    expect((await act(`/api/admin/spaces/${spaceId}/hide`, { reason: 'again' })).status).toBe(409);
    expect(await auditCount()).toBe(before + 1);

    expect((await t.request(`/api/spaces/${spaceId}`)).status).toBe(404);
    const browse = await t.request('/api/spaces?limit=100');
    expect(browse.json.map((s: { id: number }) => s.id)).not.toContain(spaceId);
    expect(await sendSavedSearchAlerts(t.context)).toBe(0);
    const mine = await t.request('/api/spaces/my', { cookie: owner.cookie });
    expect(mine.json.find((s: { id: number }) => s.id === spaceId)).toMatchObject({ status: 'hidden', hiddenReason: 'Photos taken from another website.' });
    // The owner cannot put it back live themselves.
    expect((await t.request(`/api/spaces/${spaceId}`, { method: 'PATCH', cookie: owner.cookie, body: { isActive: true } })).status).toBe(409);
    const [mail] = await t.db.select().from(emailNotifications).where(and(eq(emailNotifications.recipient, owner.email), eq(emailNotifications.type, 'moderation')));
    expect(mail!.textBody).toContain('Photos taken from another website.');
    expect(mail!.textBody).toContain('reply to this e-mail');
    const [report] = await t.db.select().from(reports).where(eq(reports.targetId, spaceId));
    expect(report!.status).toBe('actioned');

    const audit = await t.request(`/api/admin/audit?targetType=space&targetId=${spaceId}`, { cookie: operator.cookie });
    expect(audit.json).toMatchObject([{ action: 'space.hide', actor: OPERATOR_EMAIL, reason: 'Photos taken from another website.' }]);

    expect((await act(`/api/admin/spaces/${spaceId}/unhide`, { reason: 'Owner sent proof.' })).status).toBe(200);
    expect((await t.request(`/api/spaces/${spaceId}`)).status).toBe(200);
    expect((await act(`/api/admin/spaces/${spaceId}/unhide`, { reason: 'again' })).status).toBe(409);
  });

  it('a listing its owner paused comes back paused: after unhide, and after a suspension is lifted; pausing while hidden is kept too', async () => {
    const pause = (id: number, isActive: boolean, user = owner) => t.request(`/api/spaces/${id}`, { method: 'PATCH', cookie: user.cookie, body: { isActive } });
    const statusOf = async (id: number, user = owner) => ((await t.request('/api/spaces/my', { cookie: user.cookie })).json as Array<{ id: number; status: string }>).find((s) => s.id === id)!.status;

    const paused = await publishedSpace(owner.id, 'Paused before it was hidden');
    expect((await pause(paused, false)).status).toBe(200);
    expect((await act(`/api/admin/spaces/${paused}/hide`)).status).toBe(200);
    expect((await act(`/api/admin/spaces/${paused}/unhide`, { reason: 'Cleared.' })).status).toBe(200);
    expect(await statusOf(paused)).toBe('paused');
    expect((await t.request(`/api/spaces/${paused}`)).status).toBe(404);

    // Live when hidden, paused by its owner meanwhile (resuming is refused while hidden): paused after.
    const live = await publishedSpace(owner.id, 'Paused while hidden');
    expect((await act(`/api/admin/spaces/${live}/hide`)).status).toBe(200);
    expect((await pause(live, true)).status).toBe(409);
    expect((await pause(live, false)).status).toBe(200);
    expect(await statusOf(live)).toBe('hidden');
    expect((await act(`/api/admin/spaces/${live}/unhide`, { reason: 'Cleared.' })).status).toBe(200);
    expect(await statusOf(live)).toBe('paused');

    // A suspension hides every listing; reinstating brings back the live one live and the paused one paused.
    const other = await createSignedInUser(t, { firstName: 'Pia', verified: true });
    const a = await publishedSpace(other.id, 'Live when suspended');
    const b = await publishedSpace(other.id, 'Paused when suspended');
    expect((await pause(b, false, other)).status).toBe(200);
    expect((await act(`/api/admin/users/${other.id}/suspend`, { reason: 'Checking identity.' })).status).toBe(200);
    expect((await act(`/api/admin/users/${other.id}/reinstate`, { reason: 'Identity confirmed.' })).status).toBe(200);
    expect((await t.request(`/api/spaces/${a}`)).status).toBe(200);
    expect((await t.request(`/api/spaces/${b}`)).status).toBe(404);
    const relogged = await t.request('/api/auth/login', { body: { email: other.email, password: other.password } });
    const cookie = cookieFromSetCookie(relogged.headers.getSetCookie());
    const mine = (await t.request('/api/spaces/my', { cookie })).json as Array<{ id: number; status: string }>;
    expect(Object.fromEntries(mine.map((s) => [s.id, s.status]))).toEqual({ [a]: 'active', [b]: 'paused' });
  });

  it("suspending an account: its open session gets 401 on the next request, it cannot sign in, its listings are hidden, the other party sees it suspended", async () => {
    const bad = await createSignedInUser(t, { firstName: 'Bad', verified: true });
    const spaceId = await publishedSpace(bad.id, 'Listing of a suspended owner');
    const talk = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId, content: 'Hello, is this rooftop still available for rent?' } });
    expect(talk.status).toBe(201);
    expect((await t.request('/api/auth/user', { cookie: bad.cookie })).status).toBe(200);

    expect((await act(`/api/admin/users/${bad.id}/suspend`, { reason: 'Took deposits for spaces that do not exist.' })).status).toBe(200);
    expect((await t.request('/api/auth/user', { cookie: bad.cookie })).status).toBe(401);
    expect((await t.request('/api/spaces/my', { cookie: bad.cookie })).status).toBe(401);
    const login = await t.request('/api/auth/login', { body: { email: bad.email, password: bad.password } });
    expect(login.status).toBe(403);
    expect(login.json.message).toBe(MODERATION_MESSAGES.accountSuspended);
    expect(login.headers.get('set-cookie') ?? '').not.toContain('session_token=');
    expect((await t.request(`/api/spaces/${spaceId}`)).status).toBe(404);
    const list = await t.request('/api/conversations', { cookie: farmer.cookie });
    expect(list.json.find((c: { id: number }) => c.id === talk.json.conversationId).otherUser.suspended).toBe(true);
    const send = await t.request(`/api/conversations/${talk.json.conversationId}/messages`, { cookie: farmer.cookie, body: { content: 'Are you there?' } });
    expect(send.status).toBe(409);
    expect((await act(`/api/admin/users/${bad.id}/suspend`, { reason: 'again' })).status).toBe(409);
    expect((await act(`/api/admin/users/${operator.id}/suspend`, { reason: 'oops' })).status).toBe(409);

    expect((await act(`/api/admin/users/${bad.id}/reinstate`, { reason: 'Appeal accepted.' })).status).toBe(200);
    expect((await t.request(`/api/spaces/${spaceId}`)).status).toBe(200);
    expect((await t.request('/api/auth/login', { body: { email: bad.email, password: bad.password } })).status).toBe(200);
  });

  it('dismissing a report and unlocking an account are audited once; repeats are 409', async () => {
    const spaceId = await publishedSpace(owner.id, 'Fine listing');
    // A reporter of their own: the farmer's hourly report limit was spent by the tests above.
    const reporter = await createSignedInUser(t, { verified: true });
    const rep = await t.request('/api/reports', { cookie: reporter.cookie, body: { spaceId, reason: 'wrong_info' } });
    expect((await act(`/api/admin/reports/${rep.json.id}/dismiss`, { reason: 'The size is right.' })).status).toBe(200);
    expect((await act(`/api/admin/reports/${rep.json.id}/dismiss`, { reason: 'again' })).status).toBe(409);
    // Closed: the farmer may report it again.
    expect((await t.request('/api/reports', { cookie: reporter.cookie, body: { spaceId, reason: 'wrong_info' } })).status).toBe(201);

    expect((await act(`/api/admin/users/${owner.id}/unlock`, { reason: 'Called us.' })).status).toBe(409);
    await t.db.insert(failedLogins).values({ userId: owner.id, attempts: 10, lockedUntil: new Date(t.clock.now().getTime() + 600_000) });
    expect((await act(`/api/admin/users/${owner.id}/unlock`, { reason: 'Called us.' })).status).toBe(200);
    expect(await t.db.select().from(failedLogins).where(eq(failedLogins.userId, owner.id))).toHaveLength(0);
    const audit = await t.request(`/api/admin/audit?action=user.unlock`, { cookie: operator.cookie });
    expect(audit.json).toHaveLength(1);
  });

  async function paidListing(title: string) {
    const id = await createDraft(t, owner, title);
    const res = await checkout(t, owner, { spaceId: id });
    stripe.succeed(res.json.paymentIntentId);
    expect((await t.request('/api/payments/status', { cookie: owner.cookie, body: { paymentIntentId: res.json.paymentIntentId } })).status).toBe(200);
    const [payment] = await paymentsOf(t, id);
    expect(payment!.status).toBe('succeeded');
    return { spaceId: id, payment: payment!, intentId: res.json.paymentIntentId as string };
  }

  it('refunding a listing fee: the provider refunds once, the receipt shows it, the listing is unpublished; a second refund is 409', async () => {
    const { spaceId, payment } = await paidListing('Refund me');
    expect((await spaceRowOf(t, spaceId)).hasListingFee).toBe(true);
    const res = await act(`/api/admin/payments/${payment.id}/refund`, { reason: 'Charged twice by mistake.' });
    expect(res.status).toBe(200);
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    const receipt = await t.request(`/api/payments/${payment.id}`, { cookie: owner.cookie });
    expect(receipt.json.refundedAt).toBeTruthy();
    expect(await spaceRowOf(t, spaceId)).toMatchObject({ hasListingFee: false });
    expect((await t.request(`/api/spaces/${spaceId}`)).status).toBe(404);
    const before = await auditCount();
    expect((await act(`/api/admin/payments/${payment.id}/refund`, { reason: 'again' })).status).toBe(409);
    expect((await act('/api/admin/payments/999999/refund', { reason: 'x' })).status).toBe(404);
    expect(await auditCount()).toBe(before);

    const kept = await paidListing('Refund but keep');
    expect((await act(`/api/admin/payments/${kept.payment.id}/refund`, { reason: 'Goodwill.', keepPublished: true })).status).toBe(200);
    expect((await t.request(`/api/spaces/${kept.spaceId}`)).status).toBe(200);
  });

  it('a refund is recorded once when the console and the webhook race', async () => {
    const { payment, intentId } = await paidListing('Race refund');
    const delivery = stripe.refundEvent(intentId);
    const deliver = () => t.request('/api/webhooks/stripe', { body: delivery.payload, headers: { 'stripe-signature': delivery.header, 'content-type': 'application/json', origin: '' } });
    const answers = await Promise.all([act(`/api/admin/payments/${payment.id}/refund`, { reason: 'Customer asked.' }), deliver(), deliver()]);
    expect(answers[1]!.status).toBe(200);
    expect([200, 409]).toContain(answers[0]!.status);
    // Whichever came first, a later echo of the refund (a new event id) records nothing more.
    const echo = stripe.refundEvent(intentId);
    expect((await t.request('/api/webhooks/stripe', { body: echo.payload, headers: { 'stripe-signature': echo.header, 'content-type': 'application/json', origin: '' } })).status).toBe(200);
    const logged = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.targetId, payment.id)));
    expect(logged).toHaveLength(1);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.refundedAt).not.toBeNull();
    const mails = await t.db.select().from(emailNotifications).where(and(eq(emailNotifications.recipient, owner.email), sql`${emailNotifications.subject} = 'Your FarmSpace payment was refunded'`));
    expect(mails.filter((m) => m.textBody.includes('Race refund'))).toHaveLength(1);
  });

  it('the audit log is append-only in the database: UPDATE, DELETE and TRUNCATE fail', async () => {
    const [row] = await t.db.select().from(auditLog).limit(1);
    expect(row).toBeDefined();
    // drizzle wraps the database's error: its message is the cause's.
    const refusal = (query: Promise<unknown>) => query.then(() => 'no error', (e: { message: string; cause?: { message?: string } }) => `${e.message} ${e.cause?.message ?? ''}`);
    expect(await refusal(t.db.execute(sql`update audit_log set reason = 'rewritten' where id = ${row!.id}`))).toMatch(/audit_log is append-only: UPDATE refused/);
    expect(await refusal(t.db.execute(sql`delete from audit_log where id = ${row!.id}`))).toMatch(/audit_log is append-only: DELETE refused/);
    expect(await refusal(t.db.execute(sql`truncate audit_log`))).toMatch(/audit_log is append-only: TRUNCATE refused/);
    const [again] = await t.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(again!.reason).toBe(row!.reason);
  });

  it('the overview counts from the daily totals; views and card opens are counted per listing and day', async () => {
    const spaceId = await publishedSpace(owner.id, 'Counted listing');
    for (let i = 0; i < 3; i++) expect((await t.request(`/api/spaces/${spaceId}/card-open`, { method: 'POST' })).status).toBe(204);
    expect((await t.request('/api/spaces/999999/card-open', { method: 'POST' })).status).toBe(404);
    await t.context.listingViews.flush();
    const [stats] = await t.db.select().from(spaceDailyStats).where(eq(spaceDailyStats.spaceId, spaceId));
    expect(stats).toMatchObject({ cardOpens: 3, pageViews: 0 });
    const own = await t.request(`/api/spaces/${spaceId}/stats`, { cookie: owner.cookie });
    expect(own.json.cardOpens.at(-1)).toBe(3);
    expect((await t.request(`/api/spaces/${spaceId}/stats`, { cookie: farmer.cookie })).status).toBe(404);

    const overview = await t.request('/api/admin/overview?days=30', { cookie: operator.cookie });
    expect(overview.status).toBe(200);
    expect(overview.json.dates).toHaveLength(30);
    const today = overview.json.dates.length - 1;
    const users = Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from users`))[0]!.n);
    expect(overview.json.series.new_users[today]).toBe(users);
    expect(overview.json.series.revenue_cents[today]).toBeLessThan(799 * 4);
    expect(overview.json.totals.card_opens).toBeGreaterThanOrEqual(3);
    const countOf = async (query: SQL) => Number((await queryRows<{ n: number }>(t.db, query))[0]!.n);
    expect(overview.json.openReports).toBe(await countOf(sql`select count(*)::int as n from reports where status = 'open'`));
    expect(overview.json.awaitingReview).toBe(await countOf(sql`select count(*)::int as n from spaces where awaiting_review_since is not null`));
    expect((await t.request('/api/admin/overview?days=7', { cookie: operator.cookie })).status).toBe(400);
  });

  it('search finds users and listings; any listing opens, hidden or draft', async () => {
    const draft = await createDraft(t, owner, 'Searchable draft');
    const found = await t.request(`/api/admin/search?q=${encodeURIComponent('Searchable')}`, { cookie: operator.cookie });
    expect(found.json.spaces.map((s: { id: number }) => s.id)).toContain(draft);
    const byEmail = await t.request(`/api/admin/search?q=${encodeURIComponent(owner.email)}`, { cookie: operator.cookie });
    expect(byEmail.json.users.map((u: { id: number }) => u.id)).toContain(owner.id);
    const open = await t.request(`/api/admin/spaces/${draft}`, { cookie: operator.cookie });
    expect(open.json.space).toMatchObject({ id: draft, status: 'draft' });
    expect((await t.request('/api/admin/search?q=', { cookie: operator.cookie })).status).toBe(400);
  });

  it('coupons from the console use the same operations as npm run coupon, audited', async () => {
    const res = await t.request('/api/admin/coupons', { cookie: operator.cookie, body: { code: 'CONSOLE10', percentOff: 10, maxRedemptions: 5 } });
    expect(res.status).toBe(201);
    expect((await t.request('/api/admin/coupons', { cookie: operator.cookie, body: { code: 'console10', percentOff: 10 } })).status).toBe(409);
    expect((await t.request('/api/admin/coupons', { cookie: operator.cookie, body: { code: 'BOTH', percentOff: 10, amountOffCents: 100 } })).status).toBe(400);
    expect((await act(`/api/admin/coupons/${res.json.id}/disable`, { reason: 'Campaign over.' })).status).toBe(200);
    const before = await auditCount();
    expect((await act(`/api/admin/coupons/${res.json.id}/disable`, { reason: 'Twice.' })).status).toBe(409);
    expect(await auditCount()).toBe(before);
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'coupon'), eq(auditLog.targetId, res.json.id))).orderBy(auditLog.id);
    expect(audited.map((a) => [a.action, a.actor])).toEqual([['coupon.create', OPERATOR_EMAIL], ['coupon.disable', OPERATOR_EMAIL]]);
    const list = await t.request('/api/admin/coupons', { cookie: operator.cookie });
    expect(list.json.find((c: { code: string }) => c.code === 'CONSOLE10').active).toBe(false);
    // The same new code five times at once (found by the fuzzer as a 500): one is created, the rest 409.
    const racing = await Promise.all(Array.from({ length: 5 }, () => t.request('/api/admin/coupons', { cookie: operator.cookie, body: { code: 'RACE5', percentOff: 5 } })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

});
