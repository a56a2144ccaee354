// Security bookkeeping (spec section 3): audit events, per-account lockouts, per-IP rate limits, and the
// email outbox. All of it lives in PostgreSQL so that several API instances behave as one.
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { emailStatusEnum, emailTypeEnum, securityEventTypeEnum } from './enums';
import { users } from './users';

export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    eventType: securityEventTypeEnum('event_type').notNull(),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: text('user_agent'),
    fingerprint: varchar('fingerprint', { length: 128 }),
    fraudScore: varchar('fraud_score', { length: 10 }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_events_user_idx').on(t.userId, t.createdAt), index('security_events_type_idx').on(t.eventType, t.createdAt)],
);

export const failedLogins = pgTable('failed_logins', {
  id: serial('id').primaryKey(),
  /** One row per account: the failure count in the current window and the lock, if any. */
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  ipAddress: varchar('ip_address', { length: 64 }),
  attempts: integer('attempts').notNull().default(1),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rateLimits = pgTable(
  'rate_limits',
  {
    id: serial('id').primaryKey(),
    ipAddress: varchar('ip_address', { length: 64 }).notNull(),
    endpoint: varchar('endpoint', { length: 100 }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rate_limits_ip_endpoint_idx').on(t.ipAddress, t.endpoint)],
);

/** The email outbox: rows are written in the transaction of the event that causes them, sent by a job. */
export const emailNotifications = pgTable(
  'email_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: emailTypeEnum('type').notNull(),
    recipient: varchar('recipient', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra headers of the message, e.g. List-Unsubscribe on alerts (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: emailStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_notifications_pending_idx').on(t.status, t.nextAttemptAt)],
);
