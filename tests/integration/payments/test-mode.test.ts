// The offline test-mode provider through the API: Stripe's test numbers, the same fulfilment, receipts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestModeProvider } from '#api/modules/payments/test-mode-provider';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { checkout, createDraft, spaceRowOf } from './payments-helpers';

describe('test-mode payments', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ payments: createTestModeProvider(), now: new Date('2026-07-01T00:00:00.000Z') });
    owner = await createSignedInUser(t);
  });
  afterAll(async () => t.close());

  const confirm = (user: TestUser, intent: { paymentIntentId: string; clientSecret: string }, cardNumber: string, expiry = '12/30', cvc = '123') =>
    t.request('/api/payments/test-confirm', { cookie: user.cookie, body: { ...intent, cardNumber, expiry, cvc } });

  it('declines 0002 and 9995 with Stripe’s messages, refuses bad details, then 4242 publishes', async () => {
    const id = await createDraft(t, owner, 'Test mode rooftop');
    const res = await checkout(t, owner, { spaceId: id });
    expect(res.json).toMatchObject({ provider: 'test', publishableKey: null, amountCents: 799 });
    const intent = { paymentIntentId: res.json.paymentIntentId, clientSecret: res.json.clientSecret };

    expect((await confirm(owner, intent, '4000 0000 0000 0002')).json).toMatchObject({ status: 'failed', message: 'Your card was declined.' });
    expect((await confirm(owner, intent, '4000000000009995')).json).toMatchObject({ status: 'failed', message: 'Your card has insufficient funds.' });
    expect((await confirm(owner, intent, '4242424242424241')).json.message).toBe('Your card number is invalid.');
    expect((await confirm(owner, intent, '4242424242424242', '01/20')).json.message).toBe("Your card's expiration year is in the past.");
    expect((await confirm(owner, intent, '4242424242424242', '12/30', '1')).json.message).toBe("Your card's security code is incomplete.");
    expect((await spaceRowOf(t, id)).hasListingFee).toBe(false);

    // Someone else cannot confirm it, nor with a wrong secret.
    const stranger = await createSignedInUser(t);
    expect((await confirm(stranger, intent, '4242424242424242')).status).toBe(404);
    expect((await confirm(owner, { ...intent, clientSecret: 'pi_x_secret_y' }, '4242424242424242')).status).toBe(404);

    const ok = await confirm(owner, intent, '4242 4242 4242 4242');
    expect(ok.json).toMatchObject({ status: 'succeeded', spaceId: id });
    expect((await spaceRowOf(t, id)).hasListingFee).toBe(true);
    const status = await t.request('/api/payments/status', { cookie: owner.cookie, body: { paymentIntentId: intent.paymentIntentId } });
    expect(status.json).toMatchObject({ status: 'succeeded', spaceId: id });
    // Confirming again changes nothing.
    expect((await confirm(owner, intent, '4242424242424242')).json.status).toBe('succeeded');
  });

  it('receipts: the owner’s payments only, newest first, with a printable receipt', async () => {
    const list = await t.request('/api/payments', { cookie: owner.cookie });
    expect(list.status).toBe(200);
    const paid = list.json.find((r: { status: string }) => r.status === 'succeeded');
    expect(paid).toMatchObject({ spaceTitle: 'Test mode rooftop', amount: '7.99', listPrice: '7.99', currency: 'USD', paymentType: 'listing_fee' });
    expect(paid.liveUntil).toBe('2026-07-31T00:00:00.000Z');
    const one = await t.request(`/api/payments/${paid.id}`, { cookie: owner.cookie });
    expect(one.json.id).toBe(paid.id);
    const stranger = await createSignedInUser(t);
    expect((await t.request(`/api/payments/${paid.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request('/api/payments', { cookie: stranger.cookie })).json).toEqual([]);
    expect((await t.request('/api/payments')).status).toBe(401);
    expect((await t.request('/api/payments/abc', { cookie: owner.cookie })).status).toBe(404);
  });

  it('the webhook route does not exist in test mode (there are no webhooks)', async () => {
    expect((await t.request('/api/webhooks/stripe', { body: '{}', headers: { 'stripe-signature': 't=1,v1=x' } })).status).toBe(404);
  });
});
