// /receipt?id=…: one payment as a printable receipt (the owner's own only; the API answers 404 otherwise).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $receipt, $receiptId } from '../lib/stores/payments-store';
import { formatReceiptDate, planLabel } from './settings/BillingTab';

export default function ReceiptView() {
  // The id from the address; a malformed one is not asked for (-1: shown as not found at once).
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('id') ?? '';
    $receiptId.set(/^\d{1,9}$/.test(id) ? Number(id) : -1);
  }, []);
  const id = useStore($receiptId);
  const { data: r, error } = useStore($receipt);

  if (id === null || (id !== -1 && !r && !error)) return <p role="status" className="mt-8 text-muted">Loading receipt…</p>;
  if (id === -1 || !r) {
    return (
      <div role="alert" className="card mt-8 p-6">
        <p className="font-semibold text-ink">Receipt not found.</p>
        <a href="/settings" className="mt-3 inline-block text-brand-800 underline">
          Back to Settings
        </a>
      </div>
    );
  }
  const discount = r.listPrice && Number(r.listPrice) > Number(r.amount) ? (Number(r.listPrice) - Number(r.amount)).toFixed(2) : null;
  return (
    <article className="card mt-8 p-6 sm:p-10 print:border-0 print:shadow-none" aria-labelledby="receipt-heading">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-6">
        <div>
          <p className="text-xl font-bold text-brand-800">FarmSpace</p>
          <h2 id="receipt-heading" className="mt-1 text-lg font-semibold text-ink">
            Receipt #{r.id}
          </h2>
        </div>
        <button type="button" className="btn-outline print:hidden" onClick={() => window.print()}>
          Print receipt
        </button>
      </header>
      <dl className="mt-6 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
        <Item label="Date paid" value={formatReceiptDate(r.paidAt ?? r.createdAt)} />
        <Item label="Status" value={r.refundedAt ? 'Refunded' : r.status === 'succeeded' ? 'Paid' : r.status} />
        {r.refundedAt && <Item label="Refunded on" value={formatReceiptDate(r.refundedAt)} />}
        <Item label="Listing" value={r.spaceTitle ?? 'Deleted listing'} />
        <Item label="Plan" value={`${planLabel(r.paymentType)} listing`} />
        {r.liveUntil && <Item label="Live until" value={formatReceiptDate(r.liveUntil)} />}
        {r.paymentIntentId && <Item label="Payment reference" value={r.paymentIntentId} />}
      </dl>
      <dl className="mt-8 space-y-2 border-t border-line pt-4 text-sm">
        {r.listPrice && (
          <div className="flex justify-between">
            <dt className="text-muted">Price</dt>
            <dd>${r.listPrice}</dd>
          </div>
        )}
        {discount && (
          <div className="flex justify-between">
            <dt className="text-muted">Coupon{r.couponName ? `: ${r.couponName}` : ''}</dt>
            <dd>−${discount}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-line pt-2 text-base font-semibold">
          <dt>Total paid</dt>
          <dd>
            ${r.amount} {r.currency}
          </dd>
        </div>
      </dl>
      <p className="mt-8 text-xs text-muted">A one-time listing fee. FarmSpace connects space owners and farmers; rent and agreements are between users.</p>
    </article>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium break-all text-ink">{value}</dd>
    </div>
  );
}
