// The signed-in farmer's saved spaces (issue 19): one read of GET /api/saved-spaces through the islands'
// fetcher, shared by every Save button on the page and the dashboard's Saved Spaces tab; saving and
// removing go through the api-client and update the list in place from the answer.
import type { Space } from '#contracts/spaces.schemas';
import type { SavedSpace, SaveSpaceResult } from '#contracts/saved-spaces';
import { apiFetch } from '../api/api-client';
import { createFetcherStore } from '../api/fetcher';

export const $savedSpaces = createFetcherStore<SavedSpace[]>('/api/saved-spaces');

export async function saveSpace(space: Space): Promise<void> {
  const result = await apiFetch<SaveSpaceResult>(`/api/spaces/${space.id}/saved`, { method: 'PUT' });
  const others = ($savedSpaces.get().data ?? []).filter((s) => s.spaceId !== space.id);
  $savedSpaces.mutate([{ spaceId: space.id, title: space.title, savedAt: result.savedAt, space }, ...others]);
}

export async function unsaveSpace(spaceId: number): Promise<void> {
  await apiFetch(`/api/spaces/${spaceId}/saved`, { method: 'DELETE' });
  $savedSpaces.mutate(($savedSpaces.get().data ?? []).filter((s) => s.spaceId !== spaceId));
}
