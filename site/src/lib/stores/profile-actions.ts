// The signed-in person's public profile (issue 28): read and saved from Settings → Profile's dialog, which
// loads on demand, so these load with it and never with the settings page.
import type { OwnProfile, ProfileUpdate } from '#contracts/profiles.schemas';
import { UPLOAD_HEADER } from '#contracts/photos';
import { apiFetch } from '../api/api-client';
import { apiUpload } from '../api/api-upload';

export function loadOwnProfile(): Promise<OwnProfile> {
  return apiFetch<OwnProfile>('/api/profile');
}

export function saveOwnProfile(profile: ProfileUpdate): Promise<OwnProfile> {
  return apiFetch<OwnProfile>('/api/profile', { method: 'PUT', body: profile });
}

/** A new profile picture (POST /api/profile/avatar), through the same multipart upload as listing photos. */
export function uploadAvatar(file: Blob, onProgress: (fraction: number) => void): Promise<OwnProfile> {
  return apiUpload<OwnProfile>('/api/profile/avatar', file, { field: 'photo', headers: { [UPLOAD_HEADER]: '1' }, onProgress });
}

export async function removeAvatar(): Promise<void> {
  await apiFetch('/api/profile/avatar', { method: 'DELETE' });
}
