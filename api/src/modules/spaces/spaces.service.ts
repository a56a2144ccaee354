// Spaces: one function per operation (browse, read, own list, create, update, delete). Handlers parse
// input with the contracts and call these with typed values; time is always passed in from the clock.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { LISTING_DURATION_DAYS } from '#contracts/constants';
import { ampsToKw, type GrowingFacts } from '#contracts/growing';
import { SPACE_COUNT_CAP, type CreateSpace, type OwnSpace, type Space, type SpaceQuery, type UpdateSpace } from '#contracts/spaces.schemas';
import { photoUrl } from '#contracts/photos';
import { haversineKm } from '#contracts/places';
import type { Database, Executor } from '#db/client';
import type { OwnerRating } from '#contracts/owner-rating';
import type { OwnerRatings } from '../../lib/ports';
import { removeSpacePhotos, retitlePhotos, toPhotoView } from '../photos/index';
import { writeListingPhotos } from './listing-photos';
import { archivedSpaces, conversations, inquiries, payments, spaces } from '#db/schema/index';
import { MODERATION_MESSAGES } from '#contracts/moderation';
import { AppError } from '../../lib/app-error';
import { DAY } from '../../lib/clock';
import type { Locator } from '../places/index';
import { decodeCursor, encodeCursor } from './space-cursor';
import { distanceKmSql, queryCenter, type Center } from './space-distance';
import { browseFilterPredicates, type BrowseHints } from './space-filter-sql';
import { isPublicSpace, publicSpacePredicate, spaceStatus } from './space-visibility';

export type SpaceRow = typeof spaces.$inferSelect;

/** Public answers show a position to 3 decimals (about 100 m; decision 0902); the owner sees the pin as set. */
const publicDegrees = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);

/** What a visitor reads instead of a withheld street address: the city and state (the map shows the rounded pin). */
function areaOf(row: Pick<SpaceRow, 'city' | 'state'>): string {
  return [row.city, row.state].map((p) => p?.trim()).filter(Boolean).join(', ');
}

/**
 * A listing as answered. `exactPosition`: the owner's own answer (the pin as set). `streetAddress`: the
 * reader may see the street address even when the owner keeps it for the farmers they are talking with
 * (the owner, and those farmers: issue 25 item 7); every other answer built here withholds it then.
 */
export function toSpace(row: SpaceRow, exactPosition = false, streetAddress = exactPosition): Space {
  const withheld = row.hideStreetAddress && !streetAddress;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: withheld ? areaOf(row) : row.location,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    size: row.size,
    pricePerMonth: row.pricePerMonth,
    spaceType: row.spaceType,
    amenities: row.amenities,
    // Spec 3's list of URLs: the uploaded photos in their order (the cover first), then the pasted URLs.
    images: [...row.photos.map(photoUrl), ...row.images],
    photos: row.photos.map(toPhotoView),
    available: row.available,
    verified: row.verified,
    ownerId: row.ownerId,
    hasListingFee: row.hasListingFee,
    isFeatured: row.isFeatured,
    featuredUntil: row.featuredUntil?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    isActive: row.isActive,
    isDemoListing: row.isDemoListing,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    latitude: exactPosition ? row.latitude : publicDegrees(row.latitude),
    longitude: exactPosition ? row.longitude : publicDegrees(row.longitude),
    locationPrecision: row.locationPrecision ?? null,
    hideStreetAddress: row.hideStreetAddress,
    streetAddressWithheld: withheld,
    ...growingFactsOf(row),
  };
}

export function growingFactsOf(row: SpaceRow): GrowingFacts {
  return {
    floorLoadKgM2: row.floorLoadKgM2,
    ceilingHeightM: row.ceilingHeightM,
    powerAmps: row.powerAmps,
    powerPhase: row.powerPhase,
    powerKw: row.powerKw,
    water: row.water,
    floorDrain: row.floorDrain,
    sunHours: row.sunHours,
    orientation: row.orientation,
    climateControl: row.climateControl,
    access24h: row.access24h,
    accessHours: row.accessHours,
    goodsAccess: row.goodsAccess as GrowingFacts['goodsAccess'],
    foodSafetyStatus: row.foodSafetyStatus,
    minLeaseMonths: row.minLeaseMonths,
    availableFrom: row.availableFrom,
  };
}

/** kW entered wins; without it, the service's amps and phase give it (contracts/growing.ts ampsToKw). */
export function derivedPowerKw(amps: number | null | undefined, phase: GrowingFacts['powerPhase'] | undefined, kw: number | null | undefined): number | null {
  if (kw !== undefined && kw !== null) return kw;
  return amps ? ampsToKw(amps, phase ?? 'single') : null;
}

