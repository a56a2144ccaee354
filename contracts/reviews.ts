// Reviews after an agreed lease (issue 28): the limits, texts and answer types the API and the islands share,
// without zod so that islands import them for nothing. The request schemas are in reviews.schemas.ts.
// Rules (docs/decisions/1502): each party of an accepted proposal reviews the other once; a review is
// published when both have written or REVIEW_BLIND_DAYS after the first, whichever comes first; writing
// closes REVIEW_WINDOW_DAYS after acceptance; the reviewed person may reply once, in public.

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
/** Days after the first review of an agreement when it is published even if the other party never writes. */
export const REVIEW_BLIND_DAYS = 14;
/** Days after the acceptance of the terms during which either party may write. */
export const REVIEW_WINDOW_DAYS = 30;
/** The newest reviews answered by GET /api/users/{id}/reviews and a profile (the average and count cover all). */
export const REVIEWS_PAGE = 50;

export const REVIEW_MESSAGES = {
  ratingInvalid: `Choose a rating from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX} stars`,
  textTooShort: `Write at least ${REVIEW_TEXT_MIN} characters about how it went`,
  textTooLong: `A review can be at most ${REVIEW_TEXT_MAX.toLocaleString('en-US')} characters`,
  replyRequired: 'Write your reply',
  replyTooLong: `A reply can be at most ${REVIEW_REPLY_MAX.toLocaleString('en-US')} characters`,
  notAccepted: 'You can review the other party once the lease terms are accepted.',
  alreadyWritten: 'You have already reviewed this agreement: a review cannot be changed.',
  windowClosed: `Reviews can be written for ${REVIEW_WINDOW_DAYS} days after the terms were accepted: this window has closed.`,
  reviewNotFound: 'Review not found.',
  personNotFound: 'Person not found.',
  alreadyReplied: 'You have already replied to this review.',
  notPublished: 'You can reply once the review is published.',
  alreadyHidden: 'This review is already hidden.',
  notHidden: 'This review is not hidden.',
  written: { title: 'Review sent' },
  replied: { title: 'Reply published' },
  /** Shown while the review waits for the other party's (double-blind). */
  waiting: (name: string, date: string) => `Your review will be published when ${name} writes theirs or on ${date}.`,
  published: 'Both reviews are published.',
} as const;

export type ReviewRole = 'owner' | 'farmer';

/** A published review as anyone reads it. The author is a display name; a closed account's is "Former member". */
export type PublishedReview = {
  id: number;
  rating: number;
  text: string;
  authorId: number | null;
  authorName: string;
  /** The author's side of the lease: the owner reviewed the farmer, or the farmer the owner. */
  authorRole: ReviewRole;
  subjectId: number;
  spaceTitle: string;
  publishedAt: string;
  reply: { text: string; at: string } | null;
};

/** GET /api/users/{id}/reviews, and the `reviews` of a profile: average to one decimal, null without reviews. */
export type ReviewSummary = { average: number | null; count: number; items: PublishedReview[] };

export { NEW_OWNER_LABEL, ratingLabel, type OwnerRating } from './owner-rating';

/**
 * GET /api/proposals/{id}/reviews: the state of the two reviews of an agreement as one party sees it.
 * `mine` is the reader's own review (always readable to its author); `theirs` is null until published.
 */
export type AgreementReviews = {
  proposalId: number;
  otherName: string;
  /** Whether the reader may write now (accepted, window open, not yet written). */
  canWrite: boolean;
  /** The last moment to write (acceptance + REVIEW_WINDOW_DAYS), null before acceptance. */
  writableUntil: string | null;
  mine: (Omit<PublishedReview, 'publishedAt'> & { publishedAt: string | null; publishesAt: string }) | null;
  theirs: PublishedReview | null;
};
