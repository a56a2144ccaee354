// The dashboard's frame before it has its user and data (issue 32): the tab strip and the Overview with its
// counts still "…". The page renders it on the server in the island's place (dashboard.astro) and the island
// shows the same while the user loads, so the page has its height from the first paint and nothing below
// moves when the dashboard arrives (layout shift while scrolling 0.167 → 0). No state, no stores: it is
// rendered to plain HTML without JavaScript.
import type { ReactNode } from 'react';

/** The dashboard's tabs, in order (spec 2.8); Dashboard.tsx says what each renders. */
export const DASHBOARD_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'listings', label: 'My Listings' },
  { value: 'inquiries', label: 'Inquiries' },
  { value: 'messages', label: 'Messages' },
  { value: 'saved', label: 'Saved Spaces' },
  { value: 'saved-searches', label: 'Saved Searches' },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];

// relative: the unread badge's screen-reader text (absolutely positioned) then scrolls with the list instead of
// sticking out past a phone's edge (the dashboard was 397–419 px wide on a 390 px phone, issue 25).
export const TAB_LIST_CLASS = 'relative flex gap-1 overflow-x-auto border-b border-line';
export const TAB_TRIGGER_CLASS =
  '-mb-px shrink-0 border-b-2 border-transparent px-2 py-2.5 text-[13px] font-semibold sm:px-4 sm:text-sm text-muted transition hover:text-ink data-[state=active]:border-brand-700 data-[state=active]:text-brand-800';
export const TAB_CONTENT_CLASS = 'pt-6 focus:outline-none';

export type OverviewCounts = { listings: string; sent: string; received: string; agreements: string; revenue: string };
const UNKNOWN: OverviewCounts = { listings: '…', sent: '…', received: '…', agreements: '…', revenue: '…' };

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

/** Overview (spec 2.8): the counts and the quick actions. */
export function OverviewView({ counts }: { counts: OverviewCounts }) {
  return (
    <div className="flex flex-col gap-8">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Stat label="My Listings" value={counts.listings} />
        <Stat label="Sent Inquiries" value={counts.sent} />
        <Stat label="Received Inquiries" value={counts.received} />
        <Stat label="Agreements" value={counts.agreements} hint="Lease terms accepted" />
        <Stat label="Monthly rent" value={counts.revenue} hint="Live and let listings: agreed rent, else asking price. Drafts don't count." />
      </dl>
      <section aria-labelledby="quick-actions-title">
        <h2 id="quick-actions-title" className="text-lg font-semibold text-ink">
          Quick actions
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          <QuickAction href="/list-space" title="List New Space">
            Publish a rooftop, basement or warehouse for 30 days.
          </QuickAction>
          <QuickAction href="/spaces" title="Browse Farm Spaces">
            Find a space to grow in your city.
          </QuickAction>
          <QuickAction href="/settings" title="Account Settings">
            Profile, notifications, password and preferences.
          </QuickAction>
        </div>
      </section>
    </div>
  );
}

function QuickAction({ href, title, children }: { href: string; title: string; children: ReactNode }) {
  return (
    <a href={href} className="card p-5 transition hover:border-brand-200 hover:shadow-md">
      <p className="font-semibold text-ink">{title}</p>
      <p className="mt-1 text-sm text-muted">{children}</p>
    </a>
  );
}

/** The frame while loading: the tab strip (Overview open) and the Overview without its counts. The page is busy
 *  for assistive technology until the tabs are real; the quick actions are links and work already. */
export function DashboardFrame() {
  return (
    <div aria-busy="true">
      <p className="sr-only" role="status">
        Loading your dashboard…
      </p>
      <div aria-hidden="true" className={TAB_LIST_CLASS}>
        {DASHBOARD_TABS.map((t) => (
          <span key={t.value} data-state={t.value === 'overview' ? 'active' : 'inactive'} className={TAB_TRIGGER_CLASS}>
            {t.label}
          </span>
        ))}
      </div>
      <div className={TAB_CONTENT_CLASS}>
        <OverviewView counts={UNKNOWN} />
      </div>
    </div>
  );
}
