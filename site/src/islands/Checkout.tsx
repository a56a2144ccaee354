// The /checkout island (spec 2.10 and 4): renders the checkout's state machine (lib/stores/checkout-store.ts) —
// the card form of the configured provider (Stripe's Payment Element, loaded only here and only in Stripe
// mode, or the offline test-mode form), the order summary and the coupon field.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { formatUsd, LISTING_PRICES_CENTS } from '#contracts/constants';
import { PAYMENT_MESSAGES, type PaymentType } from '#contracts/payments';
import type { OwnSpace } from '#contracts/spaces.schemas';
import { $checkout, applyCoupon, cardFormFailed, readCheckoutQuery, removeCoupon, startCheckout, takePaymentOutcome } from '../lib/stores/checkout-store';
import { $checkoutSpace } from '../lib/stores/payments-store';
import { TestCardForm } from './checkout/TestCardForm';
import { editListingHref } from '../lib/display/edit-listing';

const StripePaymentForm = lazy(() => import('./checkout/StripePaymentForm').then((m) => ({ default: m.StripePaymentForm })));

function included(paymentType: PaymentType, space: OwnSpace | null, paid: boolean): { heading: string; items: string[] } {
  const premium = paymentType === 'featured_upgrade';
  if (!paid && (space?.status === 'active' || space?.status === 'paused')) {
    return { heading: 'Upgrade to Premium', items: ['Featured on the home page until your listing ends', 'Highlighted in Browse Spaces', 'Your listing end date stays the same'] };
  }
  const renew = space?.status === 'expired';
  return {
    heading: `${premium ? 'Premium' : 'Standard'} Listing${renew ? ' — renewal' : ''}`,
    items: [
      renew ? 'Your listing is live again for another 30 days' : 'Your space is published for 30 days',
      'Listed in Browse Spaces and on its own shareable page',
      'Farmers contact you through FarmSpace messages',
      ...(premium ? ['Featured on the home page for 30 days', 'Highlighted with a Premium badge'] : []),
    ],
  };
}

