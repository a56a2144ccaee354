// The signed-in user's saved searches (issue 10) for the dashboard: read through the islands' fetcher,
// saved ("Alert me" on browse), renamed and deleted as actions (decision 1311), the list updated from the answer.
import type { SavedSearch } from '#contracts/saved-searches';
import { apiFetch } from '../api/api-client';
import { createFetcherStore } from '../api/fetcher';

export const $savedSearches = createFetcherStore<SavedSearch[]>('/api/saved-searches');

/** "Alert me": the applied filters (and the growing system) as a /spaces query string, under a name. */
export async function saveSearch(search: Pick<SavedSearch, 'name' | 'query'>): Promise<SavedSearch> {
  const saved = await apiFetch<SavedSearch>('/api/saved-searches', { body: search });
  const list = $savedSearches.get().data;
  if (list) $savedSearches.mutate([...list, saved]);
  return saved;
}

export async function renameSavedSearch(id: number, name: string): Promise<void> {
  const updated = await apiFetch<SavedSearch>(`/api/saved-searches/${id}`, { method: 'PATCH', body: { name } });
  $savedSearches.mutate(($savedSearches.get().data ?? []).map((s) => (s.id === id ? updated : s)));
}

export async function deleteSavedSearch(id: number): Promise<void> {
  await apiFetch(`/api/saved-searches/${id}`, { method: 'DELETE' });
  $savedSearches.mutate(($savedSearches.get().data ?? []).filter((s) => s.id !== id));
}
