// Listing-fee payments (spec section 3). Amounts are computed on the server only.
import { index, integer, numeric, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { fraudScoreEnum, paymentStatusEnum, paymentTypeEnum } from './enums';
import { spaces } from './spaces';
import { users } from './users';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_user_id_idx').on(t.userId), index('payments_space_id_idx').on(t.spaceId)],
);
