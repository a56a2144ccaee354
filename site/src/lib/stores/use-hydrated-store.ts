// A store's value for an island that is rendered on the server and hydrated: the first client render uses
// what the server rendered (`serverValue`), then the store's own value. A store a page script filled
// before hydration (the browse store starts before its island hydrates) would otherwise make the first
// client render differ from the HTML, which React reports as a hydration error (#418) and repaints.
import type { ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';

export function useHydratedStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const subscribe = useCallback((changed: () => void) => store.listen(() => changed()), [store]);
  return useSyncExternalStore(subscribe, () => store.get(), () => serverValue);
}
