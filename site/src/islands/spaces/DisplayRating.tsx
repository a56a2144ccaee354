// The fixed 4.9 rating every space card shows (spec section 1: not data).
import { DISPLAY_RATING } from '#contracts/constants';

export function DisplayRating() {
  return (
    <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-ink">
      <svg viewBox="0 0 20 20" className="h-4 w-4 text-amber-500" fill="currentColor" aria-hidden="true">
        <path d="m10 1.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5Z" />
      </svg>
      <span className="sr-only">Rating </span>
      {DISPLAY_RATING}
    </span>
  );
}
