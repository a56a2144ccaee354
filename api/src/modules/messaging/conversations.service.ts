// Conversations between an owner and a farmer about one space (spec 3, 5, 7): the first contact (inquiry),
// messages, the list with unread counts, and the thread. Every read is for participants only: anyone
// else is told "not found", so conversation ids reveal nothing.
import { ACCOUNT_DATA_TEXTS } from '#contracts/account-data';
import { MODERATION_MESSAGES } from '#contracts/moderation';
import { and, asc, count, desc, eq, gt, gte, isNotNull, lt, ne, not, or, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGING_MESSAGES,
  type ConversationListItem,
  type ConversationListQuery,
  type Message,
  type StartConversationRequest,
  type StartConversationResponse,
  type ThreadQuery,
} from '#contracts/messaging.schemas';
import { displayName } from '#contracts/auth';
import { queryRows, type Database, type Executor, type RawRow } from '#db/client';
import { conversations, inquiries, messages, spaces, users } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../lib/session';
import { isPublicSpace } from '../spaces/index';
import { decodeConversationCursor, encodeConversationCursor } from './conversation-cursor';
import { markInquiriesResponded } from './inquiries';
import { notifyInquiry, notifyMessage, type MessagingContext } from './notify';
import { checkUnverifiedConversationLimit } from './unverified-sender';

/** A second identical message from the same sender within this time is a double submit, not a new message. */
export const DUPLICATE_WINDOW_MS = 10_000;

type MessageRow = Pick<typeof messages.$inferSelect, 'id' | 'conversationId' | 'senderId' | 'content' | 'proposalId' | 'createdAt'>;

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  content: messages.content,
  proposalId: messages.proposalId,
  createdAt: messages.createdAt,
};

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    content: row.content,
    proposalId: row.proposalId ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The same sender's identical message of the last few seconds in this conversation, if any. */
async function recentDuplicate(tx: Executor, conversationId: number, senderId: number, content: string, now: Date): Promise<MessageRow | undefined> {
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS);
  const [row] = await tx
    .select(messageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.senderId, senderId),
        eq(messages.content, content),
        gte(messages.createdAt, since),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1);
  return row;
}

/**
 * A message in a thread, written in the caller's transaction, and the conversation's activity moved to now.
 * `proposalId` makes it the thread's record of a change of terms (agreements, decision 1101).
 */
export async function addThreadMessage(
  tx: Executor,
  message: { conversationId: number; senderId: number; content: string; proposalId?: number; now: Date },
): Promise<MessageRow> {
  const { conversationId, senderId, content, proposalId, now } = message;
  const [row] = await tx
    .insert(messages)
    .values({ conversationId, senderId, content, proposalId, isRead: false, createdAt: now })
    .returning(messageColumns);
  await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversationId));
  return row!;
}

/**
 * POST /api/conversations: the farmer's inquiry. One conversation per (space, farmer), also when several
 * first contacts arrive at once: the upsert takes the row's lock, so the requests queue behind each other
 * and the later ones find the first one's conversation (and its message, if it is the same text).
 */
