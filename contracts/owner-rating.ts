// An owner's rating as listing cards and pages show it (issue 28, decision 1503): kept apart from reviews.ts so
// that the browse islands carry these few lines, not the review texts.

/** An owner's published reviews in two numbers: the average to one decimal and the count. */
export type OwnerRating = { average: number; count: number };

/** "4.8 (12 reviews)" for a rating; NEW_OWNER_LABEL is shown without one. */
export function ratingLabel(rating: OwnerRating): string {
  return `${rating.average.toFixed(1)} (${rating.count} ${rating.count === 1 ? 'review' : 'reviews'})`;
}

export const NEW_OWNER_LABEL = 'New';
