// Web Push (issue 30): the devices a person turned on in Settings → Notifications, the pushes waiting to be
// sent to them (an outbox, one row per event and device, claimed like the e-mail outbox) and which
// conversation a person has open in a visible tab (a short-lived mark: they are not pushed about it).
// Owned by api/src/modules/push. See docs/decisions/1700.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's address for this device (RFC 8030); unique: a device belongs to one account at a time. */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url. */
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    /** What the person sees in the device list: the browser's own description at subscription time. */
    deviceLabel: varchar('device_label', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
    /** Pushes that failed in a row since the last one delivered (issue 38 item 4). */
    failedPushes: integer('failed_pushes').notNull().default(0),
    /** Set after PUSH_DEVICE_FAILURE_LIMIT failures in a row: nothing is queued for it until its browser subscribes again. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** What a push carries to the service worker (encrypted on the way): shown as the notification. */
export type PushPayload = { title: string; body: string; url: string; tag: string; unread?: number };

export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    /** A device removed (by its owner or by the push service's 404/410) takes its waiting pushes with it. */
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    /** pending → sent, or failed after the last attempt or a refusal that a retry would not change. */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`), index('push_outbox_subscription_idx').on(t.subscriptionId)],
);

/**
 * "This person has this conversation open in a visible tab until `until`": refreshed by the open thread.
 * No key to conversations: a mark only ever silences its own person's pushes, so it is not checked against
 * the conversation's parties, and each beat clears the person's lapsed marks (docs/decisions/1701).
 */
export const pushPresence = pgTable(
  'push_presence',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] })],
);
