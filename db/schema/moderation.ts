// Running the marketplace (issue 19): reports from users, the operators' append-only audit log, and the
// pre-aggregated daily counts behind the console's overview and the owners' listing numbers.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { spaces } from './spaces';
import { users } from './users';

/** A user's report of a listing, a person or a conversation. One open report per reporter and target. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'space' | 'user' | 'conversation' (contracts/moderation.ts REPORT_TARGETS). */
    targetType: varchar('target_type', { length: 20 }).notNull(),
    targetId: integer('target_id').notNull(),
    /** The person the report is about: the listing's owner, the user, the conversation's other party. */
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 30 }).notNull(),
    details: text('details').notNull().default(''),
    /** 'open' | 'dismissed' | 'actioned' */
    status: varchar('status', { length: 20 }).notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_one_open_per_target_idx').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_open_queue_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_subject_idx').on(t.subjectUserId),
  ],
);

/**
 * Every operator action and every automatic action of the same kind (an expiry, a refund by webhook),
 * written once. Append-only: a trigger refuses UPDATE and DELETE (custom migration), and no key points
 * at users or listings, so removing either never rewrites the log.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The operator's user id, null for the system (a job, a webhook). */
    actorId: integer('actor_id'),
    /** The operator's e-mail when they acted (the account may change later), or 'system'. */
    actor: varchar('actor', { length: 255 }).notNull(),
    action: varchar('action', { length: 40 }).notNull(),
    /** 'space' | 'user' | 'report' | 'payment' | 'coupon' */
    targetType: varchar('target_type', { length: 20 }).notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Every reader pages newest first by id (`order by id desc`, which means NULLS FIRST): the whole log by
    // the primary key, a target's, an action's or an operator's history by these, each walked in order
    // without a sort (decision 0305 on drizzle-kit's default NULLS LAST).
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id.desc().nullsFirst()),
    index('audit_log_action_idx').on(t.action, t.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.id.desc().nullsFirst()),
  ],
);

/**
 * Marketplace totals per UTC day and metric (new_users, listings_published, inquiries, messages,
 * revenue_cents, refunds_cents), kept by triggers on the source tables (custom migration): the overview
 * reads at most 90 rows per metric however large the tables grow.
 */
export const dailyCounts = pgTable(
  'daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: varchar('metric', { length: 30 }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day] })],
);

/**
 * A listing's numbers per UTC day: page views and card opens (counted in memory, flushed by the API;
 * nothing about the viewer is kept), inquiries and saves (triggers). Read by the owner's chart in My Listings.
 */
export const spaceDailyStats = pgTable(
  'space_daily_stats',
  {
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    pageViews: integer('page_views').notNull().default(0),
    cardOpens: integer('card_opens').notNull().default(0),
    inquiries: integer('inquiries').notNull().default(0),
    saves: integer('saves').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.day] })],
);
