// Conversations between an owner and a farmer about one space (spec 3, 5, 7): the first contact (inquiry),
// messages, the list with unread counts, and the thread. Every read is for participants only: anyone
// else is told "not found", so conversation ids reveal nothing.
import { eq, sql } from 'drizzle-orm';
import {
  MESSAGING_MESSAGES,
  type ConversationListItem,
  type ConversationListQuery,
  type Message,
  type StartConversationRequest,
  type StartConversationResponse,
  type ThreadQuery,
} from '../../../../contracts/messaging';
import { queryRows, type Database, type Executor } from '../../../../db/client';
import { spaces } from '../../../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../lib/session';
import { isPublicSpace } from '../spaces/space-visibility';
import { decodeConversationCursor, encodeConversationCursor } from './conversation-cursor';
import { notifyInquiry, notifyMessage, type NotifyDeps } from './notify';
import { checkUnverifiedConversationLimit } from './unverified-sender';

/** A second identical message from the same sender within this time is a double submit, not a new message. */
export const DUPLICATE_WINDOW_MS = 10_000;

type MessageRow = { id: number; conversation_id: number; sender_id: number; content: string; created_at: Date | string };

function toMessage(row: MessageRow): Message {
  return {
    id: Number(row.id),
    conversationId: Number(row.conversation_id),
    senderId: Number(row.sender_id),
    content: row.content,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || 'User';
}

/** The same sender's identical message of the last few seconds in this conversation, if any. */
async function recentDuplicate(tx: Executor, conversationId: number, senderId: number, content: string, now: Date): Promise<MessageRow | undefined> {
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS);
  const [row] = await queryRows<MessageRow>(
    tx,
    sql`select id, conversation_id, sender_id, content, created_at from messages
        where conversation_id = ${conversationId} and sender_id = ${senderId} and content = ${content}
          and created_at >= ${since.toISOString()}
        order by id desc limit 1`,
  );
  return row;
}

async function insertMessage(tx: Executor, conversationId: number, senderId: number, content: string, now: Date): Promise<MessageRow> {
  const [row] = await queryRows<MessageRow>(
    tx,
    sql`insert into messages (conversation_id, sender_id, content, is_read, created_at)
        values (${conversationId}, ${senderId}, ${content}, false, ${now.toISOString()})
        returning id, conversation_id, sender_id, content, created_at`,
  );
  await tx.execute(sql`update conversations set last_message_at = ${now.toISOString()} where id = ${conversationId}`);
  return row!;
}

/**
 * POST /api/conversations: the farmer's inquiry. One conversation per (space, farmer), also when several
 * first contacts arrive at once: the upsert takes the row's lock, so the requests queue behind each other
 * and the later ones find the first one's conversation (and its message, if it is the same text).
 */
export async function startConversation(
  db: Database,
  deps: NotifyDeps,
  user: SessionUser,
  input: StartConversationRequest,
): Promise<StartConversationResponse & { duplicate: boolean }> {
  const now = deps.clock.now();
  const [space] = await db.select().from(spaces).where(eq(spaces.id, input.spaceId));
  if (!space) throw AppError.notFound(MESSAGING_MESSAGES.spaceNotFound);
  if (space.ownerId === user.id) throw AppError.forbidden(MESSAGING_MESSAGES.ownListing);
  if (space.isDemoListing) throw AppError.forbidden(MESSAGING_MESSAGES.demoListing);
  if (!isPublicSpace(space, now)) throw AppError.notFound(MESSAGING_MESSAGES.spaceNotFound);

  const farmerName = input.farmerName ?? fullName(user);
  return db.transaction(async (tx) => {
    await checkUnverifiedConversationLimit(tx, user.id, space.id);
    const [conversation] = await queryRows<{ id: number; created: boolean }>(
      tx,
      sql`insert into conversations (space_id, owner_id, farmer_id, last_message_at, created_at)
          values (${space.id}, ${space.ownerId}, ${user.id}, ${now.toISOString()}, ${now.toISOString()})
          on conflict (space_id, farmer_id) do update set space_id = excluded.space_id
          returning id, (xmax = 0) as created`,
    );
    const conversationId = Number(conversation!.id);
    const duplicate = await recentDuplicate(tx, conversationId, user.id, input.content, now);
    if (duplicate) {
      const [inquiry] = await queryRows<{ id: number }>(
        tx,
        sql`select id from inquiries where space_id = ${space.id} and farmer_id = ${user.id} order by id desc limit 1`,
      );
      return { conversationId, inquiryId: Number(inquiry?.id ?? 0), message: toMessage(duplicate), created: false, duplicate: true };
    }
    const [inquiry] = await queryRows<{ id: number }>(
      tx,
      sql`insert into inquiries (space_id, farmer_id, message, farmer_name, farmer_email, status, created_at)
          values (${space.id}, ${user.id}, ${input.content}, ${farmerName}, ${user.email}, 'pending', ${now.toISOString()})
          returning id`,
    );
    const message = await insertMessage(tx, conversationId, user.id, input.content, now);
    await notifyInquiry(tx, deps, { conversationId, farmerId: user.id, farmerName, spaceTitle: space.title, message: input.content });
    return { conversationId, inquiryId: Number(inquiry!.id), message: toMessage(message), created: Boolean(conversation!.created), duplicate: false };
  });
}

