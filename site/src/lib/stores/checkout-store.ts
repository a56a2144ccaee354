// The checkout's state machine (spec 2.10 and 4), rendered by the /checkout island: asks the API for a
// payment intent (the price comes from the server), applies or removes a coupon (each time the intent is
// requested again), takes the card form's outcome, then asks the API for the payment's status so the owner
// never waits on webhooks, and goes to the live listing once paid. Only one intent request counts: an
// answer that a newer request overtook is dropped. No zod in this bundle.
import { atom } from 'nanostores';
import {
  PAYMENT_MESSAGES,
  type CouponSummary,
  type CreatePaymentIntentResponse,
  type PaymentStatusResponse,
  type PaymentType,
  type TestCardConfirmResponse,
  type ValidateCouponResponse,
} from '#contracts/payments';
import { apiFetch, ApiRequestError, errorMessage } from '../api/api-client';
import { liveListingHref } from '../display/live-listing';
import { $checkoutSpaceId } from './payments-store';
import { showToast } from './toast-store';

export type CheckoutQuery = { spaceId: number | null; paymentType: PaymentType; currency: string; returnedIntent: string | null };
export type Intent = Extract<CreatePaymentIntentResponse, { clientSecret: string }>;
export type CheckoutView =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; intent: Intent }
  | { kind: 'done'; free: boolean }
  /** Nothing left to pay: the owner came Back to a checkout they completed (or paid it elsewhere). */
  | { kind: 'paid' };
/** What a card form's confirmation came to (islands/checkout/payment-outcome.ts makes it from the provider's answer). */
export type ConfirmOutcome = { kind: 'succeeded' } | { kind: 'error'; title: string; message: string } | { kind: 'ask-server' };
export type PayError = { title: string; message: string };

export type CheckoutState = { view: CheckoutView; coupon: CouponSummary | null; couponBusy: boolean; payError: PayError | null };

const PAYMENT_TYPES: PaymentType[] = ['listing_fee', 'featured_upgrade'];

/** The checkout's address: ?spaceId, ?paymentType, ?currency, and ?payment_intent when back from a bank's page. */
export function readCheckoutQuery(search: string): CheckoutQuery {
  const q = new URLSearchParams(search);
  const raw = q.get('spaceId') ?? '';
  const type = q.get('paymentType') as PaymentType;
  return {
    spaceId: /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null,
    paymentType: PAYMENT_TYPES.includes(type) ? type : 'listing_fee',
    currency: (q.get('currency') ?? 'USD').toUpperCase(),
    returnedIntent: q.get('payment_intent'),
  };
}

function intentErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 503) return PAYMENT_MESSAGES.unavailable;
    if ([400, 404, 409, 429].includes(error.status) && error.serverMessage) return error.serverMessage;
    if (error.status >= 500) return PAYMENT_MESSAGES.initFailed;
  }
  return PAYMENT_MESSAGES.unableToProcess;
}

export const $checkout = atom<CheckoutState>({ view: { kind: 'loading' }, coupon: null, couponBusy: false, payError: null });

let query: CheckoutQuery = readCheckoutQuery('');
let requestSeq = 0;

function update(change: Partial<CheckoutState>): void {
  $checkout.set({ ...$checkout.get(), ...change });
}

/** Opens the checkout for this address: the intent, or (back from a bank's page) only the status check. */
export function startCheckout(address: CheckoutQuery): void {
  query = address;
  if (!query.spaceId) {
    update({ view: { kind: 'error', message: PAYMENT_MESSAGES.missingSpace } });
    return;
  }
  $checkoutSpaceId.set(query.spaceId);
  if (query.returnedIntent) void finish(query.returnedIntent);
  else void requestIntent(null);
}

// couponId is the reference validate-coupon answered (coupon.id), never a coupon's number.
async function requestIntent(couponId: string | null): Promise<'ready' | 'free' | false> {
  const spaceId = query.spaceId;
  if (!spaceId) return false;
  const seq = ++requestSeq;
  update({ view: { kind: 'loading' }, payError: null });
  try {
    const res = await apiFetch<CreatePaymentIntentResponse>('/api/create-payment-intent', {
      body: { spaceId, paymentType: query.paymentType, currency: query.currency, ...(couponId ? { couponId } : {}) },
    });
    if (seq !== requestSeq) return false;
    if (res.freeTransaction) {
      update({ view: { kind: 'done', free: true } });
      window.location.assign(liveListingHref(spaceId));
      return 'free';
    }
    update({ view: { kind: 'ready', intent: res } });
    return 'ready';
  } catch (error) {
    if (seq !== requestSeq) return false;
    update({ view: error instanceof ApiRequestError && error.code === 'already_paid' ? { kind: 'paid' } : { kind: 'error', message: intentErrorMessage(error) } });
    return false;
  }
}

