// Lease proposals in a conversation (issue 20): propose, counter, accept, decline, withdraw, list. Every
// state change runs under the conversation's row lock and is a conditional UPDATE on status = 'open', so of
// racing requests exactly one wins and the others get a clear 409 (docs/decisions/1100). The lock, the thread
// messages and the inquiries' status are the messaging module's (it owns those tables; decision 1310). Each change adds
// a thread message pointing at the proposal: the thread shows the proposal in place, and unread counts,
// e-mails and their per-conversation throttle (decision 0302) work as for any message (1101).
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import {
  AGREEMENT_MESSAGES,
  agreementPath,
  agreementReference,
  proposalEventText,
  proposalHeadline,
  type LeaseProposal,
  type ProposalStatus,
  type ProposeTermsRequest,
} from '#contracts/agreements.schemas';
import { ACCOUNT_DATA_TEXTS } from '#contracts/account-data';
import { displayName } from '#contracts/auth';
import { conversationPath, MESSAGING_MESSAGES } from '#contracts/messaging';
import { MODERATION_MESSAGES } from '#contracts/moderation';
import type { Database, Executor } from '#db/client';
import { conversations, leaseProposals, spaces, users } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../lib/session';
import { enqueueEmail } from '../email/index';
import { leaseAgreementEmail } from '../email/index';
import { queuePush } from '../push/index';
import { addThreadMessage, participantConversation, type ConversationHead } from '../messaging/index';
import { closeInquiries, markInquiriesResponded } from '../messaging/index';
import { besideTheWrite } from '../../lib/side-effect';
import { claimNotification, markNotified, notifyMessage, type MessagingContext, type Role } from '../messaging/index';

/** The columns every proposal read selects (joined with its conversation's space for the currency). */
export const proposalColumns = {
  id: leaseProposals.id,
  conversationId: leaseProposals.conversationId,
  spaceId: spaces.id,
  status: leaseProposals.status,
  rent: leaseProposals.rent,
  currency: spaces.currency,
  startDate: leaseProposals.startDate,
  termMonths: leaseProposals.termMonths,
  areaSqFt: leaseProposals.areaSqFt,
  depositMonths: leaseProposals.depositMonths,
  utilitiesPaidBy: leaseProposals.utilitiesPaidBy,
  growingActivities: leaseProposals.growingActivities,
  accessHours: leaseProposals.accessHours,
  insuranceAmount: leaseProposals.insuranceAmount,
  notes: leaseProposals.notes,
  renewal: leaseProposals.renewal,
  renewalNoticeDays: leaseProposals.renewalNoticeDays,
  proposedBy: leaseProposals.proposedBy,
  replacesId: leaseProposals.replacesId,
  respondedBy: leaseProposals.respondedBy,
  respondedAt: leaseProposals.respondedAt,
  declineReason: leaseProposals.declineReason,
  createdAt: leaseProposals.createdAt,
};

export type ProposalRow = Awaited<ReturnType<typeof selectProposals>>[number];

