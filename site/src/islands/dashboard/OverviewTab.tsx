// Overview (spec 2.8): the four counts and the quick actions.
import { useStore } from '@nanostores/react';
import { $mySpaces, $receivedInquiries, $sentInquiries } from '../../lib/messaging-store';
import { formatMonthlyRevenue, monthlyRevenueByCurrency } from './monthly-revenue';
import { distinctAgreements } from './AgreementSummary';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="card flex flex-col-reverse p-5">
      <dt className="mt-1 text-sm text-muted">
        {label}
        {hint && <span className="block text-xs">{hint}</span>}
      </dt>
      <dd className="text-3xl font-extrabold text-ink">{value}</dd>
    </div>
  );
}

export function OverviewTab() {
  const spaces = useStore($mySpaces);
  const sent = useStore($sentInquiries);
  const received = useStore($receivedInquiries);
  const count = (data: unknown[] | undefined) => (data ? String(data.length) : '…');
  // Agreements reached, as owner or as farmer: each conversation's accepted terms once.
  const agreements = sent.data && received.data ? String(distinctAgreements([...received.data, ...sent.data]).length) : '…';
  // Agreed rent where a lease runs, list price elsewhere (issue 25 item 21).
  const today = new Date().toISOString().slice(0, 10);
  const revenue = spaces.data && received.data ? formatMonthlyRevenue(monthlyRevenueByCurrency(spaces.data, distinctAgreements(received.data), today)) : '…';
  return (
    <div className="flex flex-col gap-8">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Stat label="My Listings" value={count(spaces.data)} />
        <Stat label="Sent Inquiries" value={count(sent.data)} />
        <Stat label="Received Inquiries" value={count(received.data)} />
        <Stat label="Agreements" value={agreements} hint="Lease terms accepted" />
        <Stat label="Total Revenue" value={revenue} hint="Monthly: agreed rent where leased, list price elsewhere" />
      </dl>
      <section aria-labelledby="quick-actions-title">
        <h2 id="quick-actions-title" className="text-lg font-semibold text-ink">
          Quick actions
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          <a href="/list-space" className="card p-5 transition hover:border-brand-200 hover:shadow-md">
            <p className="font-semibold text-ink">List New Space</p>
            <p className="mt-1 text-sm text-muted">Publish a rooftop, basement or warehouse for 30 days.</p>
          </a>
          <a href="/spaces" className="card p-5 transition hover:border-brand-200 hover:shadow-md">
            <p className="font-semibold text-ink">Browse Farm Spaces</p>
            <p className="mt-1 text-sm text-muted">Find a space to grow in your city.</p>
          </a>
          <a href="/settings" className="card p-5 transition hover:border-brand-200 hover:shadow-md">
            <p className="font-semibold text-ink">Account Settings</p>
            <p className="mt-1 text-sm text-muted">Profile, notifications, password and preferences.</p>
          </a>
        </div>
      </section>
    </div>
  );
}
