// Who is told by e-mail about conversation activity, and how often: through the outbox, in the caller's
// transaction, only when the recipient's preferences allow, and at most once per conversation and
// recipient every 15 minutes. A message held back by that window marks a digest due at its end
// (sendDueDigests, digest.ts), so no message goes untold. See docs/decisions/0302.
// Each message is also pushed to the recipient's devices (issue 30), unthrottled: the push module applies the
// preferences and the recipient's presence in the thread (docs/decisions/1701).
import { and, count, eq, gt, max, not, sql } from 'drizzle-orm';
import { conversationPath } from '#contracts/messaging.schemas';
import type { Executor } from '#db/client';
import { conversations, messages, users } from '#db/schema/index';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { besideTheWrite } from '../../lib/side-effect';
import { MINUTE } from '../../lib/clock';
import { enqueueEmail } from '../email/index';
import { inquiryReceivedEmail, newMessagesEmail } from '../email/index';
import { queuePush, type ProposalStep } from '../push/index';

export const NOTIFY_THROTTLE_MS = 15 * MINUTE;

/** What the messaging services use: the database (or the caller's transaction), the clock and the site's address for links. */
export type MessagingContext<D extends Executor = Executor> = { db: D; clock: Clock; siteUrl: string; logger?: Logger };

export type Role = 'owner' | 'farmer';

/** The conversation's columns that belong to one party, as schema columns for the builder. */
export function roleColumns(role: Role) {
  const owner = role === 'owner';
  return {
    userId: owner ? conversations.ownerId : conversations.farmerId,
    otherId: owner ? conversations.farmerId : conversations.ownerId,
    notifiedAt: owner ? conversations.ownerNotifiedAt : conversations.farmerNotifiedAt,
    notifiedMessageId: owner ? conversations.ownerNotifiedMessageId : conversations.farmerNotifiedMessageId,
    digestDueAt: owner ? conversations.ownerDigestDueAt : conversations.farmerDigestDueAt,
  };
}

/** The party's digest-due column, for the builder: `{ ownerDigestDueAt }` or `{ farmerDigestDueAt }`. */
export function digestDue(role: Role, at: Date | null): Partial<typeof conversations.$inferInsert> {
  return role === 'owner' ? { ownerDigestDueAt: at } : { farmerDigestDueAt: at };
}

export type Untold = { count: number; lastId: number; latest: string };

/**
 * What the party has not read and was not e-mailed about yet: the other party's unread messages newer
 * than the last message an e-mail covered (ids, not times: they grow in the conversation's lock order).
 */
export async function untoldMessages(tx: Executor, conversationId: number, otherId: number, notifiedMessageId: number | null): Promise<Untold> {
  const [row] = await tx
    .select({
      count: count(),
      lastId: max(messages.id),
      latest: sql<string | null>`(array_agg(${messages.content} order by ${messages.id} desc))[1]`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.senderId, otherId),
        not(messages.isRead),
        gt(messages.id, notifiedMessageId ?? 0),
      ),
    );
  return { count: row?.count ?? 0, lastId: row?.lastId ?? 0, latest: row?.latest ?? '' };
}

/** Records that `role` was e-mailed now about everything up to `lastId`; nothing more is due. */
export async function markNotified(tx: Executor, conversationId: number, role: Role, now: Date, lastId: number): Promise<void> {
  const c = roleColumns(role);
  const notifiedMessageId = sql<number>`greatest(coalesce(${c.notifiedMessageId}, 0), ${lastId})`;
  await tx
    .update(conversations)
    .set(
      role === 'owner'
        ? { ownerNotifiedAt: now, ownerNotifiedMessageId: notifiedMessageId, ownerDigestDueAt: null }
        : { farmerNotifiedAt: now, farmerNotifiedMessageId: notifiedMessageId, farmerDigestDueAt: null },
    )
    .where(eq(conversations.id, conversationId));
}

/**
 * May `role` be e-mailed about this conversation now? Answers the recipient when the last e-mail is older
 * than the throttle (or there was none). Inside the window it marks a digest due at the window's end
 * instead and answers null. The caller holds the conversation's row lock, so two messages at once cannot
 * both pass.
 */
