// New accounts may contact owners before verifying their address, but only a little: at most
// UNVERIFIED_CONVERSATION_LIMIT new conversations until the address is verified (issue 15, item 15;
// docs/decisions/0106). Replies in those conversations are not limited by this; verified accounts keep
// the hourly NEW_CONVERSATION_LIMIT alone.
import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { conversations, users } from '#db/schema/index';
import { MESSAGING_MESSAGES } from '#contracts/messaging';
import { AppError } from '../../lib/app-error';

export const UNVERIFIED_CONVERSATION_LIMIT = 2;

/**
 * Called first in the transaction that starts (or continues) the conversation of `farmerId` about
 * `spaceId`. The user's row is locked before anything is written (inserting a conversation takes a key
 * share lock on it, which would deadlock with a later FOR UPDATE), so concurrent first contacts of one
 * account are counted one after another.
 */
export async function checkUnverifiedConversationLimit(tx: Executor, { farmerId, spaceId }: { farmerId: number; spaceId: number }): Promise<void> {
  const [user] = await tx.select({ verified: users.verified }).from(users).where(eq(users.id, farmerId)).for('update');
  if (!user || user.verified) return;
  const [row] = await tx
    .select({
      started: count(),
      thisOne: sql<number>`count(*) filter (where ${conversations.spaceId} = ${spaceId})`.mapWith(Number),
    })
    .from(conversations)
    .where(eq(conversations.farmerId, farmerId));
  if (row!.thisOne === 0 && row!.started >= UNVERIFIED_CONVERSATION_LIMIT) {
    throw new AppError('email_unverified', MESSAGING_MESSAGES.verifyToContactMore, 403);
  }
}