export function toProposal(r: ProposalRow): LeaseProposal {
  const respondedAt = r.respondedAt ? r.respondedAt.toISOString() : null;
  return {
    ...r,
    startDate: r.startDate.slice(0, 10),
    depositMonths: Number(r.depositMonths),
    respondedAt,
    reference: r.status === 'accepted' && respondedAt ? agreementReference(r.id, respondedAt) : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A proposal with its currency: the proposal joined with its conversation's space. */
function selectProposals(db: Executor) {
  return db
    .select(proposalColumns)
    .from(leaseProposals)
    .innerJoin(conversations, eq(conversations.id, leaseProposals.conversationId))
    .innerJoin(spaces, eq(spaces.id, conversations.spaceId));
}

const isParticipant = (userId: number) => or(eq(conversations.ownerId, userId), eq(conversations.farmerId, userId));

/** Terms need a listing operators have not hidden and two parties who are not suspended (issue 19). */
async function refuseWhenModerated(tx: Executor, conversation: ConversationHead, userId: number): Promise<void> {
  if (conversation.hidden) throw AppError.conflict(AGREEMENT_MESSAGES.listingHidden);
  const otherId = conversation.ownerId === userId ? conversation.farmerId : conversation.ownerId;
  const [other] = await tx.select({ suspendedAt: users.suspendedAt, closedAt: users.closedAt }).from(users).where(eq(users.id, otherId));
  if (other?.suspendedAt) throw AppError.conflict(MODERATION_MESSAGES.conversationSuspended);
  // Terms a person left open when they closed the account bind nobody (issue 28, docs/decisions/1501).
  if (other?.closedAt) throw AppError.conflict(ACCOUNT_DATA_TEXTS.otherClosed);
}

/**
 * Proposing or accepting terms binds a person to a lease: the address must be verified first (issue 43,
 * item 7; docs/decisions/1507). 403 with the code the pages know, so they offer to send the link again.
 */
function refuseUnverified(user: SessionUser): void {
  if (!user.verified) throw new AppError('email_unverified', AGREEMENT_MESSAGES.verifyToAgree, 403);
}

async function readProposal(tx: Executor, id: number): Promise<LeaseProposal> {
  const [row] = await selectProposals(tx).where(eq(leaseProposals.id, id));
  return toProposal(row!);
}

/**
 * POST /api/conversations/{id}/proposals. With the other party's terms open this is a counter: theirs
 * become "countered" and these open. With one's own terms open it is refused (withdraw them first).
 */
export async function proposeTerms(ctx: MessagingContext<Database>, user: SessionUser, conversationId: number, input: ProposeTermsRequest): Promise<LeaseProposal> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const conversation = await participantConversation(tx, { conversationId, userId: user.id }, true);
    if (conversation.isDemoListing) throw AppError.forbidden(AGREEMENT_MESSAGES.demoListing);
    if (conversation.deleted) throw AppError.conflict(AGREEMENT_MESSAGES.listingGone);
    await refuseWhenModerated(tx, conversation, user.id);
    refuseUnverified(user);
    if (input.areaSqFt !== null && input.areaSqFt > conversation.size) {
      const message = AGREEMENT_MESSAGES.areaTooLarge(conversation.size);
      throw AppError.badRequest(`areaSqFt: ${message}`, { areaSqFt: message });
    }

    const [open] = await tx
      .select({ id: leaseProposals.id, proposedBy: leaseProposals.proposedBy })
      .from(leaseProposals)
      .where(and(eq(leaseProposals.conversationId, conversationId), eq(leaseProposals.status, 'open')));
    if (open && open.proposedBy === user.id) throw AppError.conflict(AGREEMENT_MESSAGES.alreadyOpen);
    if (open) {
      await tx
        .update(leaseProposals)
        .set({ status: 'countered', respondedBy: user.id, respondedAt: now })
        .where(and(eq(leaseProposals.id, open.id), eq(leaseProposals.status, 'open')));
    }
    const [inserted] = await tx
      .insert(leaseProposals)
      .values({ conversationId, proposedBy: user.id, status: 'open', ...input, depositMonths: String(input.depositMonths), replacesId: open?.id ?? null, createdAt: now })
      .returning({ id: leaseProposals.id });
    const proposal = await readProposal(tx, inserted!.id);
    const role: Role = conversation.ownerId === user.id ? 'owner' : 'farmer';
    const content = proposalEventText(open ? 'countered' : 'proposed', proposal);
    await addThreadMessage(tx, { conversationId, senderId: user.id, content, proposalId: proposal.id, now });
    if (role === 'owner') await markInquiriesResponded(tx, conversation);
    await notifyMessage({ ...ctx, db: tx }, {
      conversationId,
      recipientRole: role === 'owner' ? 'farmer' : 'owner',
      recipientId: role === 'owner' ? conversation.farmerId : conversation.ownerId,
      senderId: user.id,
      senderName: displayName(user),
      spaceTitle: conversation.title,
      latest: content,
      proposal: open ? 'countered' : 'proposed',
    });
    return proposal;
  });
}

