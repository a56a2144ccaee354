// The growing system the farmer picked ($growingSystem): from ?system= in the URL, else the signed-in
// user's preferences. Picking one writes it to the URL (shareable) and, when signed in, to the account.
import { atom } from 'nanostores';
import { growingSystem, type GrowingSystemId } from '#contracts/growing';
import type { AuthUserEnvelope } from '#contracts/auth.schemas';
import { apiFetch } from '../api/api-client';
import { loadUser, setCurrentUser } from './user-store';

export const $growingSystem = atom<GrowingSystemId | null>(null);

/** On page load: the URL wins; without one, the account's saved choice. */
export async function initGrowingSystem(): Promise<void> {
  const fromUrl = growingSystem(new URLSearchParams(window.location.search).get('system'));
  if (fromUrl) {
    $growingSystem.set(fromUrl.id);
    return;
  }
  const state = await loadUser();
  const saved = state.status === 'signed-in' ? growingSystem(state.user.preferences.growingSystem) : undefined;
  if (saved && !new URLSearchParams(window.location.search).get('system')) $growingSystem.set(saved.id);
}

export async function pickGrowingSystem(id: GrowingSystemId | null): Promise<void> {
  $growingSystem.set(id);
  const state = await loadUser();
  if (state.status !== 'signed-in') return;
  try {
    const { user } = await apiFetch<AuthUserEnvelope>('/api/growing-system', { method: 'PUT', body: { system: id } });
    setCurrentUser(user);
  } catch {
    // The choice still applies on this page and in the URL; the account keeps the previous one.
  }
}
