// The dashboard (spec 2.8), at /dashboard and at / for a signed-in user (the page holds the greeting): the
// tabs Overview, My Listings, Inquiries, Messages, Saved Spaces and Saved Searches (Radix Tabs), deep-linkable with ?tab=
// and &conversation= (the address every message e-mail links to). Its queries run only for a signed-in user.
import * as Tabs from '@radix-ui/react-tabs';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $selectedConversation } from '../lib/messaging-store';
import { $unreadCount } from '../lib/unread-store';
import { $user, loadUser } from '../lib/user-store';
import { InquiriesTab } from './dashboard/InquiriesTab';
import { MessagesTab } from './dashboard/MessagesTab';
import { MyListingsTab } from './dashboard/MyListingsTab';
import { OverviewTab } from './dashboard/OverviewTab';
import SavedSearches from './dashboard/SavedSearches';
import { SavedSpacesTab } from './dashboard/SavedSpacesTab';
import { useTabAddress, writeTabAddress, type TabEntry } from './tab-table';

type TabContext = { userId: number; requestedConversation: number | null; selectConversation(id: number): void };

/** The tabs, in order. A new tab is one more entry. */
const TABS: TabEntry<TabContext>[] = [
  { value: 'overview', label: 'Overview', render: () => <OverviewTab /> },
  { value: 'listings', label: 'My Listings', render: () => <MyListingsTab /> },
  { value: 'inquiries', label: 'Inquiries', render: () => <InquiriesTab /> },
  {
    value: 'messages',
    label: 'Messages',
    render: (ctx) => <MessagesTab userId={ctx.userId} requestedConversation={ctx.requestedConversation} onSelect={ctx.selectConversation} />,
  },
  { value: 'saved', label: 'Saved Spaces', render: () => <SavedSpacesTab /> },
  { value: 'saved-searches', label: 'Saved Searches', render: () => <SavedSearches /> },
];

/** The conversation the address asks for (&conversation=, the link of every message e-mail). */
function requestedConversation(): number | null {
  const conversation = Number(new URLSearchParams(window.location.search).get('conversation'));
  return Number.isInteger(conversation) && conversation > 0 ? conversation : null;
}

/** The open conversation beside ?tab=messages; none on the other tabs. */
const conversationParam = (tab: string, conversation: number | null) => ({ conversation: tab === 'messages' && conversation !== null ? String(conversation) : null });

export default function Dashboard() {
  const user = useStore($user);
  const unread = useStore($unreadCount);
  const [requested] = useState(requestedConversation);
  // The dashboard is also shown at / (signed in): the address it writes is its own.
  const [tab, setTab] = useTabAddress(TABS, { path: '/dashboard', params: (t) => conversationParam(t, $selectedConversation.get()) });
  const tabList = useRef<HTMLDivElement>(null);

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

  if (user.status !== 'signed-in') {
    return (
      <p className="text-muted" role="status">
        Loading your dashboard…
      </p>
    );
  }
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
        {/* relative: the unread badge's screen-reader text (absolutely positioned) then scrolls with the list instead of
            sticking out past a phone's edge (the dashboard was 397–419 px wide on a 390 px phone, issue 25). */}
        <Tabs.List ref={tabList} aria-label="Dashboard sections" className="relative flex gap-1 overflow-x-auto border-b border-line">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="-mb-px shrink-0 border-b-2 border-transparent px-2 py-2.5 text-[13px] font-semibold sm:px-4 sm:text-sm text-muted transition hover:text-ink data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
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
          <Tabs.Content key={t.value} value={t.value} className="pt-6 focus:outline-none">
            {t.render(ctx)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