type ConversationHead = { id: number; space_id: number; owner_id: number; farmer_id: number; title: string };

/** The conversation if `userId` takes part in it, locked for the caller's transaction when asked. */
async function participantConversation(db: Executor, conversationId: number, userId: number, lock = false): Promise<ConversationHead> {
  const [row] = await queryRows<ConversationHead>(
    db,
    sql`select c.id, c.space_id, c.owner_id, c.farmer_id, s.title from conversations c join spaces s on s.id = c.space_id
        where c.id = ${conversationId} and (c.owner_id = ${userId} or c.farmer_id = ${userId})
        ${lock ? sql`for update of c` : sql``}`,
  );
  if (!row) throw AppError.notFound(MESSAGING_MESSAGES.conversationNotFound);
  return row;
}

/** POST /api/conversations/{id}/messages. The owner's first reply marks the farmer's inquiries responded. */
export async function sendMessage(
  db: Database,
  deps: NotifyDeps,
  user: SessionUser,
  conversationId: number,
  content: string,
): Promise<{ message: Message; duplicate: boolean }> {
  const now = deps.clock.now();
  return db.transaction(async (tx) => {
    const conversation = await participantConversation(tx, conversationId, user.id, true);
    const duplicate = await recentDuplicate(tx, conversationId, user.id, content, now);
    if (duplicate) return { message: toMessage(duplicate), duplicate: true };
    const row = await insertMessage(tx, conversationId, user.id, content, now);
    const fromOwner = Number(conversation.owner_id) === user.id;
    if (fromOwner) {
      await tx.execute(
        sql`update inquiries set status = 'responded'
            where space_id = ${conversation.space_id} and farmer_id = ${conversation.farmer_id} and status = 'pending'`,
      );
    }
    await notifyMessage(tx, deps, {
      conversationId,
      recipientRole: fromOwner ? 'farmer' : 'owner',
      senderId: user.id,
      senderName: fullName(user),
      spaceTitle: conversation.title,
      latest: content,
    });
    return { message: toMessage(row), duplicate: false };
  });
}

type ListRow = {
  id: number;
  space_id: number;
  title: string;
  no_longer_listed: boolean;
  other_id: number;
  first_name: string;
  last_name: string;
  unread: number;
  last_message_at: Date | string;
  /** last_message_at to the microsecond (a JS Date keeps milliseconds): the cursor's key. */
  activity_key: string;
};

export type ConversationPage = { conversations: ConversationListItem[]; nextCursor: string | null };

/**
 * GET /api/conversations: one page, newest activity first, with the other party, the space and the unread
 * count, in one query. Keyset paging on (last_message_at, id) (docs/decisions/0305): each side of the
 * union reads at most limit + 1 rows from its (user, last_message_at) index, so a page costs the same
 * for a user with 10 conversations or 10,000. The space, other party and unread count are index lookups
 * for the page's rows only (LIMIT keeps the planner from turning them into hash joins over whole tables).
 * Building the JSON in PostgreSQL was measured slower than mapping the rows here (bench/messaging.ts).
 */