export async function startConversation(
  ctx: MessagingContext<Database>,
  user: SessionUser,
  input: StartConversationRequest,
): Promise<StartConversationResponse & { duplicate: boolean }> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const [space] = await db.select().from(spaces).where(eq(spaces.id, input.spaceId));
  if (!space) throw AppError.notFound(MESSAGING_MESSAGES.spaceNotFound);
  if (space.ownerId === user.id) throw AppError.forbidden(MESSAGING_MESSAGES.ownListing);
  if (space.isDemoListing) throw AppError.forbidden(MESSAGING_MESSAGES.demoListing);
  if (!isPublicSpace(space, now)) throw AppError.notFound(MESSAGING_MESSAGES.spaceNotFound);

  const farmerName = input.farmerName ?? displayName(user);
  return db.transaction(async (tx) => {
    await checkUnverifiedConversationLimit(tx, { farmerId: user.id, spaceId: space.id });
    // Raw: drizzle's onConflictDoUpdate cannot return whether the row was inserted (xmax = 0).
    const [conversation] = await queryRows<Pick<typeof conversations.$inferSelect, 'id'> & { created: boolean }>(
      tx,
      sql`insert into conversations (space_id, owner_id, farmer_id, last_message_at, created_at)
          values (${space.id}, ${space.ownerId}, ${user.id}, ${now.toISOString()}, ${now.toISOString()})
          on conflict (space_id, farmer_id) do update set space_id = excluded.space_id
          returning id, (xmax = 0) as created`,
    );
    const conversationId = Number(conversation!.id);
    const duplicate = await recentDuplicate(tx, conversationId, user.id, input.content, now);
    if (duplicate) {
      const [inquiry] = await tx
        .select({ id: inquiries.id })
        .from(inquiries)
        .where(and(eq(inquiries.spaceId, space.id), eq(inquiries.farmerId, user.id)))
        .orderBy(desc(inquiries.id))
        .limit(1);
      return { conversationId, inquiryId: inquiry?.id ?? 0, message: toMessage(duplicate), created: false, duplicate: true };
    }
    const [inquiry] = await tx
      .insert(inquiries)
      .values({
        spaceId: space.id,
        farmerId: user.id,
        message: input.content,
        farmerName,
        farmerEmail: user.email,
        status: 'pending',
        createdAt: now,
      })
      .returning({ id: inquiries.id });
    const message = await addThreadMessage(tx, { conversationId, senderId: user.id, content: input.content, now });
    await notifyInquiry({ ...ctx, db: tx }, { conversationId, ownerId: space.ownerId, farmerId: user.id, farmerName, spaceTitle: space.title, message: input.content });
    return { conversationId, inquiryId: inquiry!.id, message: toMessage(message), created: Boolean(conversation!.created), duplicate: false };
  });
}

export type ConversationHead = Pick<typeof conversations.$inferSelect, 'id' | 'spaceId' | 'ownerId' | 'farmerId'> & {
  title: string;
  size: number;
  isDemoListing: boolean;
  /** The listing was deleted. */
  deleted: boolean;
  /** An operator hid the listing. */
  hidden: boolean;
};

/**
 * The conversation with its listing if `userId` takes part in it, else 404. `lock` takes the conversation's
 * row lock for the caller's transaction: every write to a thread (a message, a change of terms) queues
 * behind it (docs/decisions/1100).
 */
export async function participantConversation(db: Executor, { conversationId, userId }: { conversationId: number; userId: number }, lock = false): Promise<ConversationHead> {
  const query = db
    .select({
      id: conversations.id,
      spaceId: conversations.spaceId,
      ownerId: conversations.ownerId,
      farmerId: conversations.farmerId,
      title: spaces.title,
      size: spaces.size,
      isDemoListing: spaces.isDemoListing,
      deleted: isNotNull(spaces.deletedAt),
      hidden: isNotNull(spaces.hiddenAt),
    })
    .from(conversations)
    .innerJoin(spaces, eq(spaces.id, conversations.spaceId))
    .where(and(eq(conversations.id, conversationId), or(eq(conversations.ownerId, userId), eq(conversations.farmerId, userId))));
  const [row] = lock ? await query.for('update', { of: conversations }) : await query;
  if (!row) throw AppError.notFound(MESSAGING_MESSAGES.conversationNotFound);
  return { ...row, deleted: Boolean(row.deleted), hidden: Boolean(row.hidden) };
}

/** POST /api/conversations/{id}/messages. The owner's first reply marks the farmer's inquiries responded. */
export async function sendMessage(
  ctx: MessagingContext<Database>,
  user: SessionUser,
  conversationId: number,
  content: string,
): Promise<{ message: Message; duplicate: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const conversation = await participantConversation(tx, { conversationId, userId: user.id }, true);
    // A suspended party cannot be written to (nor write: their sessions are gone); the sender is told.
    const otherId = conversation.ownerId === user.id ? conversation.farmerId : conversation.ownerId;
    const [other] = await tx.select({ suspendedAt: users.suspendedAt, closedAt: users.closedAt }).from(users).where(eq(users.id, otherId));
    if (other?.suspendedAt) throw AppError.conflict(MODERATION_MESSAGES.conversationSuspended);
    // Nobody reads a closed account's conversations any more (issue 28): the sender is told so.
    if (other?.closedAt) throw AppError.conflict(ACCOUNT_DATA_TEXTS.conversationClosed);
    const duplicate = await recentDuplicate(tx, conversationId, user.id, content, now);
    if (duplicate) return { message: toMessage(duplicate), duplicate: true };
    const row = await addThreadMessage(tx, { conversationId, senderId: user.id, content, now });
    const fromOwner = conversation.ownerId === user.id;
    if (fromOwner) await markInquiriesResponded(tx, conversation);
    await notifyMessage({ ...ctx, db: tx }, {
      conversationId,
      recipientRole: fromOwner ? 'farmer' : 'owner',
      recipientId: otherId,
      senderId: user.id,
      senderName: displayName(user),
      spaceTitle: conversation.title,
      latest: content,
    });
    return { message: toMessage(row), duplicate: false };
  });
}

