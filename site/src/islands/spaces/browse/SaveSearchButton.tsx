// "Alert me": saves the applied filters (and the picked growing system) as a saved search (issue 10);
// a visitor is sent to sign in first and comes back to the same search.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { GrowingSystem } from '#contracts/growing';
import { SAVED_SEARCH_TEXTS } from '#contracts/saved-searches';
import { cutText } from '#contracts/text';
import { errorMessage } from '../../../lib/api/api-client';
import { saveSearch } from '../../../lib/stores/saved-searches-store';
import { $applied, EMPTY_FILTERS, filtersToSearch, type Filters } from '../../../lib/stores/browse-store';
import { useHydratedStore } from '../../../lib/stores/use-hydrated-store';
import { $growingSystem } from '../../../lib/stores/growing-store';
import { SPACE_TYPE_LABELS } from '../../../lib/display/space-display';
import { showToast } from '../../../lib/stores/toast-store';
import type { SpaceViewer } from '../shared/SpaceActions';

/** A name for a new saved search, from what it filters on. */
export function savedSearchName(f: Filters, system: GrowingSystem | undefined): string {
  const parts = [system?.name ?? (f.spaceType ? SPACE_TYPE_LABELS[f.spaceType] : 'Spaces'), f.city.trim() ? `in ${f.city.trim()}` : '', f.minCeilingM ? `≥ ${f.minCeilingM} m ceiling` : ''];
  return cutText(parts.filter(Boolean).join(' '), 100, { ellipsis: '' });
}

export function SaveSearchButton({ viewer, system }: { viewer: SpaceViewer; system: GrowingSystem | undefined }) {
  const applied = useHydratedStore($applied, EMPTY_FILTERS);
  const systemId = useStore($growingSystem);
  const [saving, setSaving] = useState(false);

  async function save() {
    if (viewer.status !== 'signed-in') {
      showToast({ title: 'Sign in first', description: SAVED_SEARCH_TEXTS.signInFirst });
      window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      return;
    }
    setSaving(true);
    try {
      await saveSearch({ name: savedSearchName(applied, system), query: filtersToSearch({ ...applied, sort: 'newest' }, systemId) });
      showToast(SAVED_SEARCH_TEXTS.saved);
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, 'Failed to save the search'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <button type="button" className="btn-outline py-1.5 text-sm" onClick={() => void save()} disabled={saving}>
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {saving ? 'Saving…' : 'Alert me'}
    </button>
  );
}
