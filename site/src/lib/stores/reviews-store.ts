// Reviews of an agreement (issue 28): the writes of the thread's review panel. Each revalidates the agreement's
// reviews (read with useApiData at /api/proposals/{id}/reviews) so the panel shows the new state at once.
import type { AgreementReviews, PublishedReview } from '#contracts/reviews';
import { apiFetch } from '../api/api-client';
import { revalidateKeys } from '../api/fetcher';

export const agreementReviewsPath = (proposalId: number) => `/api/proposals/${proposalId}/reviews`;

export async function writeReview(proposalId: number, review: { rating: number; text: string }): Promise<AgreementReviews> {
  const answer = await apiFetch<AgreementReviews>(agreementReviewsPath(proposalId), { method: 'POST', body: review });
  revalidateKeys((key) => key === agreementReviewsPath(proposalId));
  return answer;
}

export async function replyToReview(proposalId: number, reviewId: number, text: string): Promise<PublishedReview> {
  const answer = await apiFetch<PublishedReview>(`/api/reviews/${reviewId}/reply`, { method: 'POST', body: { text } });
  revalidateKeys((key) => key === agreementReviewsPath(proposalId));
  return answer;
}
