// The dashboard (spec 2.8), at /dashboard and at / for a signed-in user (the page holds the greeting): the
// tabs Overview, My Listings, Inquiries, Messages, Saved Spaces and Saved Searches (Radix Tabs), deep-linkable with ?tab=
// and &conversation= (the address every message e-mail links to). Its queries run only for a signed-in user.
import * as Tabs from '@radix-ui/react-tabs';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { $selectedConversation } from '../lib/stores/messaging-store';
import { $unreadCount } from '../lib/stores/unread-store';
import { showAppBadge } from '../lib/display/app-badge';
import { $user, loadUser, USER_LOADING } from '../lib/stores/user-store';
import { useHydratedStore } from '../lib/stores/use-hydrated-store';
import { DASHBOARD_TABS, DashboardFrame, TAB_CONTENT_CLASS, TAB_LIST_CLASS, TAB_TRIGGER_CLASS, type DashboardTab } from './dashboard/DashboardFrame';
import { OverviewTab } from './dashboard/OverviewTab';
import { AccountUnreachable } from './shared/AccountUnreachable';
import { useTabAddress, writeTabAddress, type TabEntry } from './shared/tab-table';

// The tabs behind the Overview load when first opened (issue 32): the page's first paint waits only for the
// Overview. Their own states (loading, empty, error) show once loaded; until then a line says it loads.
const MyListingsTab = lazy(() => import('./dashboard/MyListingsTab').then((m) => ({ default: m.MyListingsTab })));
const InquiriesTab = lazy(() => import('./dashboard/InquiriesTab').then((m) => ({ default: m.InquiriesTab })));
const MessagesTab = lazy(() => import('./dashboard/MessagesTab').then((m) => ({ default: m.MessagesTab })));
const SavedSpacesTab = lazy(() => import('./dashboard/SavedSpacesTab').then((m) => ({ default: m.SavedSpacesTab })));
const SavedSearches = lazy(() => import('./dashboard/SavedSearches'));

type TabContext = { userId: number; requestedConversation: number | null; selectConversation(id: number): void };

const RENDER: Record<DashboardTab, (ctx: TabContext) => ReactNode> = {
  overview: () => <OverviewTab />,
  listings: () => <MyListingsTab />,
  inquiries: () => <InquiriesTab />,
  messages: (ctx) => <MessagesTab userId={ctx.userId} requestedConversation={ctx.requestedConversation} onSelect={ctx.selectConversation} />,
  saved: () => <SavedSpacesTab />,
  'saved-searches': () => <SavedSearches />,
};

/** The tabs, in order (DASHBOARD_TABS, shared with the frame the page renders first). A new tab is one more entry in each. */
const TABS: TabEntry<TabContext>[] = DASHBOARD_TABS.map((t) => ({ ...t, render: RENDER[t.value] }));

function TabLoading() {
  return (
    <p className="text-sm text-muted" role="status">
      Loading…
    </p>
  );
}

/** The conversation the address asks for (&conversation=, the link of every message e-mail). */
function requestedConversation(): number | null {
  if (typeof window === 'undefined') return null;
  const conversation = Number(new URLSearchParams(window.location.search).get('conversation'));
  return Number.isInteger(conversation) && conversation > 0 ? conversation : null;
}

/** The open conversation beside ?tab=messages; none on the other tabs. */
const conversationParam = (tab: string, conversation: number | null) => ({ conversation: tab === 'messages' && conversation !== null ? String(conversation) : null });

export default function Dashboard() {
  // Rendered on the server as the frame (the user loading) and hydrated when the browser is idle (issue 40):
  // the first client render is the server's, then the store's.
  const user = useHydratedStore($user, USER_LOADING);
  const unread = useStore($unreadCount);
  const [requested] = useState(requestedConversation);
  // The dashboard is also shown at / (signed in): the address it writes is its own.
  const [tab, setTab] = useTabAddress(TABS, { path: '/dashboard', params: (t) => conversationParam(t, $selectedConversation.get()) });
  const tabList = useRef<HTMLDivElement>(null);
  useEffect(() => showAppBadge(unread), [unread]);

  useEffect(() => {
    void loadUser().then((s) => {
      if (s.status === 'anonymous') window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    });
  }, []);

  // On a phone the six tabs scroll sideways: keep the open one (say a deep-linked ?tab=saved-searches) in
  // view, scrolling the tab strip only, never the page.
  useEffect(() => {
    const list = tabList.current;
    const active = list?.querySelector<HTMLElement>('[data-state="active"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    const offset = active.getBoundingClientRect().left - list.getBoundingClientRect().left;
    list.scrollLeft += offset - (list.clientWidth - active.offsetWidth) / 2;
  }, [tab, user.status]);

  // The same frame the page showed before the island arrived (an anonymous visitor is on the way to /login).
  if (user.status === 'unreachable') return <AccountUnreachable />;
  if (user.status !== 'signed-in') return <DashboardFrame />;
  const ctx: TabContext = {
    userId: user.user.id,
    requestedConversation: requested,
    selectConversation: (id) => writeTabAddress('messages', conversationParam('messages', id), '/dashboard'),
  };
  return (
    <div>
      <Tabs.Root
        value={tab}
        onValueChange={setTab}
      >
        <Tabs.List ref={tabList} aria-label="Dashboard sections" className={TAB_LIST_CLASS}>
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className={TAB_TRIGGER_CLASS}
            >
              {t.label}
              {/* A real space, so the tab's accessible name reads "Messages 1 unread", not "Messages1 unread". */}
              {t.value === 'messages' && unread ? ' ' : null}
              {t.value === 'messages' && unread ? (
                <span className="ml-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">
                  {unread}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} className={TAB_CONTENT_CLASS}>
            <Suspense fallback={<TabLoading />}>{t.render(ctx)}</Suspense>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
