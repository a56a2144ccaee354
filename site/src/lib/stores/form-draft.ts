// The list-space form's unsaved fields kept in this browser (issue 25): a reload, a crash or a closed tab
// does not lose a half-filled listing. One entry per form: the new listing's, and one per listing edited.
// Photos are not kept here: those already uploaded belong to the draft listing and come back with it.

const PREFIX = 'farmspace:list-space:';
/** A draft older than this is stale: the listing may have changed elsewhere since. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const keyOf = (spaceId: number | undefined) => `${PREFIX}${spaceId ?? 'new'}`;

export function readFormDraft<T>(spaceId: number | undefined): T | undefined {
  try {
    const raw = window.localStorage.getItem(keyOf(spaceId));
    if (!raw) return undefined;
    const saved = JSON.parse(raw) as { at: number; value: T };
    if (typeof saved.at !== 'number' || Date.now() - saved.at > MAX_AGE_MS) return undefined;
    return saved.value;
  } catch {
    return undefined;
  }
}

export function writeFormDraft<T>(spaceId: number | undefined, value: T): void {
  try {
    window.localStorage.setItem(keyOf(spaceId), JSON.stringify({ at: Date.now(), value }));
  } catch {
    // Storage full or refused (private mode): the form still works, it just is not kept.
  }
}

export function clearFormDraft(spaceId: number | undefined): void {
  try {
    window.localStorage.removeItem(keyOf(spaceId));
  } catch {
    // Nothing to clear.
  }
}
