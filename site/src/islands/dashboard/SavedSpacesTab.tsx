// The dashboard's Saved Spaces tab (issue 19): the listings the farmer saved, newest first, each opening
// its page; one that is no longer listed keeps its title and says so; Remove takes it off the list.
import { useStore } from '@nanostores/react';
import { SAVED_SPACE_TEXTS, type SavedSpace } from '#contracts/saved-spaces';
import { errorMessage } from '../../lib/api/api-client';
import { $savedSpaces, unsaveSpace } from '../../lib/stores/saved-spaces-store';
import { formatPrice, formatSize } from '../../lib/display/space-display';
import { showToast } from '../../lib/stores/toast-store';
import { SpaceImage } from '../spaces/shared/SpaceImage';
import { shortDate } from './format';
import { listState } from './ListStates';

async function remove(item: SavedSpace) {
  try {
    await unsaveSpace(item.spaceId);
    showToast(SAVED_SPACE_TEXTS.removed);
  } catch (error) {
    showToast({ title: 'Error', description: errorMessage(error, 'Failed to remove the space'), variant: 'destructive' });
  }
}

export function SavedSpacesTab() {
  const { data: items, error } = useStore($savedSpaces);
  const state = listState({ items, error, what: 'saved spaces', empty: SAVED_SPACE_TEXTS.empty, emptyTestId: 'saved-spaces-empty', retry: () => $savedSpaces.invalidate() });
  if (state || !items) return state;
  return (
    <ul className="card divide-y divide-line" aria-label="Saved spaces" data-testid="saved-spaces">
      {items.map((item) => (
        // A grid, not a row (issue 25, item 22): on a phone the picture, the text and Remove side by side
        // squeezed the text into a narrow, oddly indented column; there Remove goes under the text.
        <li key={item.spaceId} className="grid grid-cols-[6rem_minmax(0,1fr)] items-start gap-x-4 gap-y-2 p-4 sm:grid-cols-[6rem_minmax(0,1fr)_auto] sm:items-center" data-saved-space={item.spaceId}>
          {item.space ? (
            <SpaceImage space={item.space} className="h-16 w-24 shrink-0 rounded-md bg-brand-50 object-cover" sizes="96px" maxWidth={400} />
          ) : (
            <div className="h-16 w-24 shrink-0 rounded-md bg-soil-100" aria-hidden="true" />
          )}
          <div className="min-w-0 flex-1">
            {item.space ? (
              <a href={`/spaces/${item.spaceId}`} className="line-clamp-2 font-semibold wrap-anywhere text-ink hover:text-brand-700 hover:underline" title={item.title}>
                {item.title}
              </a>
            ) : (
              <p className="line-clamp-2 font-semibold wrap-anywhere text-ink" title={item.title}>
                {item.title}
              </p>
            )}
            <p className="text-sm text-muted">
              {item.space ? `${item.space.city} · ${formatSize(item.space.size)} · ${formatPrice(item.space.pricePerMonth, item.space.currency)}/month` : 'No longer listed'} · saved {shortDate(item.savedAt)}
            </p>
          </div>
          <button type="button" className="btn-outline col-start-2 justify-self-start py-1.5 text-sm sm:col-start-3" onClick={() => void remove(item)}>
            Remove<span className="sr-only"> {item.title}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
