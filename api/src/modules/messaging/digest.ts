// The message digest job: when a party's 15-minute e-mail window about a conversation ends with messages
// held back, one e-mail "N new messages about …" tells them, unless they have read everything meanwhile.
// Safe in every instance: due conversations are claimed with FOR UPDATE SKIP LOCKED, and the same row
// lock orders the job against new messages (which also claim or push the window), so each digest goes once.
import { asc, count, eq, lte, min } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { displayName } from '#contracts/auth';
import { conversationPath } from '#contracts/messaging.schemas';
import type { Database, Transaction } from '#db/client';
import { conversations, spaces, users } from '#db/schema/index';
import { toBacklog, type Backlog } from '../../lib/metrics';
import { enqueueEmail, newMessagesEmail } from '../email/index';
import { rootErrorReason } from '../../lib/logger';
import { digestDue, markNotified, NOTIFY_THROTTLE_MS, roleColumns, untoldMessages, type MessagingContext, type Role } from './notify';

const BATCH = 100;

const other = alias(users, 'other');

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

/** Digests whose window has ended and that are not sent yet, both parties', and the oldest one's lateness (metrics). */
export async function digestBacklog(ctx: Pick<MessagingContext<Database>, 'db' | 'clock'>): Promise<Backlog> {
  const now = ctx.clock.now();
  let depth = 0;
  let lagSeconds = 0;
  for (const role of ['owner', 'farmer'] as const) {
    const due = roleColumns(role).digestDueAt;
    const [row] = await ctx.db.select({ n: count(), oldest: min(due) }).from(conversations).where(lte(due, now));
    const backlog = toBacklog(row, now);
    depth += backlog.depth;
    lagSeconds = Math.max(lagSeconds, backlog.lagSeconds);
  }
  return { depth, lagSeconds };
}

type DueDigest = {
  id: number;
  title: string;
  notifiedMessageId: number | null;
  recipientId: number;
  email: string;
  emailNotifications: boolean;
  otherId: number;
  otherFirstName: string;
  otherLastName: string;
};

/** One conversation's digest: sent, or cleared when nothing is left to tell (or e-mails are off). */
async function sendDigest(ctx: MessagingContext<Transaction>, role: Role, row: DueDigest, now: Date): Promise<keyof DigestResult> {
  const tx = ctx.db;
  const conversationId = row.id;
  // Preferences are read now, not when the message came: turning e-mails off also stops a due digest.
  const untold = row.emailNotifications ? await untoldMessages(tx, conversationId, row.otherId, row.notifiedMessageId) : null;
  if (!untold || untold.count === 0) {
    await tx.update(conversations).set(digestDue(role, null)).where(eq(conversations.id, conversationId));
    return 'cleared';
  }
  await enqueueEmail(ctx, {
    userId: row.recipientId,
    type: 'new_message',
    recipient: row.email,
    content: newMessagesEmail({
      senderName: displayName({ firstName: row.otherFirstName, lastName: row.otherLastName }),
      spaceTitle: row.title,
      count: untold.count,
      latest: untold.latest,
      url: `${ctx.siteUrl}${conversationPath(conversationId)}`,
    }),
  });
  await markNotified(tx, conversationId, role, now, untold.lastId);
  return 'sent';
}

async function digestBatch(ctx: MessagingContext<Transaction>, role: Role, result: DigestResult): Promise<number> {
  const tx = ctx.db;
  const now = ctx.clock.now();
  const c = roleColumns(role);
  // The due conversations, claimed: another instance's job skips the rows this one holds.
  const rows = await tx
    .select({
      id: conversations.id,
      title: spaces.title,
      notifiedMessageId: c.notifiedMessageId,
      recipientId: users.id,
      email: users.email,
      emailNotifications: users.emailNotifications,
      otherId: other.id,
      otherFirstName: other.firstName,
      otherLastName: other.lastName,
    })
    .from(conversations)
    .innerJoin(spaces, eq(spaces.id, conversations.spaceId))
    .innerJoin(users, eq(users.id, c.userId))
    .innerJoin(other, eq(other.id, c.otherId))
    .where(lte(c.digestDueAt, now))
    .orderBy(asc(c.digestDueAt))
    .limit(BATCH)
    .for('update', { of: conversations, skipLocked: true });
  for (const row of rows) {
    // Each digest in a savepoint of its own (issue 38 item 2, docs/decisions/1801): one that cannot be written
    // is rolled back alone, logged, and due again a window later, behind the digests due now; the rest go out.
    try {
      const outcome = await tx.transaction((sp) => sendDigest({ ...ctx, db: sp }, role, row, now));
      result[outcome]++;
    } catch (error) {
      ctx.logger?.warn({ conversationId: row.id, role, error: rootErrorReason(error) }, 'message digest failed');
      await tx.update(conversations).set(digestDue(role, new Date(now.getTime() + NOTIFY_THROTTLE_MS))).where(eq(conversations.id, row.id));
    }
  }
  return rows.length;
}
