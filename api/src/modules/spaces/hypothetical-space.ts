// A listing that may not exist yet, as rows SQL can read under the table's own name (issue 29): the demand of
// GET /api/demand evaluates the alert predicate of the filter registry (space-filter-sql.ts) over these rows,
// written as a CTE named `spaces` that shadows the table, so the predicate is the alerts' own, not a copy of it.
// Also the comparable listings' prices and the capped listing count the farmers' widening hint re-evaluates.
// See docs/decisions/1600-demand-from-saved-searches.md.
import { sql, type SQL } from 'drizzle-orm';
import { spaceQuerySchema, type SpaceQuery } from '#contracts/spaces.schemas';
import { queryRows, type Executor } from '#db/client';
import { spaces } from '#db/schema/index';
import { SPACE_COUNT_CAP } from '#contracts/spaces';
import { spaceFilters } from './spaces.service';

/** The facts the filter registry's alert predicates read of a listing (null = the owner did not say). */
export type HypotheticalSpace = {
  ownerId: number;
  city: string;
  country: string;
  spaceType: string;
  size: number | null;
  pricePerMonth: string | null;
  amenities: string[];
  ceilingHeightM: number | null;
  floorLoadKgM2: number | null;
  powerKw: number | null;
  water: string | null;
  access24h: boolean | null;
  availableFrom: string | null;
  latitude: number | null;
  longitude: number | null;
};

// Column names from the schema (what drizzle writes for spaces.<column>), each with its SQL type.
const COLUMNS: { [K in keyof HypotheticalSpace]: [string, string] } = {
  ownerId: [spaces.ownerId.name, 'int'],
  city: [spaces.city.name, 'varchar'],
  country: [spaces.country.name, 'varchar'],
  spaceType: [spaces.spaceType.name, 'space_type'],
  size: [spaces.size.name, 'int'],
  pricePerMonth: [spaces.pricePerMonth.name, 'numeric'],
  amenities: [spaces.amenities.name, 'text[]'],
  ceilingHeightM: [spaces.ceilingHeightM.name, 'float8'],
  floorLoadKgM2: [spaces.floorLoadKgM2.name, 'int'],
  powerKw: [spaces.powerKw.name, 'float8'],
  water: [spaces.water.name, 'water_supply'],
  access24h: [spaces.access24h.name, 'boolean'],
  availableFrom: [spaces.availableFrom.name, 'date'],
  latitude: [spaces.latitude.name, 'float8'],
  longitude: [spaces.longitude.name, 'float8'],
};
const KEYS = Object.keys(COLUMNS) as (keyof HypotheticalSpace)[];

/**
 * `spaces(variant, …) as (values …)`: one row per hypothetical listing, numbered from 0, for a WITH list. Any
 * SQL after it that names spaces.<column> reads these rows instead of the table.
 */
export function hypotheticalSpacesCte(rows: HypotheticalSpace[]): SQL {
  const names = sql.join([sql.identifier('variant'), ...KEYS.map((k) => sql.identifier(COLUMNS[k][0]))], sql`, `);
  // Raw: each value cast to its column's SQL type, a name from the fixed table above (no input).
  const values = rows.map(
    (row, i) =>
      sql`(${i}::int, ${sql.join(
        KEYS.map((k) => sql`${k === 'amenities' ? sql.param(row[k]) : row[k]}::${sql.raw(COLUMNS[k][1])}`),
        sql`, `,
      )})`,
  );
  return sql`${spaces}(${names}) as (values ${sql.join(values, sql`, `)})`;
}

/** The comparables of a listing: public listings of a type within a radius, their price per sq ft. */
export type PriceQuartiles = { count: number; p25: number | null; median: number | null; p75: number | null };

export async function comparableListingPrices(db: Executor, { lat, lng, radiusKm, spaceType }: { lat: number; lng: number; radiusKm: number; spaceType: string }, now: Date): Promise<PriceQuartiles> {
  const query = spaceQuerySchema.parse({ lat: String(lat), lng: String(lng), radiusKm: String(radiusKm), spaceType });
  const perSqFt = sql`(${spaces.pricePerMonth} / nullif(${spaces.size}, 0))::float8`;
  // Raw: percentile_cont(…) within group, which drizzle's builder cannot write.
  const [row] = await queryRows<{ n: number; q: number[] | null }>(
    db,
    sql`select count(*)::int as n, percentile_cont(array[0.25, 0.5, 0.75]) within group (order by ${perSqFt}) as q from ${spaces} where ${spaceFilters(query, now)}`,
  );
  const q = row?.q ?? null;
  return { count: Number(row?.n ?? 0), p25: q?.[0] ?? null, median: q?.[1] ?? null, p75: q?.[2] ?? null };
}

/** Public listings a browse query lists, counted up to the browse count's cap (decision 0202). */
export async function countListings(db: Executor, query: SpaceQuery, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1`.as('one') }).from(spaces).where(spaceFilters(query, now)).limit(SPACE_COUNT_CAP + 1).as('capped'));
  return Number(row?.n ?? 0);
}
