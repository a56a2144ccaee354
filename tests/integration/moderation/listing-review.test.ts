// LISTING_REVIEW=before (issue 19): a paid listing waits for an operator; the owner sees "in review" and
// cannot resume it; approval starts its 30 days, matches saved searches and e-mails the owner. Also the
// expiry job's entries in the audit log (automatic actions are audited like the operators' own).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailNotifications } from '#db/schema/index';
import { createTestModeProvider } from '#api/modules/payments/test-mode-provider';
import { expireListings } from '#api/modules/spaces/expire-listings';
import { DAY } from '#api/lib/clock';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { createDraft, spaceRowOf } from '../payments/payments-helpers';

describe('listing review before going live', () => {
  let t: TestApp;
  let operator: TestUser;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ payments: createTestModeProvider(), env: { OPERATOR_EMAILS: 'review-ops@farmspace.test', LISTING_REVIEW: 'before' } });
    operator = await createSignedInUser(t, { email: 'review-ops@farmspace.test', verified: true });
    owner = await createSignedInUser(t, { verified: true });
  });
  afterAll(async () => t.close());

  async function pay(spaceId: number) {
    const intent = await t.request('/api/create-payment-intent', { cookie: owner.cookie, body: { spaceId, paymentType: 'listing_fee', currency: 'USD' } });
    expect(intent.status).toBe(200);
    const paid = await t.request('/api/payments/test-confirm', {
      cookie: owner.cookie,
      body: { paymentIntentId: intent.json.paymentIntentId, clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    expect(paid.json.status).toBe('succeeded');
  }

  it('a paid listing waits in the review queue; approval makes it live for 30 days from then', async () => {
    const id = await createDraft(t, owner, 'Reviewed rooftop');
    await pay(id);
    const mine = await t.request('/api/spaces/my', { cookie: owner.cookie });
    expect(mine.json.find((s: { id: number }) => s.id === id).status).toBe('in_review');
    expect((await t.request(`/api/spaces/${id}`)).status).toBe(404);
    expect((await t.request(`/api/spaces/${id}`, { method: 'PATCH', cookie: owner.cookie, body: { isActive: true } })).status).toBe(409);
    const queue = await t.request('/api/admin/review', { cookie: operator.cookie });
    expect(queue.json.map((s: { id: number }) => s.id)).toContain(id);

    t.clock.advance(3 * DAY);
    const approvedAt = t.clock.now();
    expect((await t.request(`/api/admin/spaces/${id}/approve`, { cookie: operator.cookie, body: { reason: 'Photos and address checked.' } })).status).toBe(200);
    expect((await t.request(`/api/admin/spaces/${id}/approve`, { cookie: operator.cookie, body: { reason: 'again' } })).status).toBe(409);
    const row = await spaceRowOf(t, id);
    expect(row.expiresAt.getTime()).toBe(approvedAt.getTime() + 30 * DAY);
    expect((await t.request(`/api/spaces/${id}`)).status).toBe(200);
    const mails = await t.db.select().from(emailNotifications).where(and(eq(emailNotifications.recipient, owner.email), eq(emailNotifications.type, 'moderation')));
    expect(mails.map((m) => m.subject)).toContain('Your listing "Reviewed rooftop" is live');

    // Its end: the expiry job archives it and says so in the audit log, once.
    t.clock.advance(31 * DAY);
    await expireListings(t.db, t.clock.now());
    await expireListings(t.db, t.clock.now());
    const expired = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'space.expire'), eq(auditLog.targetId, id)));
    expect(expired).toHaveLength(1);
    expect(expired[0]!.actor).toBe('system');
  });
});
