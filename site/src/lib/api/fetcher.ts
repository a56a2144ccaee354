// The islands' one way to read from the API: a single @nanostores/query context. A read is a fetcher
// store keyed by its address (or by parts, some of them stores: the read follows them), shared by every
// island on the page, deduplicated and cached. Reads are not refetched on focus or reconnect; the
// messaging stores poll on their own intervals. An answer the API refused (4xx: not found, not signed in,
// a bad query) is final and not asked again by itself; a failure of the network or the server is retried
// with a growing pause. A component whose address is its own (a console screen) reads through
// islands/shared/use-api-data.ts. Writes are store actions: async functions in the store modules (user-store,
// admin-store, saved-spaces-store…) that send through the api-client and then revalidate or update the keys
// they changed; components call the actions, not apiFetch.
import { nanoquery } from '@nanostores/query';
import { apiFetch, ApiRequestError } from './api-client';

const MAX_RETRY_PAUSE_MS = 60_000;

/** The pause before asking again after a failure: none after a 4xx; else 2 s, 4 s, 8 s… up to a minute. */
export function retryPause(error: unknown, retryCount: number): number | false {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return Math.min(MAX_RETRY_PAUSE_MS, 1000 * 2 ** retryCount);
}

export const [createFetcherStore, , { revalidateKeys }] = nanoquery({
  fetcher: (...parts) => apiFetch(parts.join('')),
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: ({ error, retryCount }) => retryPause(error, retryCount),
});
