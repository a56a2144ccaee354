// The owner's real rating on a listing card and page (issue 28; decision 1503 replaces the spec's fixed 4.9):
// the average of the owner's published reviews and their count, or "New" while there is none.
import { NEW_OWNER_LABEL, ratingLabel } from '#contracts/owner-rating';
import type { Space } from '#contracts/spaces.schemas';

/** The one star drawn for ratings (the card's number, the review dialog's choices). */
export function StarIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 20 20" className={className} fill="currentColor" aria-hidden="true">
      <path d="m10 1.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5Z" />
    </svg>
  );
}

export function OwnerRating({ space }: { space: Pick<Space, 'ownerRating'> }) {
  const rating = space.ownerRating;
  if (!rating) {
    return (
      <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800" title="This owner has no published reviews yet" data-owner-rating="new">
        {NEW_OWNER_LABEL}
      </span>
    );
  }
  return (
    <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-ink" data-owner-rating={rating.average}>
      <StarIcon className="h-4 w-4 text-amber-500" />
      <span className="sr-only">Owner rated </span>
      {ratingLabel(rating)}
    </span>
  );
}
