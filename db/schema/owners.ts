// Who writes each table (decision 1313, after 1310's "one owner per table"). An owner is an API module
// (api/src/modules/<name>/) or, for the two tables every module writes through a library, that library's
// file under api/src/. Only files of the owner insert, update or delete the table; another module calls the
// owner's function (passing its `tx` where the two must be atomic). `npm run lint` (lint:tables,
// scripts/lint/table-owners.ts) fails on a write from anywhere else, and on a table with no owner here.
// Triggers in a migration count as the owner's code (decision 1313).
export const TABLE_OWNERS = {
  // auth: identity, sessions, tokens, sign-in failures and the security log
  users: 'auth',
  sessions: 'auth',
  accounts: 'auth',
  verifications: 'auth',
  email_verification_tokens: 'auth',
  password_reset_tokens: 'auth',
  failed_logins: 'auth',
  security_events: 'auth',
  // messaging
  conversations: 'messaging',
  messages: 'messaging',
  inquiries: 'messaging',
  // agreements
  lease_proposals: 'agreements',
  // spaces (the listing, its archive and its position)
  spaces: 'spaces',
  archived_spaces: 'spaces',
  // payments
  payments: 'payments',
  coupons: 'payments',
  coupon_redemptions: 'payments',
  payment_events: 'payments',
  // saved-searches
  saved_searches: 'saved-searches',
  saved_search_matches: 'saved-searches',
  // moderation (reports)
  reports: 'moderation',
  // listing-stats: the owners' numbers (the counting triggers of the migrations are its code too)
  daily_counts: 'listing-stats',
  space_daily_stats: 'listing-stats',
  // email: the outbox
  email_notifications: 'email',
  // photos
  space_photos: 'photos',
  // the newer modules
  saved_spaces: 'saved-spaces',
  profiles: 'profiles',
  reviews: 'reviews',
  push_subscriptions: 'push',
  push_outbox: 'push',
  push_presence: 'push',
  blog_posts: 'blog',
  // libraries every module writes through, in its own transaction
  audit_log: 'lib/audit-log.ts',
  rate_limits: 'lib/rate-limit.ts',
} as const satisfies Record<string, string>;

export type OwnedTable = keyof typeof TABLE_OWNERS;
