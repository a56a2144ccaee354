// Which of some listings the signed-in farmer has already written about, so a card offers "View
// conversation" (a deep link into the dashboard) instead of a second "Contact Owner".
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { conversations } from '#db/schema/index';
import type { ConversationLookupItem } from '#contracts/messaging';

export async function findFarmerConversations(db: Executor, farmerId: number, spaceIds: number[]): Promise<ConversationLookupItem[]> {
  if (spaceIds.length === 0) return [];
  return db
    .select({ spaceId: conversations.spaceId, conversationId: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.farmerId, farmerId), inArray(conversations.spaceId, spaceIds)));
}