export type ProposalAction = 'accept' | 'decline' | 'withdraw';
const NEW_STATUS = { accept: 'accepted', decline: 'declined', withdraw: 'withdrawn' } as const satisfies Record<ProposalAction, ProposalStatus>;

/** POST /api/proposals/{id}/accept|decline|withdraw: the proposal with its new status. */
export async function respondToProposal(
  ctx: MessagingContext<Database>,
  user: SessionUser,
  proposalId: number,
  action: ProposalAction,
  reason: string | null = null,
): Promise<LeaseProposal> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [head] = await tx
      .select({ conversationId: leaseProposals.conversationId })
      .from(leaseProposals)
      .innerJoin(conversations, eq(conversations.id, leaseProposals.conversationId))
      .where(and(eq(leaseProposals.id, proposalId), isParticipant(user.id)));
    if (!head) throw AppError.notFound(AGREEMENT_MESSAGES.proposalNotFound);
    const conversationId = head.conversationId;
    // The lock queues racing answers; the status is read again behind it.
    const conversation = await participantConversation(tx, { conversationId, userId: user.id }, true);
    const current = await readProposal(tx, proposalId);
    const mine = current.proposedBy === user.id;
    if (action === 'withdraw' && !mine) throw AppError.forbidden(AGREEMENT_MESSAGES.notProposer);
    if (action !== 'withdraw' && mine) throw AppError.forbidden(AGREEMENT_MESSAGES.ownProposal);
    if (current.status !== 'open') throw AppError.conflict(AGREEMENT_MESSAGES.notOpen[current.status]);
    if (action === 'accept') {
      await refuseWhenModerated(tx, conversation, user.id);
      refuseUnverified(user);
    }

    const status = NEW_STATUS[action];
    const updated = await tx
      .update(leaseProposals)
      .set({ status, respondedBy: user.id, respondedAt: now, declineReason: action === 'decline' ? reason : null })
      .where(and(eq(leaseProposals.id, proposalId), eq(leaseProposals.status, 'open')))
      .returning({ id: leaseProposals.id });
    if (updated.length !== 1) throw AppError.conflict(AGREEMENT_MESSAGES.notOpen.accepted);
    const proposal = await readProposal(tx, proposalId);

    const role: Role = conversation.ownerId === user.id ? 'owner' : 'farmer';
    const content = proposalEventText(status, proposal);
    const { id: messageId } = await addThreadMessage(tx, { conversationId, senderId: user.id, content, proposalId, now });
    if (role === 'owner') await markInquiriesResponded(tx, conversation);
    if (status === 'accepted') {
      await closeInquiries(tx, conversation);
      // In a savepoint: telling the parties never fails the agreement it follows (issue 38 item 2).
      await besideTheWrite({ ...ctx, db: tx }, 'agreement notices', (db) => notifyAgreement({ ...ctx, db }, conversation, proposal, messageId));
    } else {
      await notifyMessage({ ...ctx, db: tx }, {
        conversationId,
        recipientRole: role === 'owner' ? 'farmer' : 'owner',
        recipientId: role === 'owner' ? conversation.farmerId : conversation.ownerId,
        senderId: user.id,
        senderName: displayName(user),
        spaceTitle: conversation.title,
        latest: content,
      });
    }
    return proposal;
  });
}

/**
 * Accepted terms are news for both parties: each gets the agreement e-mail, within the conversation's
 * throttle (a party e-mailed in the last 15 minutes gets the digest instead, as for messages).
 */
