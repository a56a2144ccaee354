// /settings (spec 2.11): left tabs — Profile, Notifications, Security (change password), Preferences (kept
// in the account: users.preferences) and Billing — from one tab table, deep-linkable with ?tab= as the
// dashboard's (tab-table.ts). Each tab is its own file in settings/, as the dashboard's are in dashboard/.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { CurrentUser } from '#contracts/auth.schemas';
import { $user, loadUser, USER_LOADING } from '../lib/stores/user-store';
import { useHydratedStore } from '../lib/stores/use-hydrated-store';
import { BillingTab } from './settings/BillingTab';
import { NotificationsTab } from './settings/NotificationsTab';
import { PreferencesTab } from './settings/PreferencesTab';
import { ProfileTab } from './settings/ProfileTab';
import { SecurityTab } from './settings/SecurityTab';
import { SETTINGS_GRID_CLASS, SETTINGS_PANEL_CLASS, SETTINGS_TAB_LIST_CLASS, SETTINGS_TABS, SettingsFrame, settingsTabClass } from './settings/SettingsFrame';
import { AccountUnreachable } from './shared/AccountUnreachable';
import { useTabAddress, type TabEntry } from './shared/tab-table';

const RENDER: Record<(typeof SETTINGS_TABS)[number]['value'], TabEntry<{ user: CurrentUser }>['render']> = {
  profile: ({ user }) => <ProfileTab user={user} />,
  notifications: ({ user }) => <NotificationsTab user={user} />,
  security: () => <SecurityTab />,
  preferences: ({ user }) => <PreferencesTab user={user} />,
  billing: () => <BillingTab />,
};

/** The tabs, in order (SettingsFrame's list, which the page also shows before the island). */
const TABS: TabEntry<{ user: CurrentUser }>[] = SETTINGS_TABS.map((t) => ({ ...t, render: RENDER[t.value] }));

export default function SettingsPanel() {
  // Rendered on the server as the frame and hydrated when the browser is idle (issue 40), as the dashboard.
  const state = useHydratedStore($user, USER_LOADING);
  const [tab, setTab] = useTabAddress(TABS);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    void loadUser().then((s) => {
      if (s.status === 'anonymous') window.location.assign('/login?next=%2Fsettings');
    });
  }, []);

  if (state.status === 'unreachable') return <AccountUnreachable />;
  if (state.status !== 'signed-in') return <SettingsFrame />;

  function onTabKey(event: KeyboardEvent) {
    const index = TABS.findIndex((t) => t.value === tab);
    const step = event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : event.key === 'ArrowUp' || event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length]!.value;
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className={SETTINGS_GRID_CLASS}>
      <div role="tablist" aria-label="Settings" aria-orientation="vertical" className={SETTINGS_TAB_LIST_CLASS} onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t.value}
            ref={(el) => {
              tabRefs.current[t.value] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.value}`}
            aria-selected={tab === t.value}
            aria-controls={`panel-${t.value}`}
            tabIndex={tab === t.value ? 0 : -1}
            onClick={() => setTab(t.value)}
            className={settingsTabClass(tab === t.value)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className={SETTINGS_PANEL_CLASS}>
        {TABS.find((t) => t.value === tab)!.render({ user: state.user })}
      </div>
    </div>
  );
}
