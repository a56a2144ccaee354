// Listings and their archive (spec section 3: spaces, archived_spaces).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { SpacePhoto } from '#contracts/photos';
import { CELL_ROW_SPAN, CELLS_PER_DEGREE } from '#contracts/places';
import { climateControlEnum, orientationEnum, powerPhaseEnum, spaceTypeEnum, waterSupplyEnum } from './enums';
import { users } from './users';

export const spaces = pgTable(
  'spaces',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description').notNull(),
    location: varchar('location', { length: 255 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    state: varchar('state', { length: 50 }),
    zipCode: varchar('zip_code', { length: 20 }),
    country: varchar('country', { length: 3 }).notNull().default('US'),
    size: integer('size').notNull(),
    pricePerMonth: numeric('price_per_month', { precision: 10, scale: 2 }).notNull(),
    spaceType: spaceTypeEnum('space_type').notNull(),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    /** The URLs the owner pasted (spec 2.9). Answered after the uploaded photos in `images`. */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The uploaded photos in display order (the first is the cover): a copy of the live space_photos rows,
     * kept on the listing so that every read of a space needs no join (docs/decisions/0801).
     */
    photos: jsonb('photos').$type<SpacePhoto[]>().notNull().default(sql`'[]'::jsonb`),
    available: boolean('available').notNull().default(true),
    verified: boolean('verified').notNull().default(false),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hasListingFee: boolean('has_listing_fee').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    featuredUntil: timestamp('featured_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isDemoListing: boolean('is_demo_listing').notNull().default(false),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the owner deleted a listing that had conversations or payments: the row stays (so do the
     * conversations, inquiries and receipts that name it), never public again (docs/decisions/0304).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Set when an operator hid the listing (or suspended its owner: hiddenWithOwner). A hidden listing is
     * never active, so the public predicate and its partial indexes stay as they are (docs/decisions/1001).
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenWithOwner: boolean('hidden_with_owner').notNull().default(false),
    /** Whether the listing was switched on when it was hidden (false: its owner had paused it), so unhiding restores that. */
    hiddenWasActive: boolean('hidden_was_active').notNull().default(true),
    /** LISTING_REVIEW=before: paid, waiting for an operator's approval; never active meanwhile. */
    awaitingReviewSince: timestamp('awaiting_review_since', { withTimezone: true }),
    // Growing facts (contracts/growing.ts), all optional (null = the owner did not say), in SI units.
    floorLoadKgM2: integer('floor_load_kg_m2'),
    ceilingHeightM: doublePrecision('ceiling_height_m'),
    powerAmps: integer('power_amps'),
    powerPhase: powerPhaseEnum('power_phase'),
    /** Entered in kW, or derived from amps and phase on save, so one column serves the power filter. */
    powerKw: doublePrecision('power_kw'),
    water: waterSupplyEnum('water'),
    floorDrain: boolean('floor_drain'),
    sunHours: doublePrecision('sun_hours'),
    orientation: orientationEnum('orientation'),
    climateControl: climateControlEnum('climate_control'),
    access24h: boolean('access_24h'),
    accessHours: varchar('access_hours', { length: 100 }),
    goodsAccess: text('goods_access').array().notNull().default(sql`'{}'::text[]`),
    foodSafetyStatus: varchar('food_safety_status', { length: 300 }),
    minLeaseMonths: integer('min_lease_months'),
    availableFrom: date('available_from', { mode: 'string' }),
    // Where the listing is (issue 18): degrees WGS84, set from the city (gazetteer) or the address
    // (geocoder, or the owner's pin); precision says which. Null only when no place was found.
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationPrecision: varchar('location_precision', { length: 10 }).$type<'city' | 'address'>(),
    /**
     * The owner's choice (issue 25 item 7): the street address (location) only for the farmers in a
     * conversation about this listing; everyone else reads the city and the rounded pin. Public by default (spec 2.6).
     */
    hideStreetAddress: boolean('hide_street_address').notNull().default(false),
  },
  // Browse indexes (tuned with bench/spaces.ts; docs/decisions/0202-browse-indexes-and-count.md). Each is
  // partial on the time-independent half of the public predicate and leads with equality filters, then
  // the sort keys, so a page is an ordered index walk whatever the table size; the other filter columns trail
  // the unique (sort, id) keys (drizzle has no INCLUDE) so that the capped count is an index-only scan.
  (t) => {
    const listed = sql`${t.isActive} and (${t.isDemoListing} or ${t.hasListingFee})`;
    return [
      index('spaces_owner_id_idx').on(t.ownerId),
      // The growing facts trail too (0501), so that a growing filter's page and capped count stay index-only;
      // so does the position (0904): a radius search in a dense area walks this order, index-only (and the
      // country and type orders below carry it as well, so that such a walk reads only their equal entries).
      index('spaces_public_newest_idx')
        .on(t.createdAt.desc(), t.id.desc(), t.country, t.spaceType, t.city, t.size, t.pricePerMonth, t.expiresAt, t.isDemoListing, t.amenities, t.ceilingHeightM, t.floorLoadKgM2, t.powerKw, t.water, t.access24h, t.availableFrom, t.latitude, t.longitude)
        .where(listed),
      index('spaces_public_country_type_idx')
        .on(t.country, t.spaceType, t.createdAt.desc(), t.id.desc(), t.city, t.size, t.pricePerMonth, t.expiresAt, t.isDemoListing, t.latitude, t.longitude, t.amenities)
        .where(listed),
      index('spaces_public_country_idx')
        .on(t.country, t.createdAt.desc(), t.id.desc(), t.size, t.pricePerMonth, t.expiresAt, t.isDemoListing, t.latitude, t.longitude, t.amenities)
        .where(listed),
      index('spaces_public_type_idx')
        .on(t.spaceType, t.createdAt.desc(), t.id.desc(), t.size, t.pricePerMonth, t.expiresAt, t.isDemoListing, t.latitude, t.longitude, t.amenities)
        .where(listed),
      index('spaces_public_city_idx')
        .on(sql`lower(${t.city})`, t.createdAt.desc(), t.id.desc(), t.spaceType, t.country, t.size, t.pricePerMonth, t.expiresAt, t.isDemoListing, t.amenities)
        .where(listed),
      index('spaces_public_price_idx')
        .on(t.pricePerMonth, t.id, t.country, t.spaceType, t.size, t.expiresAt, t.isDemoListing, t.amenities)
        .where(listed),
      index('spaces_public_size_idx')
        .on(t.size, t.id, t.country, t.spaceType, t.pricePerMonth, t.expiresAt, t.isDemoListing, t.amenities)
        .where(listed),
      index('spaces_public_featured_idx')
        .on(t.createdAt.desc(), t.id.desc(), t.featuredUntil, t.expiresAt, t.isDemoListing)
        .where(sql`${t.isFeatured} and ${t.isActive} and (${t.isDemoListing} or ${t.hasListingFee})`),
      index('spaces_public_amenities_idx').using('gin', t.amenities).where(listed),
      // Growing filters (docs/decisions/0501-growing-filters-and-indexes.md): a range filter on a fact is
      // selective, so each leads its own partial index; the planner then sorts the (few) matches.
      index('spaces_public_ceiling_idx').on(t.ceilingHeightM, t.id).where(sql`${listed} and ${t.ceilingHeightM} is not null`),
      index('spaces_public_floor_load_idx').on(t.floorLoadKgM2, t.id).where(sql`${listed} and ${t.floorLoadKgM2} is not null`),
      index('spaces_public_power_idx').on(t.powerKw, t.id).where(sql`${listed} and ${t.powerKw} is not null`),
      index('spaces_public_24h_idx')
        .on(t.createdAt.desc(), t.id.desc(), t.expiresAt, t.isDemoListing, t.ceilingHeightM, t.floorLoadKgM2, t.powerKw, t.water, t.availableFrom)
        .where(sql`${listed} and ${t.access24h}`),
      // Distance and map searches (docs/decisions/0904): the grid cells around the circle (or box) are probed,
      // then the type; everything a public page needs to filter, order and count on trails, so the search and
      // its count are index-only scans and only the page's rows are read from the table. The exact distance
      // is computed on the index entries.
      index('spaces_public_cell_idx')
        .on(positionCell(t.latitude, t.longitude), t.spaceType, t.createdAt, t.id, t.pricePerMonth, t.expiresAt, t.isDemoListing, t.latitude, t.longitude, t.size, t.country)
        .where(sql`${listed} and ${t.latitude} is not null`),
      // The expiry job's claim: live paid listings by expiry.
      index('spaces_expiring_idx').on(t.expiresAt).where(sql`${t.isActive} and ${t.hasListingFee} and not ${t.isDemoListing}`),
      // A deleted listing is never active, so every public read (all of them test is_active) leaves it out.
      check('spaces_deleted_not_active', sql`${t.deletedAt} is null or not ${t.isActive}`),
      // The same for a hidden listing and one waiting for review: every public read leaves them out.
      check('spaces_hidden_not_active', sql`${t.hiddenAt} is null or not ${t.isActive}`),
      check('spaces_in_review_not_active', sql`${t.awaitingReviewSince} is null or not ${t.isActive}`),
      index('spaces_awaiting_review_idx').on(t.awaitingReviewSince).where(sql`${t.awaitingReviewSince} is not null`),
    ];
  },
);

export const archivedSpaces = pgTable('archived_spaces', {
  id: serial('id').primaryKey(),
  /** The archived listing's id; unique so that a listing is archived exactly once. */
  originalId: integer('original_id').notNull().unique(),
  title: varchar('title', { length: 255 }).notNull(),
  description: text('description').notNull(),
  location: varchar('location', { length: 255 }).notNull(),
  city: varchar('city', { length: 100 }).notNull(),
  pricePerMonth: numeric('price_per_month', { precision: 10, scale: 2 }).notNull(),
  spaceType: spaceTypeEnum('space_type').notNull(),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  archivedAt: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every uploaded photo and the files made of it, from upload until its files are deleted: the ledger the
 * housekeeping job reads to remove files once no live photo names them (docs/decisions/0802). The live
 * ones (removed_at null, space still there) are copied in order onto spaces.photos.
 */
export const spacePhotos = pgTable(
  'space_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once a draft listing is deleted: the row stays until its files are gone. */
    spaceId: integer('space_id').references(() => spaces.id, { onDelete: 'set null' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    /** sha-256 (hex) of the cleaned image; the files are {key}-{width}.{avif|webp|jpg}. */
    fileKey: varchar('file_key', { length: 64 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: integer('widths').array().notNull(),
    alt: varchar('alt', { length: 300 }).notNull(),
    /** Bytes of all the files made. */
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the owner deletes the photo; its files go after the retention (housekeeping). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * The uploading browser's key for the file it chose (the Idempotency-Key header, issue 43 item 1): a
     * request sent again with the same key answers this photo instead of storing a second one.
     */
    uploadKey: varchar('upload_key', { length: 64 }),
  },
  (t) => [
    index('space_photos_space_idx').on(t.spaceId, t.position).where(sql`${t.removedAt} is null`),
    uniqueIndex('space_photos_upload_key_idx').on(t.spaceId, t.uploadKey).where(sql`${t.uploadKey} is not null`),
    index('space_photos_file_key_idx').on(t.fileKey),
    index('space_photos_removed_idx').on(t.removedAt).where(sql`${t.removedAt} is not null`),
    index('space_photos_orphan_idx').on(t.createdAt).where(sql`${t.spaceId} is null`),
  ],
);

/**
 * The grid cell of a position (decision 0904): 1/CELLS_PER_DEGREE degree of latitude by the same of
 * longitude, numbered row-major (a latitude row's cells are one integer range), as the JS of
 * contracts/places.ts positionCell computes it. The index and every query write this one expression.
 */
export function positionCell(latitude: SQLWrapper, longitude: SQLWrapper): SQL {
  // Raw: the constants go in as literals, not parameters: an index expression and the queries that use it
  // must be the same text, and an index cannot hold a parameter.
  return sql`(floor(${latitude} * ${sql.raw(String(CELLS_PER_DEGREE))})::int * ${sql.raw(String(CELL_ROW_SPAN))} + floor(${longitude} * ${sql.raw(String(CELLS_PER_DEGREE))})::int)`;
}
