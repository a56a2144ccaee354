// One island read whose address comes from the component's own props or state (a console screen, a
// listing's numbers), through the islands' one fetcher (lib/api/fetcher.ts): keyed by its address, shared and
// deduplicated with every other read of it, asked again when a store action revalidates its key. Reads
// every island shares (the user's conversations, receipts, saved spaces) are stores in lib/ instead.
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useMemo } from 'react';
import { errorMessage } from '../../lib/api/api-client';
import { createFetcherStore } from '../../lib/api/fetcher';

/** The answer at `path` (null: nothing to read yet), its error as a sentence, and whether it is on its way. */
export function useApiData<T>(path: string | null, failure = 'Failed to load') {
  // A null address reads nothing yet (the fetcher store waits while a key part is null).
  const store = useMemo(() => createFetcherStore<T>([atom(path)]), [path]);
  const { data, error, loading } = useStore(store);
  return { data, error: error ? errorMessage(error, failure) : undefined, loading: path !== null && loading };
}
