// The settings page's frame before it has its user: the tab list and an empty panel, laid out exactly as the
// loaded panel is (issue 32). The page renders it on the server in the island's place (settings.astro) and
// the island shows the same while the user loads, so the panel stands where it will stay from the first
// paint: without it, the panel arrived in one load in four as a shift of 0.249 on a phone. No state, no
// stores: it is rendered to plain HTML without JavaScript.
import type { ReactNode } from 'react';

/** The settings tabs, in order (spec 2.11); SettingsPanel.tsx says what each renders. */
export const SETTINGS_TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'security', label: 'Security' },
  { value: 'preferences', label: 'Preferences' },
  { value: 'billing', label: 'Billing' },
] as const;

export const SETTINGS_GRID_CLASS = 'grid gap-6 md:grid-cols-[13rem_1fr]';
export const SETTINGS_TAB_LIST_CLASS = 'flex gap-1 overflow-x-auto md:flex-col';
export const SETTINGS_PANEL_CLASS = 'card p-6 sm:p-8';

export function settingsTabClass(selected: boolean): string {
  return `shrink-0 rounded-lg px-4 py-2 text-left text-sm font-medium transition-colors ${selected ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50'}`;
}

/** The frame with the first tab marked and a panel still loading. */
export function SettingsFrame({ children }: { children?: ReactNode }) {
  return (
    <div className={SETTINGS_GRID_CLASS}>
      <div className={SETTINGS_TAB_LIST_CLASS} aria-hidden="true">
        {SETTINGS_TABS.map((t, i) => (
          <span key={t.value} className={settingsTabClass(i === 0)}>
            {t.label}
          </span>
        ))}
      </div>
      <div className={SETTINGS_PANEL_CLASS} role="status">
        {children ?? (
          <>
            <div className="h-6 w-40 animate-pulse rounded bg-brand-100" />
            <div className="mt-6 h-10 w-full animate-pulse rounded bg-brand-50" />
            <span className="sr-only">Loading your settings…</span>
          </>
        )}
      </div>
    </div>
  );
}
