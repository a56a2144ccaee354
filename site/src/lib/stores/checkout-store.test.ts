// The checkout's state machine against a scripted network (fetch is the outside world here): an intent
// answer a newer request overtook is dropped, a completed checkout shows as paid, a free total goes to the
// live listing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $checkout, applyCoupon, readCheckoutQuery, startCheckout } from './checkout-store';

type Answer = { status: number; body: unknown };
const json = (status: number, body: unknown): Answer => ({ status, body });
const intent = (id: string, amountCents: number) =>
  json(200, { clientSecret: `${id}_secret`, paymentIntentId: id, provider: 'test', publishableKey: null, amountCents, listPriceCents: 799, currency: 'USD', coupon: null });

/** Answers each call to `path` from its queue, in order; a promise lets a test hold an answer back. */
function network(routes: Record<string, (Answer | Promise<Answer>)[]>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (path: string, init: { body?: string }) => {
    calls.push({ path, body: init.body ? JSON.parse(init.body) : undefined });
    const next = routes[path]?.shift();
    if (!next) throw new Error(`unexpected call to ${path}`);
    const { status, body } = await next;
    return new Response(JSON.stringify(body), { status });
  });
  return calls;
}

const settle = () => new Promise((r) => setTimeout(r, 0));
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('window', { location: { assign } });
  $checkout.set({ view: { kind: 'loading' }, coupon: null, couponBusy: false, payError: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('checkout store', () => {
  it('drops an intent answer that a newer request (a coupon) overtook', async () => {
    let releaseFirst!: (a: Answer) => void;
    const first = new Promise<Answer>((resolve) => (releaseFirst = resolve));
    const calls = network({
      '/api/create-payment-intent': [first, intent('pi_coupon', 639)],
      '/api/validate-coupon': [json(200, { valid: true, coupon: { id: 'ref-1', name: 'Spring', percent_off: 20, amount_off: null }, message: '20% off' })],
    });
    startCheckout(readCheckoutQuery('?spaceId=7'));
    expect(await applyCoupon(' SPRING ')).toBe(true);
    releaseFirst(intent('pi_plain', 799));
    await settle();
    const state = $checkout.get();
    expect(state.view).toMatchObject({ kind: 'ready', intent: { paymentIntentId: 'pi_coupon', amountCents: 639 } });
    expect(state.coupon?.name).toBe('Spring');
    expect(calls.map((c) => c.body)).toEqual([
      { spaceId: 7, paymentType: 'listing_fee', currency: 'USD' },
      { couponCode: 'SPRING' },
      { spaceId: 7, paymentType: 'listing_fee', currency: 'USD', couponId: 'ref-1' },
    ]);
  });

  it('shows a checkout already paid as paid, not as an error', async () => {
    network({ '/api/create-payment-intent': [json(409, { message: 'Already paid', code: 'already_paid' })] });
    startCheckout(readCheckoutQuery('?spaceId=7&paymentType=featured_upgrade'));
    await settle();
    expect($checkout.get().view).toEqual({ kind: 'paid' });
  });

  it('goes to the live listing when a coupon makes the total free', async () => {
    network({
      '/api/create-payment-intent': [intent('pi_plain', 799), json(200, { freeTransaction: true, amountCents: 0, listPriceCents: 799, currency: 'USD', coupon: null, spaceId: 7 })],
      '/api/validate-coupon': [json(200, { valid: true, coupon: { id: 'ref-2', name: 'Free', percent_off: 100, amount_off: null }, message: '' })],
    });
    startCheckout(readCheckoutQuery('?spaceId=7'));
    await settle();
    expect(await applyCoupon('FREE')).toBe(true);
    expect($checkout.get().view).toEqual({ kind: 'done', free: true });
    expect(assign).toHaveBeenCalledWith('/spaces/7?live=1');
  });
});