async function notifyAgreement(ctx: MessagingContext, conversation: ConversationHead, proposal: LeaseProposal, messageId: number): Promise<void> {
  const parties = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, emailNotifications: users.emailNotifications })
    .from(users)
    .where(inArray(users.id, [conversation.ownerId, conversation.farmerId]));
  const nameOf = (id: number) => displayName(parties.find((p) => p.id === id) ?? { firstName: '', lastName: '' });
  const reference = proposal.reference ?? agreementReference(proposal.id, ctx.clock.now());
  // The party who proposed hears of the acceptance on their devices too (the one who accepted knows).
  if (proposal.respondedBy !== null) {
    const proposerId = proposal.respondedBy === conversation.ownerId ? conversation.farmerId : conversation.ownerId;
    await queuePush(ctx, { kind: 'proposal', userId: proposerId, conversationId: conversation.id, senderName: nameOf(proposal.respondedBy), spaceTitle: conversation.title, step: 'accepted' });
  }
  for (const role of ['owner', 'farmer'] as const) {
    const recipient = await claimNotification(ctx, conversation.id, role, 'message');
    if (!recipient) continue;
    await enqueueEmail(ctx, {
      userId: recipient.id,
      type: 'lease_agreement',
      recipient: recipient.email,
      content: leaseAgreementEmail({
        otherName: nameOf(role === 'owner' ? conversation.farmerId : conversation.ownerId),
        spaceTitle: conversation.title,
        headline: proposalHeadline(proposal),
        reference,
        pdfUrl: `${ctx.siteUrl}${agreementPath(proposal.id, 'pdf')}`,
        txtUrl: `${ctx.siteUrl}${agreementPath(proposal.id, 'txt')}`,
        url: `${ctx.siteUrl}${conversationPath(conversation.id)}`,
      }),
    });
    // The acceptance message is told by this e-mail (to the party who did not write it).
    await markNotified(ctx.db, conversation.id, role, ctx.clock.now(), proposal.respondedBy === recipient.id ? 0 : messageId);
  }
  // The invitations to review each other come when the lease starts (review-invitations.ts, decision 1506).
}

/** GET /api/conversations/{id}/proposals: newest first; participants only. */
export async function listProposals(db: Executor, { userId, conversationId }: { userId: number; conversationId: number }): Promise<LeaseProposal[]> {
  const rows = await selectProposals(db)
    .where(and(eq(leaseProposals.conversationId, conversationId), isParticipant(userId)))
    .orderBy(desc(leaseProposals.id));
  if (rows.length === 0) {
    const [conversation] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), isParticipant(userId)));
    if (!conversation) throw AppError.notFound(MESSAGING_MESSAGES.conversationNotFound);
  }
  return rows.map(toProposal);
}

/** The newest accepted terms of each of these conversations (for the inquiry lists). */
export async function acceptedTermsOf(db: Executor, conversationIds: number[]): Promise<Map<number, LeaseProposal>> {
  const newest = new Map<number, LeaseProposal>();
  if (conversationIds.length === 0) return newest;
  const rows = await selectProposals(db)
    .where(and(inArray(leaseProposals.conversationId, [...new Set(conversationIds)]), eq(leaseProposals.status, 'accepted')))
    .orderBy(desc(leaseProposals.id));
  for (const row of rows) if (!newest.has(row.conversationId)) newest.set(row.conversationId, toProposal(row));
  return newest;
}

/** An accepted-or-not proposal with its two parties and its listing's title, as one of the parties reads it. */
export type AgreementParties = { proposal: LeaseProposal; ownerId: number; farmerId: number; spaceTitle: string };

/**
 * One proposal for one of its parties (the reviews module, issue 28): 404 for anyone else. With `lock`, the
 * conversation's row lock is taken first, so that writes about the same agreement (the two reviews) queue.
 */
export async function proposalForParty(db: Executor, { proposalId, userId }: { proposalId: number; userId: number }, lock = false): Promise<AgreementParties> {
  const [head] = await db
    .select({ conversationId: leaseProposals.conversationId })
    .from(leaseProposals)
    .innerJoin(conversations, eq(conversations.id, leaseProposals.conversationId))
    .where(and(eq(leaseProposals.id, proposalId), isParticipant(userId)));
  if (!head) throw AppError.notFound(AGREEMENT_MESSAGES.proposalNotFound);
  const conversation = await participantConversation(db, { conversationId: head.conversationId, userId }, lock);
  return { proposal: await readProposal(db, proposalId), ownerId: conversation.ownerId, farmerId: conversation.farmerId, spaceTitle: conversation.title };
}
