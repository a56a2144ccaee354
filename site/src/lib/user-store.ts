// The signed-in user ($user), loaded once per page from GET /api/auth/user and shared by the nav bar
// script and the islands. A 401 (or any failure) means anonymous (spec 7: not retried).
import { atom } from 'nanostores';
import type { AuthUserResponse, CurrentUser } from '../../../contracts/auth';
import { apiFetch } from './api-client';

export type UserState = { status: 'loading' } | { status: 'anonymous' } | { status: 'signed-in'; user: CurrentUser };

export const $user = atom<UserState>({ status: 'loading' });

let loading: Promise<UserState> | undefined;

/** Loads the user once per page; later calls share the first request. */
export function loadUser(): Promise<UserState> {
  loading ??= refreshUser();
  return loading;
}

/** Asks the server again (after sign-in, registration and profile changes: spec 4). */
export async function refreshUser(): Promise<UserState> {
  let state: UserState;
  try {
    const user = await apiFetch<AuthUserResponse>('/api/auth/user');
    state = { status: 'signed-in', user };
  } catch {
    state = { status: 'anonymous' };
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
