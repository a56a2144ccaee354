// The unread count on the installed app's icon (Badging API, issue 30) where the browser has one; the
// service worker sets it when a push arrives, the dashboard as the count changes.
export function showAppBadge(count: number | null): void {
  if (count === null || typeof navigator === 'undefined' || !('setAppBadge' in navigator)) return;
  void (count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge()).catch(() => undefined);
}
