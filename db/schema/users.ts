// Users and the tables better-auth needs (sessions, accounts, verifications), plus the spec's token tables.
// better-auth's user model is mapped onto `users` (name → first_name, emailVerified → verified,
// image → profile_image_url); see docs/decisions/0005-better-auth-on-our-tables.md.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { userTypeEnum } from './enums';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export type UserPreferences = {
  language?: 'en' | 'es' | 'fr';
  currency?: 'USD' | 'EUR' | 'GBP';
  publicProfile?: boolean;
  showContactInfo?: boolean;
  /** The growing system picked on /spaces (contracts/growing.ts GROWING_SYSTEM_IDS). */
  growingSystem?: string | null;
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 255 }).notNull().unique(),
    firstName: varchar('first_name', { length: 100 }).notNull().default(''),
    lastName: varchar('last_name', { length: 100 }).notNull().default(''),
    profileImageUrl: text('profile_image_url'),
    userType: userTypeEnum('user_type').notNull().default('both'),
    verified: boolean('verified').notNull().default(false),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    smsNotifications: boolean('sms_notifications').notNull().default(false),
    inquiryAlerts: boolean('inquiry_alerts').notNull().default(true),
    marketingEmails: boolean('marketing_emails').notNull().default(false),
    /** Push notifications say who wrote but not what (issue 30): nothing of a message on a locked screen. */
    hideMessageText: boolean('hide_message_text').notNull().default(false),
    preferences: jsonb('preferences').$type<UserPreferences>().notNull().default({}),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }),
    /** Set by an operator: the account cannot sign in or message, its listings are hidden (issue 19). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    /** Set when an operator reinstates a suspended account, cleared by a new suspension (issue 43 item 4): the
     *  threads of its lease partners say the account is back instead of warning about it. */
    reinstatedAt: timestamp('reinstated_at', { withTimezone: true }),
    /**
     * Set when the person closed the account (issue 28): the row stays for what others keep (their
     * conversations, agreements, receipts), with the e-mail address replaced by a tombstone and the name by
     * "Former member"; nothing signs in to it again (docs/decisions/1501).
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** better-auth sessions. `sid` is the session token carried by the cookie, `expire` its end. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    sid: text('sid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expire_idx').on(t.expire)],
);

/** better-auth credential accounts: the password hash (scrypt) lives here, one row per provider. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

/** better-auth's generic verification values (kept for its internals). */
export const verifications = pgTable(
  'verifications',
  {
    id: serial('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Fresh column builders per table: drizzle builders must not be shared between tables. */
const tokenColumns = () => ({
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the token sent by email: a database leak does not reveal usable tokens. */
  token: varchar('token', { length: 128 }).notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailVerificationTokens = pgTable('email_verification_tokens', tokenColumns());
export const passwordResetTokens = pgTable('password_reset_tokens', tokenColumns());
