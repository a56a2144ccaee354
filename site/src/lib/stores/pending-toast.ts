// A toast that must survive a page change (e.g. 'Welcome back!' shown on the page signing in leads to):
// kept in sessionStorage and shown by the nav bar script on the next page.
import { showToast, type Toast } from './toast-store';

const KEY = 'farmspace.pending-toast';
type PendingToast = { title: string; description?: string; variant?: Toast['variant'] };

export function showToastAfterNavigation(toast: PendingToast): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(toast));
  } catch {
    showToast(toast);
  }
}

export function flushPendingToast(): void {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const toast = JSON.parse(raw) as PendingToast;
    if (typeof toast.title === 'string') showToast(toast);
  } catch {
    // ignore a damaged entry
  }
}
