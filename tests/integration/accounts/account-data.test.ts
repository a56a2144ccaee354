// Issue 28, "take your data, close your account", over HTTP against a real database (PGlite here, PostgreSQL
// in CI): the export carries what the person gave and what is held about them; closing the account ends
// every session at once, takes the listings away as a deletion does, keeps every message in the other
// party's conversation under "Former member", keeps payments and the audit log, frees the e-mail address for
// a new sign-up and writes the confirmation to the old address. A wrong password changes nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DATA_TEXTS, FORMER_MEMBER_NAME } from '#contracts/account-data';
import { accounts, archivedSpaces, auditLog, emailNotifications, inquiries, leaseProposals, messages, payments, savedSearches, savedSpaces, sessions, spaces, users } from '#db/schema/index';
import { createTestModeProvider } from '#api/modules/payments/test-mode-provider';
import { insertSpaces, spaceRow, validSpaceBody } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

const NEW_PASSWORD = 'Second-Life-Pass-2026';
const OPERATOR_EMAIL = 'ops-closing@farmspace.test';

describe('taking one’s data and closing one’s account', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;
  let operator: TestUser;
  let spaceId: number;
  let draftId: number;
  let conversationId: number;
  let proposalId: number;

  beforeAll(async () => {
    t = await startTestApp({ payments: createTestModeProvider(), env: { OPERATOR_EMAILS: OPERATOR_EMAIL } });
    operator = await createSignedInUser(t, { email: OPERATOR_EMAIL, verified: true });
    owner = await createSignedInUser(t, { firstName: 'Olive', lastName: 'Owner', verified: true });
    farmer = await createSignedInUser(t, { firstName: 'Fern', lastName: 'Farmer', verified: true });

    // A paid, live listing the farmer writes about, agrees terms for and saves; and an untouched draft.
    const created = await t.request('/api/spaces', { cookie: owner.cookie, body: validSpaceBody({ title: 'Rooftop for closing' }) });
    spaceId = created.json.id;
    draftId = (await t.request('/api/spaces', { cookie: owner.cookie, body: validSpaceBody({ title: 'Draft nobody saw' }) })).json.id;
    const intent = await t.request('/api/create-payment-intent', { cookie: owner.cookie, body: { spaceId, paymentType: 'listing_fee', currency: 'USD' } });
    const paid = await t.request('/api/payments/test-confirm', {
      cookie: owner.cookie,
      body: { paymentIntentId: intent.json.paymentIntentId, clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
    });
    expect(paid.json).toMatchObject({ status: 'succeeded', spaceId });
    const contact = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId, content: 'Is the rooftop free from spring on?' } });
    expect(contact.status).toBe(201);
    conversationId = contact.json.conversationId;
    expect((await t.request(`/api/conversations/${conversationId}/messages`, { cookie: owner.cookie, body: { content: 'It is. Come and see it.' } })).status).toBe(201);
    expect((await t.request(`/api/conversations/${conversationId}/messages`, { cookie: farmer.cookie, body: { content: 'Wonderful, Monday then.' } })).status).toBe(201);
    const proposed = await t.request(`/api/conversations/${conversationId}/proposals`, {
      cookie: farmer.cookie,
      body: { rent: '950.00', startDate: '2099-01-01', termMonths: 12, depositMonths: 1, utilitiesPaidBy: 'tenant', notes: 'Spring start' },
    });
    expect(proposed.status).toBe(201);
    proposalId = proposed.json.id;
    expect((await t.request(`/api/proposals/${proposalId}/accept`, { cookie: owner.cookie, body: {} })).status).toBe(200);
    expect((await t.request(`/api/spaces/${spaceId}/saved`, { method: 'PUT', cookie: farmer.cookie })).status).toBe(201);
    expect((await t.request('/api/saved-searches', { cookie: farmer.cookie, body: { name: 'Rooftops', query: 'spaceType=rooftop' } })).status).toBe(201);
  });
  afterAll(async () => t.close());

  const exportOf = (user: TestUser | null) => t.request('/api/account/export', { cookie: user?.cookie });
  const close = (user: TestUser | null, body: unknown) => t.request('/api/account', { method: 'DELETE', cookie: user?.cookie, body });

  it('the export: 401 without a session; a no-store attachment with every section for the signed-in person', async () => {
    expect((await exportOf(null)).status).toBe(401);
    const res = await exportOf(farmer);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="farmspace-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { sections, notes, format } = res.json;
    expect(format).toBe('farmspace-account-export');
    expect(Object.keys(notes).sort()).toEqual(Object.keys(sections).sort());
    expect(sections.account).toMatchObject({ id: farmer.id, email: farmer.email, firstName: 'Fern', lastName: 'Farmer' });
    expect(sections.inquiriesSent).toEqual([expect.objectContaining({ spaceId, message: 'Is the rooftop free from spring on?', email: farmer.email })]);
    // The conversation with both sides' messages, as the farmer reads it, and no e-mail address of the owner.
    const [conversation] = sections.conversations;
    expect(conversation).toMatchObject({ id: conversationId, spaceTitle: 'Rooftop for closing', yourRole: 'farmer', otherParty: 'Olive Owner' });
    expect(conversation.messages.filter((m: { proposalId: number | null }) => m.proposalId === null).map((m: { fromYou: boolean; content: string }) => [m.fromYou, m.content])).toEqual([
      [true, 'Is the rooftop free from spring on?'],
      [false, 'It is. Come and see it.'],
      [true, 'Wonderful, Monday then.'],
    ]);
    expect(JSON.stringify(sections)).not.toContain(owner.email);
    expect(sections.leaseProposals).toEqual([expect.objectContaining({ id: proposalId, proposedByYou: true, agreed: true, rent: '950.00' })]);
    expect(sections.savedSpaces).toEqual([expect.objectContaining({ spaceId, removedAt: null })]);
    expect(sections.savedSearches).toEqual([expect.objectContaining({ name: 'Rooftops' })]);
    expect(sections.savedSearches[0]).not.toHaveProperty('unsubscribeToken');

    // The owner's: listings with their state, the receipt.
    const mine = (await exportOf(owner)).json.sections;
    expect(mine.listings.map((l: { id: number }) => l.id).sort()).toEqual([spaceId, draftId].sort());
    expect(mine.listings.find((l: { id: number }) => l.id === spaceId)).toMatchObject({ title: 'Rooftop for closing', photos: [] });
    expect(mine.payments).toEqual([expect.objectContaining({ spaceId, status: 'succeeded', amount: '7.99', listing: 'Rooftop for closing' })]);
    expect(mine.conversations[0]).toMatchObject({ yourRole: 'owner', otherParty: 'Fern Farmer' });
  });

  it('closing: 401 without a session; a missing or wrong password is a 400 that changes nothing', async () => {
    expect((await close(null, { password: farmer.password })).status).toBe(401);
    const missing = await close(farmer, {});
    expect(missing.status).toBe(400);
    expect(missing.json.fieldErrors).toEqual({ password: ACCOUNT_DATA_TEXTS.passwordRequired });
    const wrong = await close(farmer, { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ message: ACCOUNT_DATA_TEXTS.passwordWrong, fieldErrors: { password: ACCOUNT_DATA_TEXTS.passwordWrong } });
    const [row] = await t.db.select().from(users).where(eq(users.id, farmer.id));
    expect(row).toMatchObject({ email: farmer.email, firstName: 'Fern', closedAt: null });
    expect((await t.request('/api/auth/user', { cookie: farmer.cookie })).status).toBe(200);
    expect(await t.db.select().from(savedSpaces).where(eq(savedSpaces.userId, farmer.id))).toHaveLength(1);
  });

  it('closing the farmer: sessions end, the owner keeps every message under "Former member", the address is free again', async () => {
    // The farmer signed in on a second device too: both sessions end.
    const signIn = await t.request('/api/auth/login', { body: { email: farmer.email, password: farmer.password } });
    expect(signIn.status).toBe(200);
    const otherCookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect((await t.request('/api/auth/user', { cookie: otherCookie })).status).toBe(200);
    const before = await t.db.select().from(messages).where(eq(messages.conversationId, conversationId));

    const closed = await close(farmer, { password: farmer.password });
    expect(closed.status).toBe(200);
    expect(closed.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    for (const cookie of [farmer.cookie, otherCookie]) expect((await t.request('/api/auth/user', { cookie })).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, farmer.id))).toEqual([]);
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, farmer.id))).toEqual([]);

    // The owner's side: the conversation, every message, the inquiry and the agreement, under "Former member".
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, conversationId))).toEqual(before);
    const list = (await t.request('/api/conversations', { cookie: owner.cookie })).json;
    expect(list.find((c: { id: number }) => c.id === conversationId)).toMatchObject({ otherUser: { id: farmer.id, firstName: FORMER_MEMBER_NAME, lastName: '' } });
    const thread = (await t.request(`/api/conversations/${conversationId}/messages`, { cookie: owner.cookie })).json as Array<{ content: string }>;
    expect(thread.map((m) => m.content)).toEqual(expect.arrayContaining(['Is the rooftop free from spring on?', 'It is. Come and see it.', 'Wonderful, Monday then.']));
    const received = (await t.request('/api/inquiries/owner', { cookie: owner.cookie })).json;
    expect(received.find((i: { spaceId: number }) => i.spaceId === spaceId)).toMatchObject({ farmerName: FORMER_MEMBER_NAME, message: 'Is the rooftop free from spring on?' });
    const [inquiry] = await t.db.select().from(inquiries).where(eq(inquiries.farmerId, farmer.id));
    expect(inquiry!.farmerEmail).not.toBe(farmer.email);
    expect(await t.db.select().from(leaseProposals).where(and(eq(leaseProposals.id, proposalId), eq(leaseProposals.status, 'accepted')))).toHaveLength(1);

    // Saved searches and spaces are gone; the account row names nobody; the audit log and the confirmation.
    expect(await t.db.select().from(savedSpaces).where(eq(savedSpaces.userId, farmer.id))).toEqual([]);
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.userId, farmer.id))).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, farmer.id));
    expect(row!.closedAt).not.toBeNull();
    expect(row).toMatchObject({ firstName: FORMER_MEMBER_NAME, lastName: '' });
    expect(row!.email).toMatch(/^closed-\d+-[0-9a-f]+@closed\.invalid$/);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, farmer.id), eq(auditLog.action, 'account_closed')))).toHaveLength(1);
    // The operators' console sees it closed.
    expect((await t.request(`/api/admin/users/${farmer.id}`, { cookie: operator.cookie })).json).toMatchObject({ id: farmer.id, name: FORMER_MEMBER_NAME, closedAt: expect.any(String) });
    const found = (await t.request(`/api/admin/search?q=${farmer.id}`, { cookie: operator.cookie })).json;
    expect(found.users).toEqual(expect.arrayContaining([expect.objectContaining({ id: farmer.id, closed: true })]));
    const [mail] = await t.db.select().from(emailNotifications).where(and(eq(emailNotifications.recipient, farmer.email), eq(emailNotifications.type, 'account_closed')));
    expect(mail!.subject).toBe('Your FarmSpace account is closed');

    // The old password signs in to nothing; the address signs up anew as a new, unrelated account.
    expect((await t.request('/api/auth/login', { body: { email: farmer.email, password: farmer.password } })).status).toBe(401);
    const again = await t.request('/api/auth/register', { body: { firstName: 'Fern', lastName: 'Again', email: farmer.email, password: NEW_PASSWORD } });
    expect(again.status).toBe(201);
    expect(again.json.user.id).not.toBe(farmer.id);
    expect((await t.request('/api/auth/login', { body: { email: farmer.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('terms a closed account left open cannot be accepted (409), and nothing is written', async () => {
    const grower = await createSignedInUser(t, { firstName: 'Gus', lastName: 'Grower', verified: true });
    const [listing] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: 'Basement with open terms' })]);
    const contact = await t.request('/api/conversations', { cookie: grower.cookie, body: { spaceId: listing!.id, content: 'Could we agree on terms for the basement?' } });
    expect(contact.status).toBe(201);
    const proposed = await t.request(`/api/conversations/${contact.json.conversationId}/proposals`, {
      cookie: grower.cookie,
      body: { rent: '500.00', startDate: '2099-02-01', termMonths: 6, depositMonths: 1, utilitiesPaidBy: 'tenant', notes: 'Left open' },
    });
    expect(proposed.status).toBe(201);
    expect((await close(grower, { password: grower.password })).status).toBe(200);
    const accept = await t.request(`/api/proposals/${proposed.json.id}/accept`, { cookie: owner.cookie, body: {} });
    expect(accept.status).toBe(409);
    expect(accept.json.message).toBe(ACCOUNT_DATA_TEXTS.otherClosed);
    expect(await t.db.select().from(leaseProposals).where(and(eq(leaseProposals.id, proposed.json.id), eq(leaseProposals.status, 'open')))).toHaveLength(1);
  });

  it('closing the owner: listings archived (the untouched draft removed), payments kept, the farmer side keeps the conversation', async () => {
    const closed = await close(owner, { password: owner.password });
    expect(closed.status).toBe(200);
    const [listing] = await t.db.select().from(spaces).where(eq(spaces.id, spaceId));
    expect(listing).toMatchObject({ isActive: false });
    expect(listing!.deletedAt).not.toBeNull();
    expect(await t.db.select().from(archivedSpaces).where(eq(archivedSpaces.originalId, spaceId))).toHaveLength(1);
    expect(await t.db.select().from(spaces).where(eq(spaces.id, draftId))).toEqual([]);
    expect((await t.request(`/api/spaces/${spaceId}`)).status).toBe(404);
    expect(await t.db.select().from(payments).where(and(eq(payments.userId, owner.id), eq(payments.status, 'succeeded')))).toHaveLength(1);
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, conversationId))).not.toHaveLength(0);
    // Closing twice: the session is gone, so the second call is a visitor's.
    expect((await close(owner, { password: owner.password })).status).toBe(401);
  });
});