export default function Checkout() {
  const [query] = useState(() => readCheckoutQuery(window.location.search));
  const space = useStore($checkoutSpace).data ?? null;
  const { view, coupon, couponBusy, payError } = useStore($checkout);
  const [code, setCode] = useState('');

  useEffect(() => startCheckout(query), []);

  const backHref = query.spaceId ? (space?.status === 'draft' ? editListingHref(query.spaceId) : `/spaces/${query.spaceId}`) : '/list-space';

  async function onApplyCoupon(event: FormEvent) {
    event.preventDefault();
    if (await applyCoupon(code)) setCode('');
  }

  // Back to the draft in the edit screen (never an empty form: that made owners create duplicate drafts).
  const cancel = () => window.location.assign(query.spaceId ? editListingHref(query.spaceId) : '/list-space');
  const listPrice = view.kind === 'ready' ? view.intent.listPriceCents : LISTING_PRICES_CENTS[query.paymentType];
  const total = view.kind === 'ready' ? view.intent.amountCents : null;
  const info = included(query.paymentType, space, view.kind === 'paid');

  if (view.kind === 'error' && !query.spaceId) return <ErrorCard message={view.message} backHref="/list-space" />;

  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_22rem]">
      <section className="card p-6 sm:p-8" aria-labelledby="pay-heading">
        <h2 id="pay-heading" className="text-xl font-semibold text-ink">
          Payment details
        </h2>
        {view.kind === 'loading' && (
          <div role="status" className="flex items-center gap-3 py-12 text-muted">
            <span className="inline-block h-6 w-6 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" aria-hidden="true" />
            Preparing secure payment…
          </div>
        )}
        {view.kind === 'error' && <ErrorCard message={view.message} backHref={backHref} embedded />}
        {view.kind === 'done' && (
          <div role="status" className="py-10 text-center">
            <p className="text-4xl" aria-hidden="true">
              🌱
            </p>
            <p className="mt-3 text-xl font-semibold text-ink">{view.free ? PAYMENT_MESSAGES.paymentComplete : 'Payment successful — your space is live!'}</p>
            <p className="mt-1 text-muted">Taking you to your listing…</p>
          </div>
        )}
        {view.kind === 'paid' && query.spaceId && <PaidCard spaceId={query.spaceId} paymentType={query.paymentType} space={space} />}
        {view.kind === 'ready' && (
          <div className="mt-4">
            {payError && (
              <div role="alert" className="mb-4 rounded-lg border border-[var(--color-danger)] bg-[var(--color-danger-bg)] px-4 py-3 text-sm text-[var(--color-danger)]">
                <p className="font-semibold">{payError.title}</p>
                <p>{payError.message}</p>
              </div>
            )}
            {view.intent.provider === 'test' ? (
              <TestCardForm
                key={view.intent.paymentIntentId}
                paymentIntentId={view.intent.paymentIntentId}
                clientSecret={view.intent.clientSecret}
                totalLabel={formatUsd(view.intent.amountCents)}
                onOutcome={(o) => takePaymentOutcome(o, view.intent.paymentIntentId)}
                onCancel={cancel}
              />
            ) : view.intent.publishableKey ? (
              <Suspense fallback={<p role="status" className="py-8 text-muted">Loading secure card form…</p>}>
                <StripePaymentForm
                  key={view.intent.paymentIntentId}
                  publishableKey={view.intent.publishableKey}
                  clientSecret={view.intent.clientSecret}
                  totalLabel={formatUsd(view.intent.amountCents)}
                  returnUrl={window.location.href}
                  onOutcome={(o) => takePaymentOutcome(o, view.intent.paymentIntentId)}
                  onCancel={cancel}
                  onLoadError={cardFormFailed}
                />
              </Suspense>
            ) : (
              <ErrorCard message={PAYMENT_MESSAGES.unavailable} backHref={backHref} embedded />
            )}
          </div>
        )}
      </section>

      <aside className="card h-fit p-6" aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="text-lg font-semibold text-ink">
          Order summary
        </h2>
        {space && (
          <p className="mt-1 text-sm text-muted">
            {space.title} · {space.city}
          </p>
        )}
        <h3 className="mt-4 text-sm font-semibold text-ink">{info.heading}</h3>
        <ul className="mt-2 space-y-1.5 text-sm text-ink">
          {info.items.map((item) => (
            <li key={item} className="flex gap-2">
              <span className="text-brand-700" aria-hidden="true">
                ✓
              </span>
              {item}
            </li>
          ))}
        </ul>
        <dl className="mt-5 space-y-2 border-t border-line pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">Price</dt>
            <dd className="text-ink">{formatUsd(listPrice)}</dd>
          </div>
          {coupon && total !== null && (
            <div className="flex justify-between text-brand-800">
              <dt>Coupon: {coupon.name}</dt>
              <dd>−{formatUsd(listPrice - total)}</dd>
            </div>
          )}
          <div className="flex justify-between border-t border-line pt-2 text-base font-semibold">
            <dt className="text-ink">Total</dt>
            <dd className="text-ink" data-testid="checkout-total">
              {view.kind === 'paid' ? 'Paid' : total === null ? '—' : formatUsd(total)}
            </dd>
          </div>
        </dl>

        {/* Nothing to pay: no coupon to enter either. */}
        <div className="mt-5 border-t border-line pt-4" hidden={view.kind === 'paid'}>
          {coupon ? (
            <div className="flex items-center justify-between gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm">
              <span className="text-brand-900">
                <span className="font-semibold">{coupon.name}</span> applied
              </span>
              <button type="button" className="btn-ghost px-2 py-1 text-sm" onClick={removeCoupon} disabled={couponBusy}>
                Remove
              </button>
            </div>
          ) : (
            <form onSubmit={onApplyCoupon} className="flex flex-col gap-1.5" noValidate>
              <label htmlFor="coupon-code" className="text-sm font-medium text-ink">
                Coupon code (optional)
              </label>
              <div className="flex gap-2">
                <input id="coupon-code" className="input uppercase" value={code} onChange={(e) => setCode(e.target.value)} maxLength={64} autoComplete="off" disabled={view.kind === 'done'} />
                <button type="submit" className="btn-outline" disabled={couponBusy || view.kind !== 'ready'}>
                  Apply
                </button>
              </div>
            </form>
          )}
        </div>
        <p className="mt-4 text-xs text-muted">One-time payment. No subscription. FarmSpace never stores your card details.</p>
      </aside>
    </div>
  );
}

/** Back to a checkout already paid: no error and no form, the state of the listing and the way to it. */
function PaidCard({ spaceId, paymentType, space }: { spaceId: number; paymentType: PaymentType; space: OwnSpace | null }) {
  const premium = paymentType === 'featured_upgrade';
  const until = premium ? space?.featuredUntil : space?.expiresAt;
  const date = until ? new Date(until).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }) : null;
  return (
    <div role="status" data-testid="checkout-paid" className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-6 text-center">
      <p className="text-lg font-semibold text-ink">{premium ? 'This listing is already Premium — nothing more to pay.' : 'This listing is paid for — nothing more to pay.'}</p>
      <p className="mt-1 text-muted">
        {space?.status === 'paused' ? 'It is paused; resume it from My Listings.' : premium ? 'It is featured' : 'It is live'}
        {space?.status !== 'paused' && date ? ` until ${date}.` : space?.status !== 'paused' ? '.' : ''}
      </p>
      <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
        <a href={`/spaces/${spaceId}`} className="btn-primary">
          Go to your listing
        </a>
        <a href="/dashboard?tab=listings" className="btn-outline">
          My Listings
        </a>
      </div>
    </div>
  );
}

function ErrorCard({ message, backHref, embedded }: { message: string; backHref: string; embedded?: boolean }) {
  return (
    <div role="alert" className={`${embedded ? 'mt-4' : 'card mt-8'} rounded-xl border border-[var(--color-danger)] bg-[var(--color-danger-bg)] p-6 text-center`}>
      <p className="font-semibold text-[var(--color-danger)]">{message}</p>
      <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Try Again
        </button>
        <a href={backHref} className="btn-outline">
          Go Back to Listing
        </a>
      </div>
    </div>
  );
}
