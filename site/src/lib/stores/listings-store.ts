// The owner's listings (spec 2.8): My Listings' list ($mySpaces, GET /api/spaces/my through the islands'
// fetcher) and the writes to a listing as actions (decision 1311): create (the list-space form), change (the
// form in edit mode, the growing details, pause and resume) and delete. Each answers what the API answered,
// or throws its ApiRequestError for the component to show, and refreshes the list wherever it is shown.
import type { CreateSpace, OwnSpace, UpdateSpace } from '#contracts/spaces.schemas';
import { apiFetch } from '../api/api-client';
import { createFetcherStore, revalidateKeys } from '../api/fetcher';

const MY_SPACES = '/api/spaces/my';
export const $mySpaces = createFetcherStore<OwnSpace[]>(MY_SPACES);

const refreshMySpaces = () => revalidateKeys(MY_SPACES);

/** A new listing, a draft until it is paid for. */
export async function createListing(body: CreateSpace): Promise<OwnSpace> {
  const space = await apiFetch<OwnSpace>('/api/spaces', { body });
  refreshMySpaces();
  return space;
}

/** The fields that changed (an UpdateSpace as the contract checked it, or the growing details' body). */
export async function updateListing(spaceId: number, changes: UpdateSpace | Record<string, unknown>): Promise<OwnSpace> {
  const space = await apiFetch<OwnSpace>(`/api/spaces/${spaceId}`, { method: 'PATCH', body: changes });
  refreshMySpaces();
  return space;
}

/** Pause (out of browse, no new inquiries) or resume a live listing. */
export function setListingActive(spaceId: number, isActive: boolean): Promise<OwnSpace> {
  return updateListing(spaceId, { isActive });
}

export async function deleteListing(spaceId: number): Promise<void> {
  await apiFetch(`/api/spaces/${spaceId}`, { method: 'DELETE' });
  refreshMySpaces();
}