/** Raw (a union of two index walks and lateral lookups); the names are the schema's columns, snake_case as selected. */
type ListRow = RawRow<{
  id: (typeof conversations.$inferSelect)['id'];
  space_id: (typeof conversations.$inferSelect)['spaceId'];
  title: (typeof spaces.$inferSelect)['title'];
  no_longer_listed: boolean;
  hidden: boolean;
  /** YYYY-MM-DD (formatted in SQL: drivers differ on how they return a date). */
  available_from: string | null;
  price_per_month: (typeof spaces.$inferSelect)['pricePerMonth'];
  currency: (typeof spaces.$inferSelect)['currency'];
  size: (typeof spaces.$inferSelect)['size'];
  other_id: (typeof users.$inferSelect)['id'];
  first_name: (typeof users.$inferSelect)['firstName'];
  last_name: (typeof users.$inferSelect)['lastName'];
  suspended: boolean;
  closed: boolean;
  reinstated_at: string | null;
  unread: number;
  last_message_at: (typeof conversations.$inferSelect)['lastMessageAt'];
  /** last_message_at to the microsecond (a JS Date keeps milliseconds): the cursor's key. */
  activity_key: string;
}>;

export type ConversationPage = { conversations: ConversationListItem[]; nextCursor: string | null };

/**
 * The list's one query (exported for the test that reads its plan): each side of the union walks its
 * (user, last_message_at desc, id desc) index from the cursor and stops after limit + 1 entries, so no
 * step sorts or reads a user's whole history (migration 0017; the old indexes were NULLS LAST and
 * without id, which `order by … desc` cannot walk).
 */
export function conversationListSql(userId: number, query: ConversationListQuery): SQL {
  const before = query.before === undefined ? undefined : decodeConversationCursor(query.before);
  // The plain bound lets the index range start at the cursor; the row comparison breaks ties by id.
  const older = before
    ? sql`and last_message_at <= ${before.lastMessageAt}::timestamptz and (last_message_at, id) < (${before.lastMessageAt}::timestamptz, ${before.id})`
    : sql``;
  const take = query.limit + 1;
  return sql`select c.id, c.space_id, s.title, s.no_longer_listed, s.hidden, s.available_from, s.price_per_month, s.currency, s.size, c.other_id, u.first_name, u.last_name, u.suspended, u.closed, u.reinstated_at, m.unread, c.last_message_at,
          to_char(c.last_message_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as activity_key
        from (
          (select id, space_id, last_message_at, farmer_id as other_id from conversations
            where owner_id = ${userId} ${older} order by last_message_at desc, id desc limit ${take})
          union all
          (select id, space_id, last_message_at, owner_id as other_id from conversations
            where farmer_id = ${userId} and owner_id <> ${userId} ${older} order by last_message_at desc, id desc limit ${take})
          order by last_message_at desc, id desc limit ${take}
        ) c
        cross join lateral (select title, deleted_at is not null as no_longer_listed, hidden_at is not null as hidden, to_char(available_from, 'YYYY-MM-DD') as available_from, price_per_month, currency, size from spaces where id = c.space_id limit 1) s
        cross join lateral (select first_name, last_name, suspended_at is not null as suspended, closed_at is not null as closed, to_char(reinstated_at at time zone 'UTC', 'YYYY-MM-DD') as reinstated_at from users where id = c.other_id limit 1) u
        cross join lateral (
          select count(*)::int as unread from messages
          where conversation_id = c.id and not is_read and sender_id <> ${userId}
        ) m
        order by c.last_message_at desc, c.id desc`;
}

