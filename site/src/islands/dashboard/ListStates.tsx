// The states a dashboard list shows before its items: loading, could not load (with Try Again), and empty
// (with a way to Browse Spaces). Null once there are items to show.
import type { ReactElement } from 'react';

export function listState<T>({ items, error, what, empty, emptyTestId, retry }: { items: T[] | undefined; error: unknown; what: string; empty: string; emptyTestId: string; retry: () => void }): ReactElement | null {
  if (!items && !error) return <p role="status" className="p-6 text-sm text-muted">Loading your {what}…</p>;
  if (!items)
    return (
      <div className="card p-6 text-center">
        <p className="font-semibold text-ink">We couldn’t load your {what}.</p>
        <button type="button" className="btn-outline mt-3" onClick={retry}>
          Try Again
        </button>
      </div>
    );
  if (!items.length)
    return (
      <div className="card p-8 text-center" data-testid={emptyTestId}>
        <p className="text-sm text-muted">{empty}</p>
        <a href="/spaces" className="btn-primary mt-4">
          Browse Spaces
        </a>
      </div>
    );
  return null;
}
