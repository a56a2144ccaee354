// Listing-fee payments (spec section 3), coupons and their redemptions, and the provider events already
// processed. Amounts are computed on the server only.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { fraudScoreEnum, paymentStatusEnum, paymentTypeEnum } from './enums';
import { spaces } from './spaces';
import { users } from './users';

/** Operator-made discount codes (`npm run coupon`). Exactly one of percent_off / amount_off (cents) is set. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    percentOff: integer('percent_off'),
    amountOff: integer('amount_off'),
    maxRedemptions: integer('max_redemptions'),
    /** Counted only when a payment with the coupon succeeds; never above max_redemptions (checked in SQL). */
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_idx').on(sql`lower(${t.code})`),
    check('coupons_one_discount', sql`(${t.percentOff} is null) <> (${t.amountOff} is null)`),
    check('coupons_percent_range', sql`${t.percentOff} is null or (${t.percentOff} between 1 and 100)`),
    check('coupons_amount_positive', sql`${t.amountOff} is null or ${t.amountOff} > 0`),
    check('coupons_redeemed_within_max', sql`${t.maxRedemptions} is null or ${t.timesRedeemed} <= ${t.maxRedemptions}`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: integer('space_id').references(() => spaces.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('usd'),
    paymentIntentId: varchar('payment_intent_id', { length: 255 }).unique(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    paymentType: paymentTypeEnum('payment_type').notNull().default('listing_fee'),
    description: text('description'),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: text('user_agent'),
    fraudScore: fraudScoreEnum('fraud_score').notNull().default('low'),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    /** The list price before the coupon, in cents (the receipt shows both). */
    listPriceCents: integer('list_price_cents'),
    /** The listing title when paid, so a receipt survives the listing's deletion. */
    spaceTitle: varchar('space_title', { length: 255 }),
    /** When the payment succeeded, and the listing's end date it bought. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    liveUntil: timestamp('live_until', { withTimezone: true }),
    /** Set once when the money went back (console or the provider's charge.refunded webhook), never twice. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundId: varchar('refund_id', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_id_idx').on(t.userId),
    index('payments_space_id_idx').on(t.spaceId),
    index('payments_user_status_created_idx').on(t.userId, t.status, t.createdAt),
  ],
);

/** One redemption per user and coupon, written in the transaction that records the successful payment. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId)],
);

/** Provider webhook events already handled: each event id is processed once. */
export const paymentEvents = pgTable('payment_events', {
  eventId: varchar('event_id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  paymentIntentId: varchar('payment_intent_id', { length: 255 }),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
