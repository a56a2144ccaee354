// Lease proposals of the open conversation (issue 20), read through the dashboard's one fetcher
// (lib/api/fetcher.ts) and refreshed when the thread shows a proposal change, not polled on
// their own. The actions revalidate the thread, the list, the proposals and the inquiry lists at once.
import type { LeaseProposal } from '#contracts/agreements';
import type { ProposeTermsRequest } from '#contracts/agreements.schemas';
import { apiFetch } from '../api/api-client';
import { createFetcherStore, revalidateKeys } from '../api/fetcher';
import { $selectedConversation } from './messaging-store';

export const $proposals = createFetcherStore<LeaseProposal[]>(['/api/conversations/', $selectedConversation, '/proposals']);

function refreshAfterChange(conversationId: number): void {
  revalidateKeys((key) =>
    [`thread:${conversationId}`, `/api/conversations/${conversationId}/proposals`, '/api/conversations', '/api/inquiries/owner', '/api/inquiries/farmer'].includes(key),
  );
}

export function refreshProposals(conversationId: number): void {
  revalidateKeys((key) => key === `/api/conversations/${conversationId}/proposals`);
}

/** The form's values as the API takes them (strings from inputs; the contract coerces and checks). */
export type ProposalDraft = { [K in keyof ProposeTermsRequest]: string };

export async function proposeTerms(conversationId: number, draft: ProposalDraft): Promise<LeaseProposal> {
  const proposal = await apiFetch<LeaseProposal>(`/api/conversations/${conversationId}/proposals`, { method: 'POST', body: draft });
  refreshAfterChange(conversationId);
  return proposal;
}

export async function answerProposal(proposal: LeaseProposal, action: 'accept' | 'decline' | 'withdraw', reason?: string): Promise<LeaseProposal> {
  const answer = await apiFetch<LeaseProposal>(`/api/proposals/${proposal.id}/${action}`, { method: 'POST', body: action === 'decline' ? { reason: reason ?? '' } : {} });
  refreshAfterChange(proposal.conversationId);
  return answer;
}
