// Inquiries from farmers and the conversations they open (spec section 3). They belong to both people:
// no removal of a listing or an account may erase them by cascade, so those keys restrict
// (docs/decisions/0304); a listing with conversations is archived instead of deleted.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { inquiryStatusEnum, proposalStatusEnum, renewalTermEnum, utilitiesPayerEnum } from './enums';
import { spaces } from './spaces';
import { users } from './users';

export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'restrict' }),
    farmerId: integer('farmer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    message: text('message').notNull(),
    farmerName: varchar('farmer_name', { length: 255 }).notNull(),
    farmerEmail: varchar('farmer_email', { length: 255 }).notNull(),
    status: inquiryStatusEnum('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inquiries_space_id_idx').on(t.spaceId), index('inquiries_farmer_id_idx').on(t.farmerId)],
);

export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'restrict' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    farmerId: integer('farmer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** When each party was last e-mailed about this conversation: at most one e-mail per 15 minutes. */
    ownerNotifiedAt: timestamp('owner_notified_at', { withTimezone: true }),
    farmerNotifiedAt: timestamp('farmer_notified_at', { withTimezone: true }),
    /**
     * When a message was held back by that throttle: the end of the window, when the digest job e-mails
     * the party about what is still unread (null when nothing waits).
     */
    /**
     * The newest message of the other party an e-mail to this party has told about (message ids grow in
     * the order the conversation's lock hands out, so "newer than the last e-mail" is exact, unlike times).
     */
    ownerNotifiedMessageId: integer('owner_notified_message_id'),
    farmerNotifiedMessageId: integer('farmer_notified_message_id'),
    ownerDigestDueAt: timestamp('owner_digest_due_at', { withTimezone: true }),
    farmerDigestDueAt: timestamp('farmer_digest_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_space_farmer_idx').on(t.spaceId, t.farmerId),
    // The list's keyset order (last_message_at, id) in full: a page reads limit + 1 entries of each side,
    // not all of a user's conversations and a sort (docs/decisions/0305). NULLS FIRST is what `desc` means
    // in the query: drizzle's default (NULLS LAST) is an index the planner cannot walk for that order.
    index('conversations_owner_idx').on(t.ownerId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('conversations_farmer_idx').on(t.farmerId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The digest job's claim reads only conversations with a digest due: nearly none of them.
    index('conversations_owner_digest_due_idx').on(t.ownerDigestDueAt).where(sql`${t.ownerDigestDueAt} is not null`),
    index('conversations_farmer_digest_due_idx').on(t.farmerDigestDueAt).where(sql`${t.farmerDigestDueAt} is not null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    content: text('content').notNull(),
    /** Set when the message records a lease proposal's state change: the thread shows the proposal there. */
    proposalId: integer('proposal_id').references((): AnyPgColumn => leaseProposals.id, { onDelete: 'restrict' }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    // Thread pages and "what is new since message N" walk the conversation by id.
    index('messages_conversation_id_idx').on(t.conversationId, t.id),
    // Unread counts touch only unread rows, however long the history.
    index('messages_unread_idx').on(t.conversationId, t.senderId).where(sql`not ${t.isRead}`),
  ],
);

/**
 * Lease terms proposed in a conversation (issue 20). One open proposal per conversation at a time (the
 * partial unique index); a counter marks the open one countered and opens its own; accepted is final.
 * State changes are conditional UPDATEs under the conversation's row lock, so exactly one of racing
 * requests wins (docs/decisions/1100).
 */
export const leaseProposals = pgTable(
  'lease_proposals',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'restrict' }),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: proposalStatusEnum('status').notNull().default('open'),
    rent: numeric('rent', { precision: 10, scale: 2 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    termMonths: integer('term_months').notNull(),
    /** Null: the whole space is let. */
    areaSqFt: integer('area_sq_ft'),
    depositMonths: numeric('deposit_months', { precision: 4, scale: 1 }).notNull().default('0'),
    utilitiesPaidBy: utilitiesPayerEnum('utilities_paid_by').notNull(),
    growingActivities: text('growing_activities').notNull().default(''),
    accessHours: varchar('access_hours', { length: 200 }).notNull().default(''),
    insuranceAmount: numeric('insurance_amount', { precision: 12, scale: 2 }),
    notes: text('notes').notNull().default(''),
    /** Terms proposed before renewal was a term (issue 25) said nothing the parties chose: by agreement. */
    renewal: renewalTermEnum('renewal').notNull().default('by_agreement'),
    /** Days of written notice of non-renewal; set only when renewal is automatic. */
    renewalNoticeDays: integer('renewal_notice_days'),
    replacesId: integer('replaces_id').references((): AnyPgColumn => leaseProposals.id, { onDelete: 'restrict' }),
    respondedBy: integer('responded_by').references(() => users.id, { onDelete: 'restrict' }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When both parties were invited to review each other: the lease's start (docs/decisions/1506). */
    reviewsInvitedAt: timestamp('reviews_invited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lease_proposals_one_open_idx').on(t.conversationId).where(sql`${t.status} = 'open'`),
    // `order by id desc` means NULLS FIRST: written so, the thread's proposals are read in order, unsorted.
    index('lease_proposals_conversation_idx').on(t.conversationId, t.id.desc().nullsFirst()),
    // The review-invitations job: accepted leases not yet invited, by start date (a few rows, found at once).
    index('lease_proposals_reviews_due_idx').on(t.startDate).where(sql`${t.status} = 'accepted' and ${t.reviewsInvitedAt} is null`),
    check('lease_proposals_rent_positive', sql`${t.rent} > 0`),
    check('lease_proposals_term_range', sql`${t.termMonths} between 1 and 360`),
    check('lease_proposals_deposit_range', sql`${t.depositMonths} between 0 and 12`),
    check('lease_proposals_area_positive', sql`${t.areaSqFt} is null or ${t.areaSqFt} > 0`),
    check('lease_proposals_insurance_nonnegative', sql`${t.insuranceAmount} is null or ${t.insuranceAmount} >= 0`),
    check('lease_proposals_renewal_notice', sql`(${t.renewal} = 'automatic') = (${t.renewalNoticeDays} is not null) and (${t.renewalNoticeDays} is null or ${t.renewalNoticeDays} between 1 and 365)`),
  ],
);
