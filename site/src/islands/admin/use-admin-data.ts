// Reads one console answer through the islands' one fetcher context (site/src/lib/fetcher.ts): keyed by
// its address, shared and deduplicated; `reload` after an action revalidates it.
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useCallback, useMemo } from 'react';
import { errorMessage } from '../../lib/api-client';
import { createFetcherStore, revalidateKeys } from '../../lib/fetcher';

export function useAdminData<T>(path: string | null) {
  // A null address reads nothing yet (the fetcher store waits while a key part is null).
  const store = useMemo(() => createFetcherStore<T>([atom(path)]), [path]);
  const { data, error, loading } = useStore(store);
  // Every console read starts with /api/admin: an action changes what several screens show.
  const reload = useCallback(() => revalidateKeys((key) => key.startsWith('/api/admin') || key === path), [path]);
  return { data, error: error ? errorMessage(error, 'Failed to load') : undefined, loading: path !== null && loading, reload };
}
