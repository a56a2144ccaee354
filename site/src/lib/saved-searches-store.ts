// The signed-in user's saved searches (issue 10) for the dashboard: read through the islands' fetcher,
// renamed and deleted through the api-client, the list updated in place from the answer.
import type { SavedSearch } from '#contracts/saved-searches';
import { apiFetch } from './api-client';
import { createFetcherStore } from './fetcher';

export const $savedSearches = createFetcherStore<SavedSearch[]>('/api/saved-searches');

export async function renameSavedSearch(id: number, name: string): Promise<void> {
  const updated = await apiFetch<SavedSearch>(`/api/saved-searches/${id}`, { method: 'PATCH', body: { name } });
  $savedSearches.mutate(($savedSearches.get().data ?? []).map((s) => (s.id === id ? updated : s)));
}

export async function deleteSavedSearch(id: number): Promise<void> {
  await apiFetch(`/api/saved-searches/${id}`, { method: 'DELETE' });
  $savedSearches.mutate(($savedSearches.get().data ?? []).filter((s) => s.id !== id));
}