export async function listConversations(db: Executor, userId: number, query: ConversationListQuery): Promise<ConversationPage> {
  const before = query.before === undefined ? undefined : decodeConversationCursor(query.before);
  // The plain bound lets the index range start at the cursor; the row comparison breaks ties by id.
  const older = before
    ? sql`and last_message_at <= ${before.lastMessageAt}::timestamptz and (last_message_at, id) < (${before.lastMessageAt}::timestamptz, ${before.id})`
    : sql``;
  const take = query.limit + 1;
  const rows = await queryRows<ListRow>(
    db,
    sql`select c.id, c.space_id, s.title, s.no_longer_listed, c.other_id, u.first_name, u.last_name, m.unread, c.last_message_at,
          to_char(c.last_message_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as activity_key
        from (
          (select id, space_id, last_message_at, farmer_id as other_id from conversations
            where owner_id = ${userId} ${older} order by last_message_at desc, id desc limit ${take})
          union all
          (select id, space_id, last_message_at, owner_id as other_id from conversations
            where farmer_id = ${userId} and owner_id <> ${userId} ${older} order by last_message_at desc, id desc limit ${take})
          order by last_message_at desc, id desc limit ${take}
        ) c
        cross join lateral (select title, deleted_at is not null as no_longer_listed from spaces where id = c.space_id limit 1) s
        cross join lateral (select first_name, last_name from users where id = c.other_id limit 1) u
        cross join lateral (
          select count(*)::int as unread from messages
          where conversation_id = c.id and not is_read and sender_id <> ${userId}
        ) m
        order by c.last_message_at desc, c.id desc`,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    conversations: page.map((r) => ({
      id: Number(r.id),
      spaceId: Number(r.space_id),
      otherUser: { id: Number(r.other_id), firstName: r.first_name, lastName: r.last_name },
      space: { id: Number(r.space_id), title: r.title, noLongerListed: Boolean(r.no_longer_listed) },
      unreadCount: Number(r.unread),
      lastMessageAt: new Date(r.last_message_at).toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encodeConversationCursor({ lastMessageAt: last.activity_key, id: Number(last.id) }) : null,
  };
}

/** GET /api/conversations/unread-count: the navigation's badge. */
export async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await queryRows<{ count: number | string }>(
    db,
    sql`select count(*) as count from messages m join conversations c on c.id = m.conversation_id
        where not m.is_read and m.sender_id <> ${userId} and (c.owner_id = ${userId} or c.farmer_id = ${userId})`,
  );
  return Number(row?.count ?? 0);
}

type ThreadState = { lastId: number; hasUnread: boolean };

/**
 * The cheap part of a thread read: may `userId` read it, what is its newest message, and is anything
 * unread for them. A poll that finds nothing new stops here (304, or an empty list).
 */
export async function threadState(db: Executor, conversationId: number, userId: number): Promise<ThreadState> {
  const [row] = await queryRows<{ last_id: number | null; has_unread: boolean }>(
    db,
    sql`select (select max(m.id) from messages m where m.conversation_id = c.id) as last_id,
          exists (select 1 from messages m where m.conversation_id = c.id and not m.is_read and m.sender_id <> ${userId}) as has_unread
        from conversations c where c.id = ${conversationId} and (c.owner_id = ${userId} or c.farmer_id = ${userId})`,
  );
  if (!row) throw AppError.notFound(MESSAGING_MESSAGES.conversationNotFound);
  return { lastId: Number(row.last_id ?? 0), hasUnread: Boolean(row.has_unread) };
}

/** GET /api/conversations/{id}/messages: a page of the thread, oldest first; marks the other party's messages read. */
export async function readThread(db: Executor, conversationId: number, userId: number, query: ThreadQuery, state: ThreadState): Promise<Message[]> {
  if (state.hasUnread) {
    await db.execute(
      sql`update messages set is_read = true
          where conversation_id = ${conversationId} and sender_id <> ${userId} and not is_read`,
    );
  }
  if (query.after !== undefined && query.after >= state.lastId) return [];
  let rows: MessageRow[];
  if (query.after !== undefined) {
    rows = await queryRows<MessageRow>(
      db,
      sql`select id, conversation_id, sender_id, content, created_at from messages
          where conversation_id = ${conversationId} and id > ${query.after} order by id asc limit ${query.limit}`,
    );
  } else {
    rows = await queryRows<MessageRow>(
      db,
      sql`select id, conversation_id, sender_id, content, created_at from messages
          where conversation_id = ${conversationId} ${query.before !== undefined ? sql`and id < ${query.before}` : sql``}
          order by id desc limit ${query.limit}`,
    );
    rows.reverse();
  }
  return rows.map(toMessage);
}
