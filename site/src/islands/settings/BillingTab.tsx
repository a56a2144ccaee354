// Settings → Billing: the owner's payments (date, listing, amount, status), each with a printable receipt.
import { useStore } from '@nanostores/react';
import type { Receipt } from '#contracts/payments';
import { $receipts } from '../../lib/stores/payments-store';
import { Section } from './Section';

export function formatReceiptDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export function planLabel(paymentType: Receipt['paymentType']): string {
  return paymentType === 'featured_upgrade' ? 'Premium' : 'Standard';
}

const STATUS_STYLE: Record<Receipt['status'], string> = {
  succeeded: 'bg-brand-100 text-brand-900',
  failed: 'bg-[var(--color-danger-bg)] text-[var(--color-danger)]',
  pending: 'bg-soil-100 text-ink',
  canceled: 'bg-soil-100 text-ink',
};
const STATUS_LABEL: Record<Receipt['status'], string> = { succeeded: 'Paid', failed: 'Failed', pending: 'Pending', canceled: 'Canceled' };

export function BillingTab() {
  const { data: receipts, error } = useStore($receipts);

  return (
    <Section title="Billing" description="Your listing payments and receipts.">
      {!receipts && !error && (
        <p role="status" className="text-muted">
          Loading your payments…
        </p>
      )}
      {!receipts && error && <p role="alert" className="text-[var(--color-danger)]">Failed to load your payments. Please try again.</p>}
      {receipts?.length === 0 && <p className="text-muted">No payments yet. When you publish a listing, its receipt appears here.</p>}
      {receipts && receipts.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">Date</th>
                <th scope="col" className="py-2 pr-3 font-medium">Listing</th>
                <th scope="col" className="py-2 pr-3 font-medium">Amount</th>
                <th scope="col" className="py-2 pr-3 font-medium">Status</th>
                <th scope="col" className="py-2 font-medium"><span className="sr-only">Receipt</span></th>
              </tr>
            </thead>
            <tbody>
              {receipts.map((r) => (
                <tr key={r.id} className="border-b border-line last:border-0">
                  <td className="py-3 pr-3 whitespace-nowrap text-ink">{formatReceiptDate(r.paidAt ?? r.createdAt)}</td>
                  <td className="py-3 pr-3 text-ink">
                    {r.spaceTitle ?? 'Deleted listing'} <span className="text-muted">· {planLabel(r.paymentType)}</span>
                  </td>
                  <td className="py-3 pr-3 whitespace-nowrap text-ink">${r.amount}</td>
                  <td className="py-3 pr-3">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[r.status]}`}>{STATUS_LABEL[r.status]}</span>
                  </td>
                  <td className="py-3 text-right">
                    {r.status === 'succeeded' && (
                      <a href={`/receipt?id=${r.id}`} className="font-medium text-brand-800 underline">
                        Receipt
                      </a>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