export async function claimNotification(ctx: MessagingContext, conversationId: number, role: Role, kind: 'inquiry' | 'message') {
  const tx = ctx.db;
  const now = ctx.clock.now();
  const c = roleColumns(role);
  const [recipient] = await tx
    .select({
      id: users.id,
      email: users.email,
      email_notifications: users.emailNotifications,
      inquiry_alerts: users.inquiryAlerts,
      notified_at: c.notifiedAt,
      notified_message_id: c.notifiedMessageId,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, c.userId))
    .where(eq(conversations.id, conversationId));
  if (!recipient) return null;
  const allowed = kind === 'inquiry' ? recipient.email_notifications && recipient.inquiry_alerts : recipient.email_notifications;
  if (!allowed) return null;
  if (recipient.notified_at) {
    const dueAt = new Date(recipient.notified_at.getTime() + NOTIFY_THROTTLE_MS);
    if (now < dueAt) {
      await tx.update(conversations).set(digestDue(role, dueAt)).where(eq(conversations.id, conversationId));
      return null;
    }
  }
  return recipient;
}

export async function notifyInquiry(
  ctx: MessagingContext,
  input: { conversationId: number; ownerId: number; farmerId: number; farmerName: string; spaceTitle: string; message: string },
): Promise<void> {
  // Each side effect in a savepoint: neither can fail the inquiry it follows (issue 38 item 2).
  await besideTheWrite(ctx, 'inquiry push', (db) =>
    queuePush({ ...ctx, db }, { kind: 'inquiry', userId: input.ownerId, conversationId: input.conversationId, senderName: input.farmerName, spaceTitle: input.spaceTitle, text: input.message }),
  );
  await besideTheWrite(ctx, 'inquiry e-mail', async (tx) => {
    const at = { ...ctx, db: tx };
    const owner = await claimNotification(at, input.conversationId, 'owner', 'inquiry');
    if (!owner) return;
    const untold = await untoldMessages(tx, input.conversationId, input.farmerId, owner.notified_message_id);
    await enqueueEmail(at, {
      userId: owner.id,
      type: 'inquiry_received',
      recipient: owner.email,
      content: inquiryReceivedEmail({
        farmerName: input.farmerName,
        spaceTitle: input.spaceTitle,
        message: input.message,
        url: `${ctx.siteUrl}${conversationPath(input.conversationId)}`,
      }),
    });
    await markNotified(tx, input.conversationId, 'owner', ctx.clock.now(), untold.lastId);
  });
}

export async function notifyMessage(
  ctx: MessagingContext,
  input: {
    conversationId: number;
    recipientRole: Role;
    recipientId: number;
    senderId: number;
    senderName: string;
    spaceTitle: string;
    latest: string;
    /** The message records terms proposed or countered: pushed as such rather than as its text. */
    proposal?: ProposalStep;
  },
): Promise<void> {
  const about = { userId: input.recipientId, conversationId: input.conversationId, senderName: input.senderName, spaceTitle: input.spaceTitle };
  // Each side effect in a savepoint: neither can fail the message it follows (issue 38 item 2).
  await besideTheWrite(ctx, 'message push', (db) => queuePush({ ...ctx, db }, input.proposal ? { kind: 'proposal', ...about, step: input.proposal } : { kind: 'message', ...about, text: input.latest }));
  await besideTheWrite(ctx, 'message e-mail', async (tx) => {
    const at = { ...ctx, db: tx };
    const recipient = await claimNotification(at, input.conversationId, input.recipientRole, 'message');
    if (!recipient) return;
    const untold = await untoldMessages(tx, input.conversationId, input.senderId, recipient.notified_message_id);
    await enqueueEmail(at, {
      userId: recipient.id,
      type: 'new_message',
      recipient: recipient.email,
      content: newMessagesEmail({
        senderName: input.senderName,
        spaceTitle: input.spaceTitle,
        count: Math.max(1, untold.count),
        latest: input.latest,
        url: `${ctx.siteUrl}${conversationPath(input.conversationId)}`,
      }),
    });
    await markNotified(tx, input.conversationId, input.recipientRole, ctx.clock.now(), untold.lastId);
  });
}