/**
 * GET /api/conversations: one page, newest activity first, with the other party, the space and the unread
 * count, in one query. Keyset paging on (last_message_at, id) (docs/decisions/0305): each side of the
 * union reads at most limit + 1 rows from its (user, last_message_at, id) index, so a page costs the same
 * for a user with 10 conversations or 10,000. The space, other party and unread count are index lookups
 * for the page's rows only (LIMIT keeps the planner from turning them into hash joins over whole tables).
 * Building the JSON in PostgreSQL was measured slower than mapping the rows here (bench/messaging.ts).
 */
export async function listConversations(db: Executor, userId: number, query: ConversationListQuery): Promise<ConversationPage> {
  // Raw: a union of two index walks with lateral lookups, each side with its own limit (conversationListSql).
  const rows = await queryRows<ListRow>(db, conversationListSql(userId, query));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    conversations: page.map((r) => ({
      id: Number(r.id),
      spaceId: Number(r.space_id),
      otherUser: { id: Number(r.other_id), firstName: r.first_name, lastName: r.last_name, suspended: Boolean(r.suspended), closed: Boolean(r.closed), reinstatedAt: r.reinstated_at ?? null },
      space: {
        id: Number(r.space_id),
        title: r.title,
        noLongerListed: Boolean(r.no_longer_listed),
        hidden: Boolean(r.hidden),
        availableFrom: r.available_from,
        pricePerMonth: String(r.price_per_month),
        currency: r.currency,
        size: Number(r.size),
      },
      unreadCount: Number(r.unread),
      lastMessageAt: new Date(r.last_message_at).toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encodeConversationCursor({ lastMessageAt: last.activity_key, id: Number(last.id) }) : null,
  };
}

/** GET /api/conversations/unread-count: the navigation's badge. */
export async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        not(messages.isRead),
        ne(messages.senderId, userId),
        or(eq(conversations.ownerId, userId), eq(conversations.farmerId, userId)),
      ),
    );
  return Number(row?.count ?? 0);
}

type ThreadState = { lastId: number };

/**
 * The cheap part of a thread read: may `userId` read it, and what is its newest message. A poll that finds
 * nothing new stops here (304, or an empty list).
 */
export async function threadState(db: Executor, { conversationId, userId }: { conversationId: number; userId: number }): Promise<ThreadState> {
  // Raw: a correlated subquery in the select list of a one-table select (the builder renders such fragments'
  // columns without their table, so the inner `id` would be the message's).
  const [row] = await queryRows<RawRow<{ last_id: (typeof messages.$inferSelect)['id'] | null }>>(
    db,
    sql`select (select max(m.id) from messages m where m.conversation_id = c.id) as last_id
        from conversations c where c.id = ${conversationId} and (c.owner_id = ${userId} or c.farmer_id = ${userId})`,
  );
  if (!row) throw AppError.notFound(MESSAGING_MESSAGES.conversationNotFound);
  return { lastId: Number(row.last_id ?? 0) };
}

/**
 * POST /api/conversations/{id}/read: the thread's reader marks the other party's messages read (the open thread
 * does, in the site). Reading a thread (GET) changes nothing: a cross-site GET cannot mark it read (issue 38
 * item 12). 404 for anyone but its two parties.
 */
export async function markThreadRead(db: Executor, { conversationId, userId }: { conversationId: number; userId: number }): Promise<void> {
  await threadState(db, { conversationId, userId });
  await db
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, userId), not(messages.isRead)));
}

/** GET /api/conversations/{id}/messages: a page of the thread, oldest first. Reads only. */
export async function readThread(db: Executor, { conversationId }: { conversationId: number }, query: ThreadQuery, state: ThreadState): Promise<Message[]> {
  if (query.after !== undefined && query.after >= state.lastId) return [];
  let rows: MessageRow[];
  if (query.after !== undefined) {
    rows = await db
      .select(messageColumns)
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), gt(messages.id, query.after)))
      .orderBy(asc(messages.id))
      .limit(query.limit);
  } else {
    rows = await db
      .select(messageColumns)
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), query.before !== undefined ? lt(messages.id, query.before) : undefined))
      .orderBy(desc(messages.id))
      .limit(query.limit);
    rows.reverse();
  }
  return rows.map(toMessage);
}