async function finish(paymentIntentId: string): Promise<void> {
  try {
    let status: PaymentStatusResponse | null = null;
    // The provider may still be processing: ask a few times before giving up.
    for (let attempt = 0; attempt < 5; attempt++) {
      status = await apiFetch<PaymentStatusResponse>('/api/payments/status', { body: { paymentIntentId } });
      if (status.status !== 'pending' || status.message) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    if (status?.status === 'succeeded') {
      update({ view: { kind: 'done', free: false } });
      // Straight to the listing itself (not Browse after a pause): it tells the owner it is live.
      window.location.assign(liveListingHref(query.spaceId!));
      return;
    }
    const message = status?.message ?? PAYMENT_MESSAGES.otherError;
    showPayError({ title: status?.message ? PAYMENT_MESSAGES.cardErrorTitle : PAYMENT_MESSAGES.otherErrorTitle, message });
  } catch {
    showPayError({ title: PAYMENT_MESSAGES.otherErrorTitle, message: PAYMENT_MESSAGES.exception });
  }
}

/** Beside the card form when it shows; back from a bank's page (no form yet), as the error card. */
function showPayError(error: PayError): void {
  const { view } = $checkout.get();
  update({ payError: error, view: view.kind === 'ready' ? view : { kind: 'error', message: `${error.title}: ${error.message}` } });
}

/** The card form's confirmation came back for this intent. */
/** The test-mode card form's confirmation (no Stripe key): our server checks Stripe's test card numbers. */
export async function confirmTestCard(card: { paymentIntentId: string; clientSecret: string; cardNumber: string; expiry: string; cvc: string }): Promise<ConfirmOutcome> {
  const result = await apiFetch<TestCardConfirmResponse>('/api/payments/test-confirm', { body: card });
  return result.status === 'succeeded' ? { kind: 'succeeded' } : { kind: 'error', title: PAYMENT_MESSAGES.cardErrorTitle, message: result.message || PAYMENT_MESSAGES.cardErrorFallback };
}

export async function takePaymentOutcome(outcome: ConfirmOutcome, paymentIntentId: string): Promise<void> {
  // The status check says why (e.g. 'The coupon on this payment can no longer be used…').
  if (outcome.kind === 'ask-server') return finish(paymentIntentId);
  if (outcome.kind === 'error') {
    update({ payError: { title: outcome.title, message: outcome.message } });
    showToast({ title: outcome.title, description: outcome.message, variant: 'destructive' });
    return;
  }
  update({ payError: null });
  await finish(paymentIntentId);
}

/** The provider's card form could not be loaded. */
export function cardFormFailed(): void {
  update({ view: { kind: 'error', message: PAYMENT_MESSAGES.loadFailed } });
}

/** Checks the code, then asks for the intent again with it; true when it was applied (the field empties). */
export async function applyCoupon(code: string): Promise<boolean> {
  const trimmed = code.trim();
  if (!trimmed) {
    showToast({ title: PAYMENT_MESSAGES.couponEmptyTitle, description: PAYMENT_MESSAGES.couponEmpty, variant: 'destructive' });
    return false;
  }
  update({ couponBusy: true });
  try {
    const res = await apiFetch<ValidateCouponResponse>('/api/validate-coupon', { body: { couponCode: trimmed } });
    if (!res.valid || !res.coupon) {
      showToast({ title: PAYMENT_MESSAGES.couponEmptyTitle, description: res.message || PAYMENT_MESSAGES.couponInvalidFallback, variant: 'destructive' });
      return false;
    }
    const outcome = await requestIntent(res.coupon.id);
    if (!outcome) return false;
    update({ coupon: res.coupon });
    // A free total shows 'Payment Complete' instead (one toast at a time).
    if (outcome === 'ready') showToast({ title: PAYMENT_MESSAGES.couponApplied, description: res.message });
    return true;
  } catch (error) {
    showToast({ title: PAYMENT_MESSAGES.couponEmptyTitle, description: errorMessage(error, PAYMENT_MESSAGES.couponCallFailed), variant: 'destructive' });
    return false;
  } finally {
    update({ couponBusy: false });
  }
}

export async function removeCoupon(): Promise<void> {
  update({ couponBusy: true });
  if (await requestIntent(null)) {
    update({ coupon: null });
    showToast({ title: PAYMENT_MESSAGES.couponRemoved });
  }
  update({ couponBusy: false });
}
