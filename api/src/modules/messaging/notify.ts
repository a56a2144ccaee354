// Who is told by e-mail about conversation activity, and how often: through the outbox, in the caller's
// transaction, only when the recipient's preferences allow, and at most once per conversation and
// recipient every 15 minutes (the next e-mail then says how many messages wait unread).
import { sql } from 'drizzle-orm';
import { conversationPath } from '../../../../contracts/messaging';
import { queryRows, type Executor } from '../../../../db/client';
import type { Clock } from '../../lib/clock';
import { MINUTE } from '../../lib/clock';
import { enqueueEmail } from '../email/outbox';
import { inquiryReceivedEmail, newMessagesEmail } from '../email/email-templates';

export const NOTIFY_THROTTLE_MS = 15 * MINUTE;

export type NotifyDeps = { clock: Clock; siteUrl: string };

type Recipient = {
  id: number;
  email: string;
  first_name: string;
  email_notifications: boolean;
  inquiry_alerts: boolean;
  notified_at: Date | string | null;
};

/**
 * Claims the right to e-mail `role` of the conversation now: sets its notified-at when the last e-mail is
 * older than the throttle (or there was none) and answers the recipient, else null. The caller holds the
 * conversation's row lock, so two messages at once cannot both claim it.
 */
async function claimNotification(tx: Executor, deps: NotifyDeps, conversationId: number, role: 'owner' | 'farmer', kind: 'inquiry' | 'message'): Promise<Recipient | null> {
  const now = deps.clock.now();
  const column = role === 'owner' ? sql.raw('owner_notified_at') : sql.raw('farmer_notified_at');
  const userColumn = role === 'owner' ? sql.raw('owner_id') : sql.raw('farmer_id');
  const [recipient] = await queryRows<Recipient>(
    tx,
    sql`select u.id, u.email, u.first_name, u.email_notifications, u.inquiry_alerts, c.${column} as notified_at
        from conversations c join users u on u.id = c.${userColumn} where c.id = ${conversationId}`,
  );
  if (!recipient) return null;
  const allowed = kind === 'inquiry' ? recipient.email_notifications && recipient.inquiry_alerts : recipient.email_notifications;
  if (!allowed) return null;
  if (recipient.notified_at && now.getTime() - new Date(recipient.notified_at).getTime() < NOTIFY_THROTTLE_MS) return null;
  await tx.execute(sql`update conversations set ${column} = ${now.toISOString()} where id = ${conversationId}`);
  return recipient;
}

export async function notifyInquiry(
  tx: Executor,
  deps: NotifyDeps,
  input: { conversationId: number; farmerName: string; spaceTitle: string; message: string },
): Promise<void> {
  const owner = await claimNotification(tx, deps, input.conversationId, 'owner', 'inquiry');
  if (!owner) return;
  await enqueueEmail(tx, deps.clock, {
    userId: owner.id,
    type: 'inquiry_received',
    recipient: owner.email,
    content: inquiryReceivedEmail({
      firstName: owner.first_name,
      farmerName: input.farmerName,
      spaceTitle: input.spaceTitle,
      message: input.message,
      url: `${deps.siteUrl}${conversationPath(input.conversationId)}`,
    }),
  });
}

export async function notifyMessage(
  tx: Executor,
  deps: NotifyDeps,
  input: { conversationId: number; recipientRole: 'owner' | 'farmer'; senderId: number; senderName: string; spaceTitle: string; latest: string },
): Promise<void> {
  const recipient = await claimNotification(tx, deps, input.conversationId, input.recipientRole, 'message');
  if (!recipient) return;
  const [unread] = await queryRows<{ count: number | string }>(
    tx,
    sql`select count(*) as count from messages
        where conversation_id = ${input.conversationId} and sender_id = ${input.senderId} and not is_read`,
  );
  await enqueueEmail(tx, deps.clock, {
    userId: recipient.id,
    type: 'new_message',
    recipient: recipient.email,
    content: newMessagesEmail({
      firstName: recipient.first_name,
      senderName: input.senderName,
      spaceTitle: input.spaceTitle,
      count: Math.max(1, Number(unread?.count ?? 1)),
      latest: input.latest,
      url: `${deps.siteUrl}${conversationPath(input.conversationId)}`,
    }),
  });
}
