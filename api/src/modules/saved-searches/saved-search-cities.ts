// The standing demand city by city (issue 29, the public page /demand; docs/decisions/1602): live saved searches
// grouped by the city they search — the city they name, or for a place search (a centre and a radius) the city
// the caller names for its centre's 0.1° cell (from the gazetteer); of the named cities, only those the caller
// knows (searchedCities lists them for it). Only cities searched by at least `minFarmers` different people leave the database, so one person's searches never
// list a city or give its figures; the k-anonymity rule on the rest is the demand module's.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '#db/client';
import { savedSearches } from '#db/schema/index';

/** A place search's centre, rounded to a 0.1° cell (about 11 km): what the caller names a city. */
export type CentreCell = { lat: number; lng: number };
export type NamedCell = CentreCell & { city: string; country: string };
/** A city as live searches name it: city_key and country_key ('' when the search names no country). */
export type SearchedCity = { cityKey: string; country: string };
/** A city's live searches: how many, of how many people; each person's budget (their highest); people by growing system and by space type. */
export type CitySearches = { cityKey: string; country: string; searches: number; farmers: number; budgets: number[]; systems: Record<string, number>; spaceTypes: Record<string, number> };

/** A centre's cell: its latitude or longitude rounded to 0.1°. */
const cellOf = (column: SQL | typeof savedSearches.nearLat | typeof savedSearches.nearLng) => sql`round(${column}::numeric, 1)::float8`;

/** The centre cells of the live place searches that name no city. */
export async function searchCentreCells(db: Executor): Promise<CentreCell[]> {
  return db
    .selectDistinct({ lat: sql<number>`${cellOf(savedSearches.nearLat)}`.mapWith(Number), lng: sql<number>`${cellOf(savedSearches.nearLng)}`.mapWith(Number) })
    .from(savedSearches)
    .where(sql`${savedSearches.unsubscribedAt} is null and ${savedSearches.cityKey} = '' and ${savedSearches.nearLat} is not null and ${savedSearches.nearLng} is not null`);
}

/** The cities the live searches name (their keys), each once: the caller keeps the ones it knows. */
export async function searchedCities(db: Executor): Promise<SearchedCity[]> {
  return db
    .selectDistinct({ cityKey: savedSearches.cityKey, country: savedSearches.countryKey })
    .from(savedSearches)
    .where(sql`${savedSearches.unsubscribedAt} is null and ${savedSearches.cityKey} <> ''`);
}

/**
 * The live searches per city (its key: the lower-case name, as city_key holds it) of at least `minFarmers` people,
 * most searched first: how many, by how many farmers, each person's budget, and people by growing system and
 * by space type. Only searches of one of `cells` or one of `cities` count: the places the caller can
 * show, so that `limit` counts only those.
 */
export async function searchesByCity(
  db: Executor,
  { cells, cities, minFarmers, limit }: { cells: NamedCell[]; cities: SearchedCity[]; minFarmers: number; limit: number },
): Promise<CitySearches[]> {
  const cellValues = cells.length
    ? sql`values ${sql.join(
        cells.map((c) => sql`(${c.lat}::float8, ${c.lng}::float8, ${c.city.toLowerCase()}::text, ${c.country}::text)`),
        sql`, `,
      )}`
    : sql`select null::float8, null::float8, null::text, null::text where false`;
  const cityValues = cities.length
    ? sql`values ${sql.join(
        cities.map((c) => sql`(${c.cityKey}::text, ${c.country}::text)`),
        sql`, `,
      )}`
    : sql`select null::text, null::text where false`;
  const col = (c: { name: string }) => sql.identifier(c.name);
  // Per city of the kept ones, people by one column (growing system, space type) as a JSON object.
  const countsBy = (column: string) =>
    sql`(select x.city, x.country, json_object_agg(x.k, x.n) as counts
         from (select p.city, p.country, p.${sql.identifier(column)} as k, count(distinct p.user_id)::int as n from placed p join kept using (city, country)
               where p.${sql.identifier(column)} is not null and p.${sql.identifier(column)} <> '' group by 1, 2, 3) x
         group by 1, 2)`;
  // Raw: a VALUES list of the named cells joined to the searches, and per-city aggregates (percentiles, JSON).
  const rows = await queryRows<{ city: string; country: string; searches: number; farmers: number; budgets: number[]; systems: Record<string, number>; space_types: Record<string, number> }>(
    db,
    sql`with cells(lat, lng, city, country) as (${cellValues}),
         named(city, country) as (${cityValues}),
         placed as materialized (
           select s.${col(savedSearches.userId)} as user_id, s.${col(savedSearches.maxPrice)} as max_price,
                  s.${col(savedSearches.system)} as system, s.${col(savedSearches.spaceTypeKey)} as space_type,
                  coalesce(nullif(s.${col(savedSearches.cityKey)}, ''), cells.city) as city,
                  coalesce(nullif(s.${col(savedSearches.countryKey)}, ''), cells.country, '') as country
           from ${savedSearches} s
           left join cells on s.${col(savedSearches.cityKey)} = ''
                          and cells.lat = ${cellOf(sql`s.${col(savedSearches.nearLat)}`)} and cells.lng = ${cellOf(sql`s.${col(savedSearches.nearLng)}`)}
           where s.${col(savedSearches.unsubscribedAt)} is null
             and (s.${col(savedSearches.cityKey)} = ''
                  or (s.${col(savedSearches.cityKey)}, s.${col(savedSearches.countryKey)}) in (select city, country from named))
         ),
         kept as (
           select p.city, p.country, count(*)::int as searches, count(distinct p.user_id)::int as farmers
           from placed p
           where p.city is not null
           group by p.city, p.country
           having count(distinct p.user_id) >= ${minFarmers}
           order by count(*) desc, p.city, p.country
           limit ${limit}
         )
       select kept.*, coalesce(systems.counts, '{}') as systems, coalesce(types.counts, '{}') as space_types,
              coalesce((select json_agg(b.v order by b.v) from (select max(p.max_price)::float8 as v from placed p
                        where p.city = kept.city and p.country = kept.country and p.max_price is not null group by p.user_id) b), '[]') as budgets
       from kept
       left join ${countsBy('system')} systems using (city, country)
       left join ${countsBy('space_type')} types using (city, country)
       order by kept.searches desc, kept.city, kept.country`,
  );
  return rows.map((r) => ({ cityKey: r.city, country: r.country, searches: Number(r.searches), farmers: Number(r.farmers), budgets: r.budgets.map(Number), systems: r.systems, spaceTypes: r.space_types }));
}
