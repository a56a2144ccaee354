// The dashboard's saved-searches panel (issue 10), self-contained: loads the signed-in user's searches,
// opens one on /spaces, renames it in place, deletes it; its own loading, error and empty states. It says
// so when the e-mail notifications master switch is off, since no alert is sent then.
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { growingSystem } from '#contracts/growing';
import { SAVED_SEARCH_TEXTS, type SavedSearch } from '#contracts/saved-searches';
import { describeSpaceFilters } from '#contracts/space-filters';
import { errorMessage } from '../../lib/api/api-client';
import { $savedSearches, deleteSavedSearch, renameSavedSearch } from '../../lib/stores/saved-searches-store';
import { showToast } from '../../lib/stores/toast-store';
import { $user } from '../../lib/stores/user-store';
import { listState } from './ListStates';

/** "Berlin · ceiling ≥ 3 m · water · NFT hydroponic racks": what a saved query filters on, in words (from the filter registry). */
export function describeQuery(query: string): string {
  const parts = [...describeSpaceFilters(query), growingSystem(new URLSearchParams(query).get('system'))?.name].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'All spaces';
}

export default function SavedSearches() {
  const { data: searches, error } = useStore($savedSearches);
  const [editing, setEditing] = useState<number | null>(null);
  const [name, setName] = useState('');
  const user = useStore($user);
  const emailsOff = user.status === 'signed-in' && !user.user.emailNotifications;

  async function rename(event: FormEvent, id: number) {
    event.preventDefault();
    try {
      await renameSavedSearch(id, name);
      setEditing(null);
      showToast(SAVED_SEARCH_TEXTS.renamed);
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, 'Failed to rename the search'), variant: 'destructive' });
    }
  }

  async function remove(search: SavedSearch) {
    if (!window.confirm(`Delete the saved search “${search.name}”? Its e-mail alerts stop.`)) return;
    try {
      await deleteSavedSearch(search.id);
      showToast(SAVED_SEARCH_TEXTS.deleted);
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, 'Failed to delete the search'), variant: 'destructive' });
    }
  }

  const state = listState({ items: searches, error, what: 'saved searches', empty: SAVED_SEARCH_TEXTS.empty, emptyTestId: 'saved-searches-empty', retry: () => $savedSearches.invalidate() });
  if (state || !searches) return state;
  return (
    <div className="flex flex-col gap-4">
      {emailsOff && (
        <p className="rounded-lg border border-line bg-soil-50 px-4 py-3 text-sm text-ink" data-testid="saved-searches-emails-off">
          E-mail notifications are off, so these searches send no alerts. Turn them on in{' '}
          <a href="/settings?tab=notifications" className="font-semibold text-brand-800 underline">
            Settings
          </a>
          .
        </p>
      )}
      <ul className="card divide-y divide-line" aria-label="Saved searches" data-testid="saved-searches">
        {searches.map((s) => (
          <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            {editing === s.id ? (
              <form className="flex flex-1 flex-wrap items-center gap-2" onSubmit={(e) => void rename(e, s.id)}>
                <label htmlFor={`rename-${s.id}`} className="sr-only">
                  New name for {s.name}
                </label>
                <input id={`rename-${s.id}`} className="input max-w-xs flex-1" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
                <button type="submit" className="btn-primary py-1.5 text-sm">
                  Save
                </button>
                <button type="button" className="btn-outline py-1.5 text-sm" onClick={() => setEditing(null)}>
                  Cancel
                </button>
              </form>
            ) : (
              <div className="min-w-0 flex-1">
                <a href={`/spaces${s.query ? `?${s.query}` : ''}`} className="font-semibold text-ink hover:text-brand-700 hover:underline">
                  {s.name}
                </a>
                <p className="text-sm text-muted">{describeQuery(s.query)}</p>
                {!s.alertsOn && <p className="text-xs text-muted">E-mail alerts off (unsubscribed)</p>}
              </div>
            )}
            {editing !== s.id && (
              <div className="flex gap-2">
                <button
                  type="button"
                  className="btn-outline py-1.5 text-sm"
                  onClick={() => {
                    setEditing(s.id);
                    setName(s.name);
                  }}
                  aria-label={`Rename ${s.name}`}
                >
                  Rename
                </button>
                <button type="button" className="btn-outline py-1.5 text-sm text-[var(--color-danger)]" onClick={() => void remove(s)} aria-label={`Delete ${s.name}`}>
                  Delete
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
