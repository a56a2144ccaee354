// The signed-in user for the spaces islands, read once per page from GET /api/auth/user (spec 7: a 401
// or a missing result means anonymous). Deliberately tiny: the accounts work keeps the site-wide `$user`
// store in user-store.ts, and this file folds into it when the branches meet.
import { atom } from 'nanostores';

export type CurrentUser = { id: number; email: string; firstName: string; lastName: string; profileImageUrl: string | null };
export type CurrentUserState = { status: 'loading' } | { status: 'anonymous' } | { status: 'signed-in'; user: CurrentUser };

export const $currentUser = atom<CurrentUserState>({ status: 'loading' });

let started = false;

export function loadCurrentUser(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void readUser().then(
    (user) => $currentUser.set(user ? { status: 'signed-in', user } : { status: 'anonymous' }),
    () => $currentUser.set({ status: 'anonymous' }),
  );
}

async function readUser(): Promise<CurrentUser | null> {
  const res = await fetch('/api/auth/user', { credentials: 'include', headers: { accept: 'application/json' } });
  if (res.ok) {
    const u = (await res.json()) as Partial<CurrentUser> | null;
    return u && u.id !== undefined ? normalise(u) : null;
  }
  if (res.status !== 404) return null;
  // Until GET /api/auth/user exists on this branch, ask better-auth for the session directly.
  const session = await fetch('/api/auth/ba/get-session', { credentials: 'include', headers: { accept: 'application/json' } });
  if (!session.ok) return null;
  const body = (await session.json()) as { user?: { id: string | number; email: string; name?: string; lastName?: string; image?: string | null } } | null;
  if (!body?.user) return null;
  return normalise({ id: Number(body.user.id), email: body.user.email, firstName: body.user.name ?? '', lastName: body.user.lastName ?? '', profileImageUrl: body.user.image ?? null });
}

function normalise(u: Partial<CurrentUser>): CurrentUser {
  return { id: Number(u.id), email: u.email ?? '', firstName: u.firstName ?? '', lastName: u.lastName ?? '', profileImageUrl: u.profileImageUrl ?? null };
}
