// Large-data generator for benchmarks: farmers (users) and their saved searches, inserted with one INSERT …
// SELECT generate_series each, entirely inside PostgreSQL. Each search draws its filters as a farmer would:
// most name a city or a country, some a type, a size or price bound, a growing minimum. With `centres`, most
// searches are place searches instead (the location box of /spaces: a centre near one of the cities and a
// radius), as farmers have searched since issue 18.
import { sql } from 'drizzle-orm';
import { RADIUS_CHOICES_KM } from '#contracts/places';
import type { Executor } from '../client';
import { GENERATED_CITIES } from './generate-spaces';

export type GenerateSearchesOptions = {
  count: number;
  users: number;
  /** Each city's centre: then 60% of the searches are a radius around a point within ~10 km of one, and 85% of the others name a city. */
  centres?: Record<string, { lat: number; lng: number }>;
  /** Creation times spread over this many days before now (0: all now). */
  spreadDays?: number;
};

export async function generateSavedSearches(db: Executor, options: GenerateSearchesOptions): Promise<void> {
  const cities = `{${GENERATED_CITIES.map((c) => `"${c.toLowerCase()}"`).join(',')}}`;
  const lats = `{${GENERATED_CITIES.map((c) => options.centres?.[c]?.lat ?? 'NULL').join(',')}}`;
  const lngs = `{${GENERATED_CITIES.map((c) => options.centres?.[c]?.lng ?? 'NULL').join(',')}}`;
  const placed = options.centres ? 0.6 : 0;
  const radii = `{${RADIUS_CHOICES_KM.filter((r) => r <= 100).join(',')}}`;
  // Raw: insert … select from generate_series, benchmark rows made inside PostgreSQL.
  await db.execute(sql`insert into users (email, first_name) select 'farmer' || g || '@bench.test', 'Farmer' from generate_series(1, ${options.users}) g`);
  // Raw: insert … select from generate_series; each row's filters drawn by random() (a lateral draw per row).
  await db.execute(sql`
    insert into saved_searches (user_id, name, query, city_key, country_key, space_type_key, min_size, max_size, max_price, amenities,
                                min_ceiling_m, min_floor_load_kg_m2, min_power_kw, water, access_24h, available_by, system, unsubscribe_token, unsubscribed_at, created_at,
                                near_lat, near_lng, radius_km)
    select u.id, 'Search ' || g, '',
           case when not d.placed and random() < ${options.centres ? 0.85 : 0.7} then (${cities}::text[])[d.city] else '' end,
           case when random() < 0.3 then (array['US','CA','GB','AU','DE','FR','NL','JP','SG'])[1 + floor(random() * 9)::int] else '' end,
           case when random() < 0.4 then (array['rooftop','basement','warehouse','greenhouse','other'])[1 + floor(random() * 5)::int] else '' end,
           case when random() < 0.5 then (random() * 5000)::int end,
           case when random() < 0.2 then 5000 + (random() * 20000)::int end,
           case when random() < 0.5 then round((1000 + random() * 9000)::numeric, 2) end,
           case when random() < 0.2 then array['power']::text[] else '{}'::text[] end,
           case when random() < 0.3 then round((2.5 + random() * 3)::numeric, 1)::float8 end,
           case when random() < 0.3 then (300 + random() * 1200)::int end,
           case when random() < 0.2 then (10 + random() * 100)::int end,
           case when random() < 0.3 then 'tap' end,
           random() < 0.2,
           null,
           case when random() < 0.5 then (array['nft_racks','vertical_towers','dwc_racks','microgreens_racks','mushrooms'])[1 + floor(random() * 5)::int] end,
           md5(g::text || random()::text),
           case when random() < 0.05 then now() end,
           now() - interval '1 day' * floor(random() * ${options.spreadDays ?? 0}),
           case when d.placed then (${lats}::float8[])[d.city] + (random() - 0.5) * 0.18 end,
           case when d.placed then (${lngs}::float8[])[d.city] + (random() - 0.5) * 0.28 end,
           case when d.placed then (${radii}::float8[])[1 + floor(random() * ${RADIUS_CHOICES_KM.filter((r) => r <= 100).length})::int] end
    from generate_series(1, ${options.count}) g
    join users u on u.email = 'farmer' || (1 + g % ${options.users}) || '@bench.test'
    cross join lateral (select random() < ${placed} and g > 0 as placed, 1 + floor(random() * ${GENERATED_CITIES.length})::int + (g * 0) as city) d`);
}
