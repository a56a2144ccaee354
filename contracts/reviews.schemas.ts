// Contracts of the review calls (issue 28): the request schemas the API and the review dialog validate with.
// Limits, texts and answer types live in reviews.ts (no zod, for islands).
import { z } from './zod';
import { REVIEW_MESSAGES, REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_REPLY_MAX, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from './reviews';

export * from './reviews';

export const writeReviewSchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingInvalid })
    .int({ error: REVIEW_MESSAGES.ratingInvalid })
    .min(REVIEW_RATING_MIN, { error: REVIEW_MESSAGES.ratingInvalid })
    .max(REVIEW_RATING_MAX, { error: REVIEW_MESSAGES.ratingInvalid }),
  text: z
    .string({ error: REVIEW_MESSAGES.textTooShort })
    .trim()
    .min(REVIEW_TEXT_MIN, { error: REVIEW_MESSAGES.textTooShort })
    .max(REVIEW_TEXT_MAX, { error: REVIEW_MESSAGES.textTooLong }),
});
export type WriteReviewRequest = z.output<typeof writeReviewSchema>;

export const replyReviewSchema = z.object({
  text: z
    .string({ error: REVIEW_MESSAGES.replyRequired })
    .trim()
    .min(1, { error: REVIEW_MESSAGES.replyRequired })
    .max(REVIEW_REPLY_MAX, { error: REVIEW_MESSAGES.replyTooLong }),
});
export type ReplyReviewRequest = z.output<typeof replyReviewSchema>;
