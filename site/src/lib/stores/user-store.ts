// The signed-in user ($user), loaded once per page from GET /api/auth/user and shared by the nav bar
// script and the islands. A 401 (or any failure) means anonymous (spec 7: not retried); a browser without a
// session cookie (no hint cookie, api/src/lib/session-hint.ts) is anonymous without asking — except on the
// pages the server serves to signed-in sessions only (BaseLayout's `signedIn`): there the server has already
// said who is signed in, so the page asks whatever cookies it can read, a 401 alone means signed out, and any
// other failure is "unreachable", never "anonymous" (issue 40: taking an unreadable hint or a failed call for
// "signed out" sent the person to /login, whose guard sent them back — a reload loop that stalled Lighthouse). The account's
// own writes are actions in account-actions.ts, apart: every page's nav bar loads this module, and content
// pages hold a 5 KB JavaScript budget (tests/e2e/content-build.spec.ts).
import { atom } from 'nanostores';
import type { AuthUserResponse, CurrentUser } from '#contracts/auth.schemas';
import { SESSION_HINT_COOKIE } from '#contracts/constants';
import { apiFetch, type ApiRequestError } from '../api/api-client';

export type UserState = { status: 'loading' } | { status: 'anonymous' } | { status: 'unreachable' } | { status: 'signed-in'; user: CurrentUser };

/** The state before the user is known (what pages rendered on the server show). */
export const USER_LOADING: UserState = { status: 'loading' };

export const $user = atom<UserState>(USER_LOADING);

let loading: Promise<UserState> | undefined;

/** Loads the user once per page; later calls share the first request. */
export function loadUser(): Promise<UserState> {
  loading ??= refreshUser();
  return loading;
}

/** Whether the browser holds a session cookie, by the readable hint the server keeps beside it. */
function hasSessionHint(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/** Asks the server again (after sign-in, registration and profile changes: spec 4). A browser without a
 *  session cookie is a visitor: no call, so no 401 in its console — but on a page the server's guard serves only
 *  to a signed-in session (api/src/modules/auth/page-guard.ts), the server is always asked. */
export async function refreshUser(): Promise<UserState> {
  const guarded = document.body?.hasAttribute('data-signed-in-page');
  let state: UserState = { status: 'anonymous' };
  if (guarded || hasSessionHint()) {
    try {
      state = { status: 'signed-in', user: await apiFetch<AuthUserResponse>('/api/auth/user') };
    } catch (error) {
      // The session behind the hint has ended: forget the hint so the next page asks no more.
      if ((error as ApiRequestError).status === 401) document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
      else if (guarded) state = { status: 'unreachable' };
    }
  }
  $user.set(state);
  return state;
}

export function setCurrentUser(user: CurrentUser): void {
  $user.set({ status: 'signed-in', user });
}

/** Desktop menu's Log out: the call, then / (spec 2.2). */
export async function logOut(): Promise<void> {
  try {
    await apiFetch('/api/auth/logout', { method: 'POST' });
  } finally {
    $user.set({ status: 'anonymous' });
    window.location.assign('/');
  }
}
