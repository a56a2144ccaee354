// Large-data generator for benchmarks: inserts N listings with one INSERT … SELECT generate_series per
// batch, entirely inside PostgreSQL (no rows cross the wire). About 90% are public; the rest are drafts,
// paused or expired, so the public predicate has work to do. Creation times have millisecond precision.
import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { SPACE_TYPES, COUNTRIES } from '#contracts/constants';
import { FORM_AMENITIES } from '#contracts/amenities';

const CITIES = ['New York', 'Los Angeles', 'Chicago', 'Toronto', 'Vancouver', 'London', 'Manchester', 'Sydney', 'Melbourne', 'Berlin', 'Munich', 'Paris', 'Lyon', 'Amsterdam', 'Rotterdam', 'Tokyo', 'Osaka', 'Singapore'];

/** The generator's cities, in the order it assigns them (the city of row g is CITIES[g % CITIES.length]). */
export const GENERATED_CITIES = CITIES;

export type GenerateOptions = {
  count: number;
  ownerId: number;
  now: Date;
  batch?: number;
  startIndex?: number;
  /**
   * Each city's centre: every listing then gets a position within about ±0.275° latitude and ±0.425°
   * longitude of it (about 30 km), set by the insert itself (an update of a million rows afterwards would
   * rewrite every row and index entry once more). Without it listings have no position.
   */
  centres?: Record<string, { lat: number; lng: number }>;
};

export async function generateSpaces(db: Executor, options: GenerateOptions): Promise<void> {
  const batch = options.batch ?? 100_000;
  const start = options.startIndex ?? 0;
  const countries = `{${COUNTRIES.join(',')}}`;
  const types = `{${SPACE_TYPES.join(',')}}`;
  const cities = `{${CITIES.map((c) => `"${c}"`).join(',')}}`;
  const amenities = FORM_AMENITIES.map((a) => a.id);
  const centre = (c: string) => options.centres?.[c];
  const lats = `{${CITIES.map((c) => centre(c)?.lat ?? 'NULL').join(',')}}`;
  const lngs = `{${CITIES.map((c) => centre(c)?.lng ?? 'NULL').join(',')}}`;
  for (let from = start; from < start + options.count; from += batch) {
    const to = Math.min(from + batch, start + options.count) - 1;
    // Each amenity is present with probability 0.4; the rest of the row derives from random() draws.
    // Raw: an expression written from the fixed amenity list (constants, no input), evaluated per generated row.
    const amenityExpr = sql.raw(
      `array_remove(array[${amenities.map((a) => `case when random() < 0.4 then '${a}' end`).join(', ')}], null)::text[]`,
    );
    // Raw: insert … select from generate_series, a batch of benchmark rows in one statement.
    await db.execute(sql`
      insert into spaces (title, description, location, city, country, size, price_per_month, space_type, amenities, images,
                          owner_id, has_listing_fee, is_active, is_featured, featured_until, expires_at, created_at, updated_at,
                          ceiling_height_m, floor_load_kg_m2, power_kw, water, access_24h, available_from,
                          latitude, longitude, location_precision)
      select 'Generated space ' || s.g, 'A generated listing for benchmarks.', s.g || ' Benchmark Street',
             (${cities}::text[])[1 + (s.g % ${CITIES.length})],
             (${countries}::text[])[1 + ((s.g / 7) % ${COUNTRIES.length})],
             100 + (random() * 20000)::int,
             round((200 + random() * 9800)::numeric, 2),
             ((${types}::text[])[1 + ((s.g / 3) % ${SPACE_TYPES.length})])::space_type,
             ${amenityExpr}, '{}'::text[], ${options.ownerId},
             s.state <> 'draft', s.state <> 'paused', s.featured, case when s.featured then ${options.now}::timestamptz + interval '20 days' end,
             case when s.state = 'expired' then ${options.now}::timestamptz - interval '1 day' else ${options.now}::timestamptz + interval '1 day' * (1 + (s.g % 29)) end,
             date_trunc('milliseconds', ${options.now}::timestamptz - interval '1 millisecond' * (s.g::bigint * 2591)),
             ${options.now}::timestamptz,
             -- Growing facts: about a third unknown each, as owners often do not know them.
             case when random() < 0.35 then null else round((2.2 + random() * 8)::numeric, 1)::float8 end,
             case when random() < 0.35 then null else (150 + random() * 2350)::int end,
             case when random() < 0.35 then null else round((3 + random() * 200)::numeric, 1)::float8 end,
             (array[null, 'none', 'tap', 'dedicated'])[1 + floor(random() * 4)::int]::water_supply,
             case when random() < 0.3 then null else random() < 0.5 end,
             case when random() < 0.5 then null else (${options.now}::timestamptz + interval '1 day' * floor(random() * 120))::date end,
             (${lats}::float8[])[1 + (s.g % ${CITIES.length})] + (random() - 0.5) * 0.55,
             (${lngs}::float8[])[1 + (s.g % ${CITIES.length})] + (random() - 0.5) * 0.85,
             case when (${lats}::float8[])[1 + (s.g % ${CITIES.length})] is not null then 'address' end
      from (
        select g, case when r < 0.04 then 'draft' when r < 0.08 then 'paused' when r < 0.11 then 'expired' else 'live' end as state, random() < 0.02 as featured
        from (select g, random() as r from generate_series(${from}::int, ${to}::int) as g) drawn
      ) s`);
  }
}
