// Reviews after an agreed lease (issue 28): the limits, texts and answer types the API and the islands share,
// without zod so that islands import them for nothing. The request schemas are in reviews.schemas.ts.
// Rules (docs/decisions/1502): each party of an accepted proposal reviews the other once; a review is
// published when both have written or REVIEW_BLIND_DAYS after the first, whichever comes first; writing
// opens when the lease starts and closes REVIEW_WINDOW_DAYS later, or as soon as the other's review is
// published (docs/decisions/1506); the reviewed person may reply once, in public.

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
/** Days after the first review of an agreement when it is published even if the other party never writes. */
export const REVIEW_BLIND_DAYS = 14;
/** Days after the start of the lease during which either party may write. */
export const REVIEW_WINDOW_DAYS = 30;
/** The newest reviews answered by GET /api/users/{id}/reviews and a profile (the average and count cover all). */
export const REVIEWS_PAGE = 50;

export const REVIEW_MESSAGES = {
  ratingInvalid: `Choose a rating from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX} stars`,
  textTooShort: `Write at least ${REVIEW_TEXT_MIN} characters about how it went`,
  textTooLong: `A review can be at most ${REVIEW_TEXT_MAX.toLocaleString('en-US')} characters`,
  replyRequired: 'Write your reply',
  replyTooLong: `A reply can be at most ${REVIEW_REPLY_MAX.toLocaleString('en-US')} characters`,
  notAccepted: 'You can review the other party once the lease terms are accepted and the lease has started.',
  notStarted: (date: string) => `You can review each other once the lease has started, from ${date}.`,
  alreadyWritten: 'You have already reviewed this agreement: a review cannot be changed.',
  windowClosed: `Reviews can be written for ${REVIEW_WINDOW_DAYS} days after the lease starts: this window has closed.`,
  otherPublished: 'The review of you is already published, so this agreement can no longer be reviewed: each party writes without reading the other.',
  verifyToReview: 'Please verify your e-mail address to write a review. Open the link we e-mailed you, or send a new one.',
  reviewNotFound: 'Review not found.',
  personNotFound: 'Person not found.',
  alreadyReplied: 'You have already replied to this review.',
  alreadyHidden: 'This review is already hidden.',
  notHidden: 'This review is not hidden.',
  written: { title: 'Review sent' },
  replied: { title: 'Reply published' },
  /** The writing window under accepted terms, as the thread says it (dates as formatted by the page). */
  opensOn: (name: string, from: string, until: string) => `You can review ${name} once the lease has started: from ${from} until ${until}.`,
  openUntil: (name: string, until: string) => `You can review ${name} until ${until}.`,
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
  /** Whether the reader may write now (lease started, window open, neither review yet read, address verified). */
  canWrite: boolean;
  /** Whether writing waits only for the reader to verify their e-mail address (the page offers the link again). */
  needsVerification: boolean;
  /** When writing opens: the start of the lease (00:00 UTC of its start date); null for terms not accepted. */
  opensAt: string | null;
  /** The last moment to write (the start + REVIEW_WINDOW_DAYS), null for terms not accepted. */
  writableUntil: string | null;
  mine: (Omit<PublishedReview, 'publishedAt'> & { publishedAt: string | null; publishesAt: string }) | null;
  theirs: PublishedReview | null;
};
