// Business constants of spec section 9, defined once for the API and the site.
export const LISTING_PRICES_CENTS = { listing_fee: 799, featured_upgrade: 1999 } as const;
export const LISTING_DURATION_DAYS = 30;
export const COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'NL', 'JP', 'SG'] as const;
export { PAYMENT_TYPES, SPACE_TYPES, USER_TYPES } from './enums';
export const FEATURED_MAX = 6;
export const TOAST_DURATION_MS = 5000;
export const SUPPORT_EMAIL = 'support@farmspace.app';
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/** The largest id a row can have (PostgreSQL `serial`/`integer`): ids and cursors above it are refused before any query. */
export const DATABASE_ID_MAX = 2_147_483_647;

export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** A readable cookie that only says "this browser holds a session cookie" (api/src/lib/session-hint.ts):
 *  pages without it skip GET /api/auth/user and its 401. Not a credential. */
export const SESSION_HINT_COOKIE = 'farmspace.signed_in';
