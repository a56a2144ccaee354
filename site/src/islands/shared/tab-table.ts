// The tab table of the signed-in panels (Dashboard, Settings): each panel lists its tabs once (value,
// label, what it renders), and the open tab lives in the address as ?tab=… so any tab can be linked to
// (e-mails, "Turn them on in Settings") and a reload keeps it. Changing tabs replaces the address
// without adding history entries.
import { useState, type ReactNode } from 'react';

export type TabEntry<C> = { value: string; label: string; render(ctx: C): ReactNode };

/** The tab the address asks for, if the table has it; else the first. */
export function tabFromAddress(tabs: readonly TabEntry<never>[], search: string): string {
  const asked = new URLSearchParams(search).get('tab');
  return tabs.some((t) => t.value === asked) ? asked! : tabs[0]!.value;
}

/**
 * Writes the open tab (and the panel's own parameters: null removes one) into the address. `path` is the
 * panel's own address when it is also shown elsewhere (the dashboard at /).
 */
export function writeTabAddress(tab: string, params: Record<string, string | null> = {}, path?: string): void {
  const url = new URL(window.location.href);
  if (path) url.pathname = path;
  url.searchParams.set('tab', tab);
  for (const [key, value] of Object.entries(params)) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  window.history.replaceState(null, '', url);
}

/** The open tab of a panel, read from the address once and written back on every change. */
export function useTabAddress(tabs: readonly TabEntry<never>[], options: { path?: string; params?: (tab: string) => Record<string, string | null> } = {}): [string, (tab: string) => void] {
  // On the server (the panels are rendered into the page, then hydrated) there is no address: the first tab,
  // which the panels' frames show anyway until their user has loaded.
  const [tab, setTab] = useState(() => (typeof window === 'undefined' ? tabs[0]!.value : tabFromAddress(tabs, window.location.search)));
  const select = (next: string) => {
    setTab(next);
    writeTabAddress(next, options.params?.(next), options.path);
  };
  return [tab, select];
}
