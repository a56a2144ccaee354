// Saved searches and the listings matched to them (issue 10). A search keeps its filters as columns so a
// newly published listing finds its searches with one indexed query (listing → searches, not the reverse).
import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { spaces } from './spaces';
import { users } from './users';

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** The /spaces query string as saved (filters and system): what "open the search" shows. */
    query: text('query').notNull(),
    // The filters, '' meaning "any" for the equality keys so that one btree serves "= any('{'', value}')".
    cityKey: varchar('city_key', { length: 100 }).notNull().default(''),
    countryKey: varchar('country_key', { length: 3 }).notNull().default(''),
    spaceTypeKey: varchar('space_type_key', { length: 20 }).notNull().default(''),
    minSize: integer('min_size'),
    maxSize: integer('max_size'),
    maxPrice: numeric('max_price', { precision: 10, scale: 2 }),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    minCeilingM: doublePrecision('min_ceiling_m'),
    minFloorLoadKgM2: doublePrecision('min_floor_load_kg_m2'),
    minPowerKw: doublePrecision('min_power_kw'),
    water: varchar('water', { length: 20 }),
    access24h: boolean('access_24h').notNull().default(false),
    availableBy: date('available_by', { mode: 'string' }),
    system: varchar('system', { length: 40 }),
    // The place filter (issue 18): a centre with a radius, and/or a map box; null = anywhere.
    nearLat: doublePrecision('near_lat'),
    nearLng: doublePrecision('near_lng'),
    radiusKm: doublePrecision('radius_km'),
    bboxMinLat: doublePrecision('bbox_min_lat'),
    bboxMinLng: doublePrecision('bbox_min_lng'),
    bboxMaxLat: doublePrecision('bbox_max_lat'),
    bboxMaxLng: doublePrecision('bbox_max_lng'),
    /** Secret of the one-click unsubscribe link (no sign-in needed). */
    unsubscribeToken: varchar('unsubscribe_token', { length: 64 }).notNull().unique(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** When the last alert e-mail for this search was written: later matches that day wait for a digest. */
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true }),
    /**
     * The alert job's failed runs for this search in a row, the last one's error, and when it gave up (issue 38
     * item 2): a search whose alert keeps failing is parked (alertFailedAt set) and skipped until an operator
     * retries or drops it (docs/decisions/1404, 1800); it never holds up the other searches' alerts.
     */
    alertAttempts: integer('alert_attempts').notNull().default(0),
    alertError: text('alert_error'),
    alertFailedAt: timestamp('alert_failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    // The matching query: equality keys first (each probed with '' and the listing's value), then the size
    // bounds; only live searches.
    index('saved_searches_match_idx').on(t.cityKey, t.countryKey, t.spaceTypeKey, t.minSize).where(sql`${t.unsubscribedAt} is null`),
    // The demand of a place (issue 29, decision 1600): live searches with a radius, by their centre, so the box
    // of the largest radius around a listing is one index range (the longitude checked in the index).
    index('saved_searches_centre_idx').on(t.nearLat, t.nearLng).where(sql`${t.unsubscribedAt} is null and ${t.radiusKm} is not null`),
    // …and the others (a city, a country, a map box or anywhere) by their place keys.
    index('saved_searches_place_keys_idx').on(t.cityKey, t.countryKey).where(sql`${t.unsubscribedAt} is null and ${t.radiusKm} is null`),
  ],
);

/** A listing matched to a saved search; emailedAt is set when an alert or digest carried it. */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.spaceId] }), index('saved_search_matches_pending_idx').on(t.savedSearchId).where(sql`${t.emailedAt} is null`), index('saved_search_matches_space_idx').on(t.spaceId)],
);