export function toOwnSpace(row: SpaceRow, now: Date): OwnSpace {
  return { ...toSpace(row, true), status: spaceStatus(row, now), hiddenReason: row.hiddenReason };
}

// ---- browse ------------------------------------------------------------------------------------

/** The sort key of each order as text with full precision (timestamps to the microsecond). */
const SORT_KEY: Record<SpaceQuery['sort'], SQL<string>> = {
  newest: sql<string>`to_char(${spaces.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  price_asc: sql<string>`${spaces.pricePerMonth}::text`,
  price_desc: sql<string>`${spaces.pricePerMonth}::text`,
  size: sql<string>`${spaces.size}::text`,
  // Replaced by the distance from the query's centre (sortKey below); a listing without a position sorts last.
  distance: sql<string>`null`,
};

function sortKey(query: SpaceQuery, center: Center | undefined): SQL<string> {
  return query.sort === 'distance' && center ? sql<string>`coalesce(${distanceKmSql(center.lat, center.lng)}, 'Infinity'::float8)::text` : SORT_KEY[query.sort];
}

function orderAndAfter(query: SpaceQuery, center: Center | undefined): { order: SQL[]; after?: SQL } {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  switch (query.sort) {
    case 'distance': {
      // Keyset on (distance, id): the cursor carries the last distance as PostgreSQL printed it (round-trip exact).
      const distance = sql`coalesce(${distanceKmSql(center!.lat, center!.lng)}, 'Infinity'::float8)`;
      return { order: [sql`${distance} asc`, asc(spaces.id)], after: cursor && sql`(${distance}, ${spaces.id}) > (${cursor.key}::float8, ${cursor.id})` };
    }
    case 'newest':
      return {
        // NULLS LAST as the indexes are built (drizzle-kit writes DESC NULLS LAST), or the planner sorts.
        order: [sql`${spaces.createdAt} desc nulls last`, sql`${spaces.id} desc nulls last`],
        after: cursor && sql`(${spaces.createdAt}, ${spaces.id}) < (${cursor.key}::timestamptz, ${cursor.id})`,
      };
    case 'price_asc':
      return {
        order: [asc(spaces.pricePerMonth), asc(spaces.id)],
        after: cursor && sql`(${spaces.pricePerMonth}, ${spaces.id}) > (${cursor.key}::numeric, ${cursor.id})`,
      };
    case 'price_desc':
      return {
        order: [desc(spaces.pricePerMonth), desc(spaces.id)],
        after: cursor && sql`(${spaces.pricePerMonth}, ${spaces.id}) < (${cursor.key}::numeric, ${cursor.id})`,
      };
    case 'size':
      return {
        order: [desc(spaces.size), desc(spaces.id)],
        after: cursor && sql`(${spaces.size}, ${spaces.id}) < (${Number(cursor.key)}::int, ${cursor.id})`,
      };
  }
}

/** The registry's filters (space-filter-sql.ts) plus `featured`, always on top of the public predicate. */
export function spaceFilters(query: SpaceQuery, now: Date, hints: BrowseHints = {}): SQL {
  const conditions: (SQL | undefined)[] = [publicSpacePredicate(now), ...browseFilterPredicates(query, hints)];
  // `featured` selects the home page's Featured Spaces; it is not a farmer's filter and never saved.
  // Written as the featured index's predicate (is_featured), so the planner can prove it applies.
  if (query.featured === true) conditions.push(and(sql`${spaces.isFeatured}`, gt(spaces.featuredUntil, now)));
  if (query.featured === false) conditions.push(sql`not (${spaces.isFeatured} and coalesce(${spaces.featuredUntil} > ${now}, false))`);
  return and(...conditions)!;
}

export type SpacePage = { spaces: Space[]; nextCursor: string | null; total?: { count: number; capped: boolean } };

/**
 * One page of public spaces in keyset order. The count is computed for the first page only (later pages
 * keep the first one's) and stops at SPACE_COUNT_CAP, so it costs at most that many index entries.
 */
export async function listSpaces(db: Executor, query: SpaceQuery, now: Date, ratingsOf?: OwnerRatings): Promise<SpacePage> {
  const center = queryCenter(query);
  const { order, after } = orderAndAfter(query, center);
  const capped = (where: SQL) => sql<number>`(select count(*)::int from (select 1 from ${spaces} where ${where} limit ${SPACE_COUNT_CAP + 1}) as capped)`;
  // The first page of a radius search counts first, by itself (decision 0904): more than a page of matches
  // in the circle lets the page walk its sort order (radius: 'walk'); otherwise, and on later pages, the page
  // probes the circle's cells and sorts what it finds.
  let counted: number | undefined;
  if (center && query.radiusKm !== undefined && !query.cursor) {
    // Its plan is the cell index whatever the values (the cells are a sub-select's value the planner does
    // not look into), so it runs as a named statement: PostgreSQL plans it once per connection and shape
    // (the filters that are set) instead of on every request, half of the count's time (decision 0904).
    const counting = db
      .select({ n: sql<number>`count(*)::int` })
      .from(db.select({ one: sql`1`.as('one') }).from(spaces).where(spaceFilters(query, now, { radius: 'count' })).limit(SPACE_COUNT_CAP + 1).as('capped'));
    const name = `radius_count_${createHash('sha1').update(counting.toSQL().sql).digest('hex').slice(0, 20)}`;
    const [row] = await counting.prepare(name).execute();
    counted = Number(row?.n ?? 0);
  }
  const where = spaceFilters(query, now, counted !== undefined && counted > SPACE_COUNT_CAP && query.sort !== 'distance' ? { radius: 'walk' } : {});
  // Otherwise the first page carries the capped count as an uncorrelated sub-select (computed once, an
  // index-only scan): one round trip per request. No row means no match at all, so the count is then 0.
  const total = query.cursor || counted !== undefined ? sql<null>`null` : capped(where);
  // Two steps: the page's ids in order (index-only where the index carries the filters, as the cell index
  // of distance searches does: decision 0904), then those rows. A single select of whole rows would read
  // every candidate row from the table to sort it.
  const ids = db
    .select({ id: sql<number>`${spaces.id}`.as('page_id'), sortKey: sortKey(query, center).as('sort_key'), total: total.as('total') })
    .from(spaces)
    .where(after ? and(where, after) : where)
    .orderBy(...order)
    .limit(query.limit + 1)
    .as('page');
  // The owners' ratings as a column of the same statement (decision 1503; one round trip: 0708).
  const rows = await db
    .select({ row: spaces, sortKey: ids.sortKey, total: ids.total, rating: ratingsOf ? ratingsOf.column(spaces.ownerId, now) : sql<null>`null` })
    .from(ids)
    .innerJoin(spaces, eq(spaces.id, ids.id))
    .orderBy(...order);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeCursor({ sort: query.sort, key: last.sortKey, id: last.row.id }) : null;
  let count: SpacePage['total'];
  if (!query.cursor) {
    const n = counted ?? Number(rows[0]?.total ?? 0);
    count = n > SPACE_COUNT_CAP ? { count: SPACE_COUNT_CAP, capped: true } : { count: n, capped: false };
  }
  const rated = (rating: OwnerRating | null, space: Space): Space => (ratingsOf ? { ...space, ownerRating: rating } : space);
  return {
    // Each space's distance from the row's exact position, by the same haversine in JS (contracts/places.ts;
    // shown to 10 m): as a selected SQL expression it cost a fifth of the page's planning (decision 0904).
    spaces: page.map(({ row, rating }) =>
      rated(rating, center && row.latitude !== null && row.longitude !== null ? { ...toSpace(row), distanceKm: Math.round(haversineKm(center.lat, center.lng, row.latitude, row.longitude) * 100) / 100 } : toSpace(row)),
    ),
    nextCursor,
    total: count,
  };
}

// ---- single space, own spaces --------------------------------------------------------------------

/** A listing that exists for everyone, its owner included: a deleted (archived) listing does not. */
export async function findSpace(db: Executor, id: number): Promise<SpaceRow | undefined> {
  const [row] = await db.select().from(spaces).where(and(eq(spaces.id, id), isNull(spaces.deletedAt)));
  return row;
}

/** A public space, or the viewer's own in any state; everything else is "not found". */
export async function getVisibleSpace(db: Executor, { spaceId: id, viewerId }: { spaceId: number; viewerId: number | undefined }, now: Date, ratingsOf?: OwnerRatings): Promise<Space | OwnSpace> {
  const row = await findSpace(db, id);
  if (!row) throw AppError.notFound('Space not found.');
  const ownerRating = async () => (ratingsOf ? { ownerRating: (await ratingsOf.read({ db, ownerIds: [row.ownerId], now })).get(row.ownerId) ?? null } : {});
  if (viewerId !== undefined && row.ownerId === viewerId) return { ...toOwnSpace(row, now), ...(await ownerRating()) };
  if (!isPublicSpace(row, now)) throw AppError.notFound('Space not found.');
  return { ...toSpace(row, false, viewerId !== undefined && row.hideStreetAddress && (await inConversationAbout(db, row.id, viewerId))), ...(await ownerRating()) };
}

/** Whether the viewer is the farmer of a conversation about this listing (its owner is the other party). */
async function inConversationAbout(db: Executor, spaceId: number, farmerId: number): Promise<boolean> {
  const [found] = await db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.spaceId, spaceId), eq(conversations.farmerId, farmerId))).limit(1);
  return Boolean(found);
}

/** A person's live listings as anyone sees them (their public profile, issue 28): newest first. */
export async function listPublicSpacesOf(db: Executor, { ownerId, limit }: { ownerId: number; limit: number }, now: Date): Promise<Space[]> {
  const rows = await db
    .select()
    .from(spaces)
    .where(and(eq(spaces.ownerId, ownerId), isNull(spaces.deletedAt), publicSpacePredicate(now)))
    .orderBy(desc(spaces.createdAt), desc(spaces.id))
    .limit(limit);
  // A person's page lists their spaces by place, never by street (issue 43, item 16): the listing's own page
  // keeps the owner's address rule.
  return rows.map((row) => toSpace({ ...row, hideStreetAddress: true }));
}

export async function listOwnSpaces(db: Executor, ownerId: number, now: Date): Promise<OwnSpace[]> {
  const rows = await db.select().from(spaces).where(and(eq(spaces.ownerId, ownerId), isNull(spaces.deletedAt))).orderBy(desc(spaces.createdAt), desc(spaces.id));
  return rows.map((row) => toOwnSpace(row, now));
}

// ---- create, update, delete ---------------------------------------------------------------------

/** A new listing is an unpaid draft: not public until publishSpace runs after the listing fee. */
export async function createSpace(db: Executor, ownerId: number, input: CreateSpace, now: Date, locate: Locator): Promise<OwnSpace> {
  const { latitude, longitude, confirmPin, ...fields } = input;
  const position = await locate(fields, { latitude, longitude, confirmPin });
  const [row] = await db
    .insert(spaces)
    .values({
      ...fields,
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
      locationPrecision: position?.locationPrecision ?? null,
      powerKw: derivedPowerKw(input.powerAmps, input.powerPhase, input.powerKw),
      state: fields.state ?? null,
      zipCode: fields.zipCode ?? null,
      ownerId,
      hasListingFee: false,
      isActive: true,
      isFeatured: false,
      isDemoListing: false,
      verified: false,
      // Required by the schema; a draft's expiry is meaningless until publishSpace sets now + 30 days.
      expiresAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toOwnSpace(row!, now);
}

async function findOwnedSpace(db: Executor, id: number, userId: number, now: Date): Promise<SpaceRow> {
  const row = await findSpace(db, id);
  if (!row) throw AppError.notFound('Space not found.');
  if (row.ownerId !== userId) {
    // Someone else's draft or paused listing does not exist for this user (no hint that the id is taken).
    if (!isPublicSpace(row, now)) throw AppError.notFound('Space not found.');
    throw AppError.forbidden('Only the owner can change this listing.');
  }
  return row;
}

export async function updateSpace(db: Executor, { spaceId: id, userId }: { spaceId: number; userId: number }, changes: UpdateSpace, now: Date, locate: Locator): Promise<OwnSpace> {
  const row = await findOwnedSpace(db, id, userId, now);
  if (changes.isActive === true && !row.isActive) {
    const status = spaceStatus({ ...row, isActive: true }, now);
    if (status === 'hidden') throw AppError.conflict(MODERATION_MESSAGES.listingHidden);
    if (status === 'in_review') throw AppError.conflict(MODERATION_MESSAGES.listingInReview);
    if (status === 'draft') throw AppError.conflict('This listing is not published yet. Complete payment to publish it.');
    if (status === 'expired') throw AppError.conflict('This listing has expired and cannot be resumed.');
  }
  const { isActive, latitude, longitude, confirmPin, ...fields } = changes;
  // A new pin (or null: "place it from the address"), or a changed address without one, moves the listing; an
  // address change keeps an owner's pin only when the pin comes with it. An address sent back as it is
  // stored is no change (an edit form that saves every field must not drop the pin, issue 25).
  const addressChanged = (['location', 'city', 'state', 'zipCode', 'country'] as const).some((k) => fields[k] !== undefined && fields[k] !== row[k]);
  const pinChanged = latitude !== undefined && (latitude !== row.latitude || longitude !== row.longitude || row.locationPrecision !== 'address');
  const moved = pinChanged || addressChanged;
  const position = moved
    ? await locate(
        { location: fields.location ?? row.location, city: fields.city ?? row.city, state: fields.state === undefined ? row.state : fields.state, zipCode: fields.zipCode === undefined ? row.zipCode : fields.zipCode, country: fields.country ?? row.country },
        { latitude: latitude ?? undefined, longitude: longitude ?? undefined, confirmPin },
      )
    : undefined;
  if ((fields.powerAmps !== undefined || fields.powerPhase !== undefined) && fields.powerKw === undefined) {
    fields.powerKw = derivedPowerKw(fields.powerAmps === undefined ? row.powerAmps : fields.powerAmps, fields.powerPhase === undefined ? row.powerPhase : fields.powerPhase, null);
  }
  const [updated] = await db
    .update(spaces)
    .set({
      ...fields,
      // A hidden listing is never active (the check constraint): pausing it records what unhiding restores.
      ...(isActive !== undefined && (row.hiddenAt ? { hiddenWasActive: isActive } : { isActive })),
      ...(moved && { latitude: position?.latitude ?? null, longitude: position?.longitude ?? null, locationPrecision: position?.locationPrecision ?? null }),
      updatedAt: now,
    })
    .where(and(eq(spaces.id, id), eq(spaces.ownerId, userId), isNull(spaces.deletedAt)))
    .returning();
  if (!updated) throw AppError.notFound('Space not found.');
  // The photos' default descriptions follow the new title (issue 43 item 14).
  if (fields.title !== undefined && fields.title !== row.title) {
    // The listing's own copy of the list is written here, by spaces (decision 1313).
    await retitlePhotos({ db: db as Database, listingPhotos: { write: writeListingPhotos } }, id, row.title, fields.title, now);
    const [again] = await db.select().from(spaces).where(eq(spaces.id, id));
    if (again) return toOwnSpace(again, now);
  }
  return toOwnSpace(updated, now);
}

/**
 * DELETE /api/spaces/{id}. Conversations, inquiries and payments belong to the people in them, not to the
 * listing: a listing that has any is archived (kept, switched off for good, a snapshot in archived_spaces)
 * and only a draft with none of them is removed (docs/decisions/0304).
 */
export async function deleteSpace(db: Database, { spaceId: id, userId }: { spaceId: number; userId: number }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked first: a conversation or payment that starts meanwhile waits, then finds the listing gone.
    await tx.select({ id: spaces.id }).from(spaces).where(eq(spaces.id, id)).for('update');
    await removeListing(tx, await findOwnedSpace(tx, id, userId, now), now);
  });
}

/**
 * Closing an account (issue 28): every listing of the owner not yet deleted goes as deleteSpace takes one
 * away — archived when people's records name it, removed when a draft with none. Run in the caller's
 * transaction; answers how many listings went.
 */
export async function removeOwnersListings(tx: Executor, ownerId: number, now: Date): Promise<number> {
  const rows = await tx
    .select()
    .from(spaces)
    .where(and(eq(spaces.ownerId, ownerId), isNull(spaces.deletedAt)))
    .orderBy(asc(spaces.id))
    .for('update');
  for (const row of rows) await removeListing(tx, row, now);
  return rows.length;
}

/** Takes a locked listing away for good, keeping what belongs to people (docs/decisions/0304). */
async function removeListing(tx: Executor, row: SpaceRow, now: Date): Promise<void> {
  // Its photos' files go after the retention, whichever way the listing goes (docs/decisions/0802).
  await removeSpacePhotos(tx, row.id, now);
  if (spaceStatus(row, now) === 'draft' && !(await hasPeoplesRecords(tx, row.id))) {
    await tx.delete(spaces).where(eq(spaces.id, row.id));
    return;
  }
  await tx
    .insert(archivedSpaces)
    .values({
      originalId: row.id,
      title: row.title,
      description: row.description,
      location: row.location,
      city: row.city,
      pricePerMonth: row.pricePerMonth,
      spaceType: row.spaceType,
      ownerId: row.ownerId,
      archivedAt: now,
    })
    // Already archived by the expiry job: the deletion is the newer fact.
    .onConflictDoUpdate({ target: archivedSpaces.originalId, set: { archivedAt: now } });
  await tx.update(spaces).set({ deletedAt: now, isActive: false, updatedAt: now }).where(eq(spaces.id, row.id));
}

async function hasPeoplesRecords(db: Executor, spaceId: number): Promise<boolean> {
  return (
    (await db.$count(conversations, eq(conversations.spaceId, spaceId))) > 0 ||
    (await db.$count(inquiries, eq(inquiries.spaceId, spaceId))) > 0 ||
    (await db.$count(payments, eq(payments.spaceId, spaceId))) > 0
  );
}

export const LISTING_DURATION_MS = LISTING_DURATION_DAYS * DAY;
