// A listing's photos as actions (decision 1311), for the list-space form's uploader: upload one (with its
// progress), delete, give a text alternative, put in order (the first is the cover). The photo-upload store
// keeps the page's list and calls these; each throws the ApiRequestError for it to show.
import { UPLOAD_HEADER, UPLOAD_KEY_HEADER, type PhotoView } from '#contracts/photos';
import { apiFetch, ApiRequestError } from '../api/api-client';
import { apiUpload } from '../api/api-upload';

const photosPath = (spaceId: number) => `/api/spaces/${spaceId}/photos`;

/** `uploadKey`: the chosen file's own key, the same on every try (the API stores one photo per key). */
export function uploadPhoto(spaceId: number, file: Blob, onProgress: (fraction: number) => void, uploadKey?: string): Promise<PhotoView> {
  return apiUpload<PhotoView>(photosPath(spaceId), file, { field: 'photo', headers: { [UPLOAD_HEADER]: '1', ...(uploadKey && { [UPLOAD_KEY_HEADER]: uploadKey }) }, onProgress });
}

/** A photo already gone (deleted in another tab) is what was asked for. */
export async function deletePhoto(spaceId: number, photoId: string): Promise<void> {
  await apiFetch(`${photosPath(spaceId)}/${photoId}`, { method: 'DELETE' }).catch((error: unknown) => {
    if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
  });
}

export function setPhotoAlt(spaceId: number, photoId: string, alt: string): Promise<PhotoView> {
  return apiFetch<PhotoView>(`${photosPath(spaceId)}/${photoId}`, { method: 'PATCH', body: { alt } });
}

export async function orderPhotos(spaceId: number, order: string[]): Promise<void> {
  await apiFetch(photosPath(spaceId), { method: 'PATCH', body: { order } });
}
