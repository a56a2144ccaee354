// "Save" on a listing (issue 19): a toggle for the signed-in farmer (aria-pressed; the heart fills when
// saved), kept in the shared saved-spaces store, so every card, the detail dialog and the dashboard agree.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { SAVED_SPACE_TEXTS } from '#contracts/saved-spaces';
import type { Space } from '#contracts/spaces.schemas';
import { errorMessage } from '../../../lib/api/api-client';
import { $savedSpaces, saveSpace, unsaveSpace } from '../../../lib/stores/saved-spaces-store';
import { showToast } from '../../../lib/stores/toast-store';

export function SaveSpaceButton({ space }: { space: Space }) {
  const { data, error } = useStore($savedSpaces);
  const [busy, setBusy] = useState(false);
  const saved = data?.some((s) => s.spaceId === space.id) ?? false;

  async function toggle() {
    setBusy(true);
    try {
      if (saved) {
        await unsaveSpace(space.id);
        showToast(SAVED_SPACE_TEXTS.removed);
      } else {
        await saveSpace(space);
        showToast(SAVED_SPACE_TEXTS.saved);
      }
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, 'Failed to update your saved spaces'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="btn-outline shrink-0 gap-1.5 px-3"
      aria-pressed={saved}
      // Waits for the list (to show the right state); if it could not be read, saving still works.
      disabled={busy || (!data && !error)}
      title={saved ? 'Remove from Saved Spaces' : 'Save to Saved Spaces'}
      onClick={() => void toggle()}
      data-action="save-space"
    >
      <svg viewBox="0 0 24 24" className={`h-4 w-4 ${saved ? 'fill-current text-[#9b2c6f]' : 'fill-none'}`} stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path strokeLinejoin="round" d="M12 20.5s-7.5-4.6-9.3-9.1C1.4 8 3.6 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.8 1.3-1.7 2.9-2.8 4.9-2.8 3.5 0 5.7 3.5 4.4 6.9-1.8 4.5-9.3 9.1-9.3 9.1Z" />
      </svg>
      {/* The word says the state too (issue 25, item 22): a filled heart alone was missed. */}
      {saved ? 'Saved' : 'Save'}
    </button>
  );
}
