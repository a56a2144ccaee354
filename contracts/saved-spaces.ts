// Listings a farmer saved (issue 19: "saves by farmers" in the owners' numbers). Plain types and texts only:
// the card's Save button and the dashboard tab import this without zod.
import type { Space } from './spaces.schemas';

/** Enough for a long short list; a bound so one account cannot grow a table without end. */
export const SAVED_SPACES_MAX = 500;

/** GET /api/saved-spaces, newest save first. `space` is null once the listing is no longer public. */
export type SavedSpace = { spaceId: number; title: string; savedAt: string; space: Space | null };

/** PUT /api/spaces/{id}/saved. */
export type SaveSpaceResult = { spaceId: number; saved: true; savedAt: string };

export const SAVED_SPACE_TEXTS = {
  ownListing: 'This is your own listing: you cannot save it.',
  tooMany: `You have saved ${SAVED_SPACES_MAX} listings, the most we keep. Remove some in Saved Spaces to save more.`,
  tooFast: 'You are saving and removing listings too quickly. Please wait a few minutes and try again.',
  saved: { title: 'Saved', description: 'Find it again under Saved Spaces in your dashboard.' },
  removed: { title: 'Removed from Saved Spaces' },
  empty: 'No saved spaces yet. Use “Save” on a listing in Browse Spaces to keep it here.',
} as const;
