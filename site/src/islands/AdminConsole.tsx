// The operators' console at /admin (issue 19; the page itself is 404 to anyone else): Overview, Reports,
// Review, Search, Audit log, Coupons and Jobs as Radix tabs, deep-linkable with ?tab=. Everything it shows and
// does goes through /api/admin/*.
import * as Tabs from '@radix-ui/react-tabs';
import { useState, type ReactNode } from 'react';
import { AuditPanel } from './admin/AuditPanel';
import { CouponsPanel } from './admin/CouponsPanel';
import { JobsPanel } from './admin/JobsPanel';
import { OverviewPanel } from './admin/OverviewPanel';
import { ReportsPanel } from './admin/ReportsPanel';
import { ReviewPanel } from './admin/ReviewPanel';
import { SearchPanel } from './admin/SearchPanel';

const TABS: Array<{ value: string; label: string; render(): ReactNode }> = [
  { value: 'overview', label: 'Overview', render: () => <OverviewPanel /> },
  { value: 'reports', label: 'Reports', render: () => <ReportsPanel /> },
  { value: 'review', label: 'Review', render: () => <ReviewPanel /> },
  { value: 'search', label: 'Search', render: () => <SearchPanel /> },
  { value: 'audit', label: 'Audit log', render: () => <AuditPanel /> },
  { value: 'coupons', label: 'Coupons', render: () => <CouponsPanel /> },
  { value: 'jobs', label: 'Jobs', render: () => <JobsPanel /> },
];

function initialTab(): string {
  const asked = new URLSearchParams(window.location.search).get('tab');
  return TABS.some((t) => t.value === asked) ? asked! : 'overview';
}

export default function AdminConsole() {
  const [tab, setTab] = useState(initialTab);
  function select(value: string) {
    setTab(value);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', value);
    window.history.replaceState(null, '', url);
  }
  return (
    <Tabs.Root value={tab} onValueChange={select}>
      <Tabs.List aria-label="Console sections" className="flex gap-1 overflow-x-auto border-b border-line">
        {TABS.map((t) => (
          <Tabs.Trigger
            key={t.value}
            value={t.value}
            className="whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted data-[state=active]:border-brand-700 data-[state=active]:text-ink"
          >
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map((t) => (
        <Tabs.Content key={t.value} value={t.value} className="pt-6">
          {tab === t.value && t.render()}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
