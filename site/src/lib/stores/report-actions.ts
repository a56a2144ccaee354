// Reports of a listing, a conversation (issue 19) or a review (issue 28) as an action (decision 1311): POST /api/reports; the
// answer is the thanks the reporter reads. Apart from any store: nothing on the reporter's pages changes, and
// the report dialog that sends it loads on demand.
import type { ReportReason } from '#contracts/moderation';
import { apiFetch } from '../api/api-client';

export type ReportTarget = { spaceId: number } | { conversationId: number } | { reviewId: number };

/** Sends the report; answers the operators' thanks (what happens next). */
export async function sendReport(target: ReportTarget, reason: ReportReason, details: string): Promise<string> {
  const answer = await apiFetch<{ message: string }>('/api/reports', { method: 'POST', body: { ...target, reason, details } });
  return answer.message;
}
