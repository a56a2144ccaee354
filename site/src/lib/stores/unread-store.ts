// The signed-in user's unread message count for the nav bar's user menu: fetched once per page load
// (spec 9: no polling outside the dashboard) and kept current by the dashboard's conversation polls.
// Kept apart from messaging-store so content pages load only this.
import { atom } from 'nanostores';
import type { UnreadCountResponse } from '#contracts/messaging';
import { apiFetch } from '../api/api-client';

/** null until known. */
export const $unreadCount = atom<number | null>(null);

/** Asks the server again (the dashboard's conversation polls): the list is paged, so only the server knows the total. */
export function refreshUnreadCount(): void {
  apiFetch<UnreadCountResponse>('/api/conversations/unread-count')
    .then(({ count }) => $unreadCount.set(count))
    .catch(() => undefined);
}

let loaded = false;
/** The nav's one ask per page. */
export function loadUnreadCount(): void {
  if (loaded) return;
  loaded = true;
  refreshUnreadCount();
}
