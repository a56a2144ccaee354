// File uploads for the islands that send them (the photo uploader), in a module of their own so the
// api-client chunk every page loads stays small (content pages ship at most 5 KB of JavaScript).
import { ApiRequestError } from './api-client';

/**
 * Uploads one file as multipart/form-data (field `field`) with XMLHttpRequest, whose upload progress
 * fetch cannot report: `onProgress` gets 0..1. Fails like apiFetch (ApiRequestError), or with status 0
 * when the network dropped. `signal` aborts it.
 */
export function apiUpload<T>(path: string, file: Blob, options: { field: string; headers?: Record<string, string>; onProgress?: (fraction: number) => void; signal?: AbortSignal }): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(new ApiRequestError(xhr.status, xhr.responseText, xhr.statusText));
        }
      } else reject(new ApiRequestError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, '', 'The connection was lost'));
    xhr.onabort = () => reject(new ApiRequestError(0, '', 'Upload cancelled'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append(options.field, file, file instanceof File ? file.name : 'photo');
    xhr.send(form);
  });
}
