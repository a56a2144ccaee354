// The message digest job: when a party's 15-minute e-mail window about a conversation ends with messages
// held back, one e-mail "N new messages about …" tells them, unless they have read everything meanwhile.
// Safe in every instance: due conversations are claimed with FOR UPDATE SKIP LOCKED, and the same row
// lock orders the job against new messages (which also claim or push the window), so each digest goes once.
import { eq, sql } from 'drizzle-orm';
import { displayName } from '#contracts/auth';
import { conversationPath } from '#contracts/messaging.schemas';
import { queryRows, type Database, type Transaction } from '#db/client';
import { conversations } from '#db/schema/index';
import { enqueueEmail } from '../email/index';
import { newMessagesEmail } from '../email/index';
import { digestDue, markNotified, roleColumns, untoldMessages, type MessagingContext, type Role } from './notify';

const BATCH = 100;

type DueRow = {
  id: number;
  title: string;
  notified_message_id: number | null;
  recipient_id: number;
  email: string;
  first_name: string;
  email_notifications: boolean;
  other_id: number;
  other_first_name: string;
  other_last_name: string;
};

export type DigestResult = { sent: number; cleared: number };

export async function sendDueDigests(ctx: MessagingContext<Database>): Promise<DigestResult> {
  const result: DigestResult = { sent: 0, cleared: 0 };
  for (const role of ['owner', 'farmer'] as const) {
    for (;;) {
      const claimed = await ctx.db.transaction((tx) => digestBatch({ ...ctx, db: tx }, role, result));
      if (claimed < BATCH) break;
    }
  }
  return result;
}

async function digestBatch(ctx: MessagingContext<Transaction>, role: Role, result: DigestResult): Promise<number> {
  const tx = ctx.db;
  const now = ctx.clock.now();
  const c = roleColumns(role);
  const rows = await queryRows<DueRow>(
    tx,
    sql`select c.id, s.title, c.${c.notifiedMessageId} as notified_message_id,
          u.id as recipient_id, u.email, u.first_name, u.email_notifications,
          o.id as other_id, o.first_name as other_first_name, o.last_name as other_last_name
        from conversations c
        join spaces s on s.id = c.space_id
        join users u on u.id = c.${c.userId}
        join users o on o.id = c.${c.otherId}
        where c.${c.digestDueAt} <= ${now.toISOString()}
        order by c.${c.digestDueAt}
        limit ${BATCH}
        for update of c skip locked`,
  );
  for (const row of rows) {
    const conversationId = Number(row.id);
    // Preferences are read now, not when the message came: turning e-mails off also stops a due digest.
    const untold = row.email_notifications ? await untoldMessages(tx, conversationId, Number(row.other_id), row.notified_message_id) : null;
    if (!untold || untold.count === 0) {
      await tx.update(conversations).set(digestDue(role, null)).where(eq(conversations.id, conversationId));
      result.cleared++;
      continue;
    }
    await enqueueEmail(ctx, {
      userId: Number(row.recipient_id),
      type: 'new_message',
      recipient: row.email,
      content: newMessagesEmail({
        senderName: displayName({ firstName: row.other_first_name, lastName: row.other_last_name }),
        spaceTitle: row.title,
        count: untold.count,
        latest: untold.latest,
        url: `${ctx.siteUrl}${conversationPath(conversationId)}`,
      }),
    });
    await markNotified(tx, conversationId, role, now, untold.lastId);
    result.sent++;
  }
  return rows.length;
}
