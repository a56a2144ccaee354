// The thread's hooks for lease proposals (issue 20): the proposals of the open conversation (refreshed
// when a proposal message arrives), each proposal's card where it was made, later changes as short notes,
// and the header's Propose terms button — not offered where the API would refuse the terms (a listing
// FarmSpace hid, a suspended party: issue 25, item 20; a closed account: issue 28), so nobody fills the form only to be told no.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { ACCOUNT_DATA_TEXTS } from '#contracts/account-data';
import { AGREEMENT_MESSAGES, type LeaseProposal } from '#contracts/agreements';
import { decodeMessageEntities, type ConversationListItem, type Message } from '#contracts/messaging';
import { $proposals, refreshProposals } from '../../lib/stores/agreements-store';
import { messageTime } from './format';
import { ProposalCard } from './ProposalCard';
import { ProposalForm } from './ProposalForm';

/** Why no terms can be proposed or accepted in this conversation (the API's refusals), or null. */
export function termsClosedReason(conversation: ConversationListItem): string | null {
  if (conversation.space.hidden) return AGREEMENT_MESSAGES.listingHidden;
  if (conversation.otherUser.suspended) return AGREEMENT_MESSAGES.otherSuspended;
  if (conversation.otherUser.closed) return ACCOUNT_DATA_TEXTS.conversationClosed;
  return null;
}

export function useConversationProposals(conversationId: number, messages: Message[] | undefined): Map<number, LeaseProposal> {
  const { data } = useStore($proposals);
  const proposalMessages = messages?.filter((m) => m.proposalId !== null).length ?? 0;
  // A new proposal message (ours or polled) means a proposal changed: read them again.
  useEffect(() => {
    if (proposalMessages > 0) refreshProposals(conversationId);
  }, [conversationId, proposalMessages]);
  return useMemo(() => new Map((data ?? []).filter((p) => p.conversationId === conversationId).map((p) => [p.id, p])), [data, conversationId]);
}

/** The first message of a proposal shows its card; the later ones (answers) a one-line note. */
export function ProposalThreadItem({
  message,
  first,
  proposal,
  previous,
  conversation,
  userId,
  otherName,
}: {
  message: Message;
  first: boolean;
  proposal: LeaseProposal | undefined;
  /** The terms this proposal countered, if any: the card marks what changed. */
  previous: LeaseProposal | undefined;
  conversation: ConversationListItem;
  userId: number;
  otherName: string;
}) {
  const mine = message.senderId === userId;
  if (first && proposal) {
    return (
      <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-message={message.id}>
        <ProposalCard proposal={proposal} previous={previous} closed={termsClosedReason(conversation) !== null} conversation={conversation} userId={userId} otherName={otherName} />
      </li>
    );
  }
  return (
    <li className="flex justify-center" data-message={message.id} data-proposal-note={message.proposalId}>
      <p className="max-w-[90%] rounded-full bg-soil-100 px-3 py-1 text-center text-xs text-ink">
        <span className="font-semibold">{mine ? 'You' : otherName}</span>: {decodeMessageEntities(message.content)} <span className="text-muted">· {messageTime(message.createdAt)}</span>
      </p>
    </li>
  );
}

export function ProposeTermsButton({ conversation, proposals, userId }: { conversation: ConversationListItem; proposals: Map<number, LeaseProposal>; userId: number }) {
  if (conversation.space.noLongerListed || termsClosedReason(conversation)) return null;
  const all = [...proposals.values()].sort((a, b) => b.id - a.id);
  const open = all.find((p) => p.status === 'open');
  if (open && open.proposedBy === userId) return null;
  const counter = Boolean(open);
  return (
    <ProposalForm
      conversation={conversation}
      base={open ?? all[0] ?? null}
      counter={counter}
      trigger={
        <button type="button" className="btn-outline shrink-0 px-3 py-1.5 text-sm" data-testid="propose-terms">
          {counter ? 'Counter-propose' : 'Propose terms'}
        </button>
      }
    />
  );
}
