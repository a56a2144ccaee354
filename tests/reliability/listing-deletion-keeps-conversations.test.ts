// Issue 15, item 18 ("nothing lost"): deleting a live listing erased the farmer's conversation, messages and
// inquiry (foreign keys ON DELETE CASCADE). A listing with a conversation or a payment is archived instead:
// both parties keep reading the conversation (shown as no longer listed), the receipts stay, the listing
// is never public again and cannot be contacted anew. Only a draft with neither is really deleted.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedSpaces, conversations, inquiries, messages, spaces } from '#db/schema/index';
import { createTestModeProvider } from '#api/modules/payments/test-mode-provider';
import { validSpaceBody } from '../fixtures/spaces';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../fixtures/users';

describe('deleting a listing keeps what belongs to people', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ payments: createTestModeProvider() });
    owner = await createSignedInUser(t, { firstName: 'Olive', lastName: 'Owner' });
    farmer = await createSignedInUser(t, { firstName: 'Fern', lastName: 'Farmer' });
  });
  afterAll(async () => t.close());

  async function createDraft(title: string): Promise<number> {
    const res = await t.request('/api/spaces', { cookie: owner.cookie, body: validSpaceBody({ title }) });
    expect(res.status).toBe(201);
    return res.json.id as number;
  }

  /** Pays the listing fee with the test-mode card, as the checkout does: a real payment row and receipt. */
  async function publishByTestCard(spaceId: number): Promise<void> {
    const intent = await t.request('/api/create-payment-intent', { cookie: owner.cookie, body: { spaceId, paymentType: 'listing_fee', currency: 'USD' } });
    expect(intent.status).toBe(200);
    const confirm = await t.request('/api/payments/test-confirm', {
      cookie: owner.cookie,
      body: { paymentIntentId: intent.json.paymentIntentId, clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
    });
    expect(confirm.json).toMatchObject({ status: 'succeeded', spaceId });
  }

  it('archives a live listing with a conversation and a payment: both parties still read it, the receipt stays', async () => {
    const id = await createDraft('Rooftop with a conversation');
    await publishByTestCard(id);
    const contact = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: id, content: 'Is the rooftop still free for spring?' } });
    expect(contact.status).toBe(201);
    const conversationId = contact.json.conversationId as number;
    expect((await t.request(`/api/conversations/${conversationId}/messages`, { cookie: owner.cookie, body: { content: 'Yes, come and see it.' } })).status).toBe(201);

    const deleted = await t.request(`/api/spaces/${id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(deleted.status).toBeLessThan(300);

    // Both parties: the conversation is listed, marked as no longer listed, and its messages read.
    for (const user of [farmer, owner]) {
      const list = await t.request('/api/conversations', { cookie: user.cookie });
      expect(list.status).toBe(200);
      const item = list.json.find((c: { id: number }) => c.id === conversationId);
      expect(item).toMatchObject({ spaceId: id, space: { id, title: 'Rooftop with a conversation', noLongerListed: true } });
      const thread = await t.request(`/api/conversations/${conversationId}/messages`, { cookie: user.cookie });
      expect(thread.status).toBe(200);
      expect(thread.json.map((m: { content: string }) => m.content)).toEqual(['Is the rooftop still free for spring?', 'Yes, come and see it.']);
    }
    // The inquiries on both sides.
    const sent = await t.request('/api/inquiries/farmer', { cookie: farmer.cookie });
    expect(sent.json.find((i: { spaceId: number }) => i.spaceId === id)).toMatchObject({ space: { title: 'Rooftop with a conversation', noLongerListed: true } });
    const received = await t.request('/api/inquiries/owner', { cookie: owner.cookie });
    expect(received.json.find((i: { spaceId: number }) => i.spaceId === id)).toMatchObject({ conversationId, space: { noLongerListed: true } });
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, conversationId))).toHaveLength(2);
    expect(await t.db.select().from(inquiries).where(eq(inquiries.spaceId, id))).toHaveLength(1);

    // The payment and its receipt (Settings → Billing, /receipt).
    const receipts = await t.request('/api/payments', { cookie: owner.cookie });
    const receipt = receipts.json.find((r: { spaceId: number | null }) => r.spaceId === id);
    expect(receipt).toMatchObject({ status: 'succeeded', spaceTitle: 'Rooftop with a conversation', amount: '7.99' });
    expect((await t.request(`/api/payments/${receipt.id}`, { cookie: owner.cookie })).json).toMatchObject({ id: receipt.id, spaceId: id });

    // Archived (spec 3 archived_spaces), never public, gone from the owner's listings, not contactable anew.
    expect(await t.db.select().from(archivedSpaces).where(eq(archivedSpaces.originalId, id))).toHaveLength(1);
    expect((await t.request(`/api/spaces/${id}`)).status).toBe(404);
    expect((await t.request(`/api/spaces/${id}`, { cookie: owner.cookie })).status).toBe(404);
    expect(((await t.request('/api/spaces?limit=100')).json as { id: number }[]).map((s) => s.id)).not.toContain(id);
    expect(((await t.request('/api/spaces?featured=true')).json as { id: number }[]).map((s) => s.id)).not.toContain(id);
    expect(((await t.request('/api/spaces/my', { cookie: owner.cookie })).json as { id: number }[]).map((s) => s.id)).not.toContain(id);
    const stranger = await createSignedInUser(t);
    const anew = await t.request('/api/conversations', { cookie: stranger.cookie, body: { spaceId: id, content: 'Hello, is this still available?' } });
    expect(anew.status).toBe(404);
    // Deleted stays deleted: it cannot be resumed, edited or paid for again.
    expect((await t.request(`/api/spaces/${id}`, { method: 'PATCH', cookie: owner.cookie, body: { isActive: true } })).status).toBe(404);
    expect((await t.request('/api/create-payment-intent', { cookie: owner.cookie, body: { spaceId: id, paymentType: 'listing_fee', currency: 'USD' } })).status).toBe(404);
    expect((await t.request(`/api/spaces/${id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);

    // The two people may still be arranging the lease: the conversation stays open (docs/decisions/0304).
    const later = await t.request(`/api/conversations/${conversationId}/messages`, { cookie: farmer.cookie, body: { content: 'Thanks, see you Monday.' } });
    expect(later.status).toBe(201);
  });

  it('really deletes a draft that has no conversation and no payment', async () => {
    const id = await createDraft('Draft never published');
    const deleted = await t.request(`/api/spaces/${id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(deleted.status).toBeLessThan(300);
    expect(await t.db.select().from(spaces).where(eq(spaces.id, id))).toHaveLength(0);
    expect(await t.db.select().from(archivedSpaces).where(eq(archivedSpaces.originalId, id))).toHaveLength(0);
  });

  it('the database refuses to erase a conversation with its listing, whatever deletes the row', async () => {
    const id = await createDraft('Listing deleted behind the API');
    await publishByTestCard(id);
    const contact = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: id, content: 'Could I visit this week, please?' } });
    expect(contact.status).toBe(201);
    await expect(t.db.delete(spaces).where(eq(spaces.id, id))).rejects.toThrow();
    expect(await t.db.select().from(conversations).where(eq(conversations.spaceId, id))).toHaveLength(1);
  });
});
