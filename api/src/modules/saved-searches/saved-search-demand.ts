// The standing demand for a listing that may not exist yet (issue 29): over the saved searches, the alerts' own
// predicate (the filter registry's alert SQL and alertRecipientCondition) evaluated against hypothetical
// listings written as a CTE named `spaces` (spaces/hypothetical-space.ts) — the first the facts as given, the
// others each with one change. Exact counts here; the k-anonymity rule is the demand module's.
// See docs/decisions/1600-demand-from-saved-searches.md.
import { sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_KM, MAX_RADIUS_KM } from '#contracts/places';
import { SPACE_FILTER_NAMES, type SpaceFilterName } from '#contracts/space-filters';
import { queryRows, type Executor } from '#db/client';
import { savedSearches } from '#db/schema/index';
import { alertFilterBit, alertFilterPredicate, alertFiltersFailed, hypotheticalSpacesCte, radiusBox, type HypotheticalSpace } from '../spaces/index';
import { alertRecipientCondition } from './saved-search-alerts';

/** The place filters of the registry: a search is "nearby" when the listing passes these, whatever the rest. */
const PLACE_FILTERS = ['city', 'country', 'place'] as const;
/** The other filters: the place does not change between the listing and its single changes, so the place filters are evaluated once, in `near`. */
const OTHER_FILTERS = SPACE_FILTER_NAMES.filter((n) => !(PLACE_FILTERS as readonly string[]).includes(n));
/** Degrees of latitude per km, with a margin: a centre further in latitude than its radius cannot reach. */
const KM_TO_LAT_DEGREES = (180 / Math.PI / EARTH_RADIUS_KM) * 1.001;

export type Distribution = { n: number; q: number[] | null };
export type SearchDemand = {
  /** Live searches whose place filters the listing passes. */
  nearby: number;
  /** Of those, created since `since`. */
  nearbySince: number;
  /** Searches whose alert would fire for the listing once published, then for each change (as given). */
  matching: number[];
  /** The quartiles of the maximum rents (those that set one), of the listing's matching and nearby searches. */
  budget: { matching: Distribution; nearby: Distribution };
  /** Searches by growing system, of the listing's matching and nearby searches. */
  systems: { matching: Record<string, number>; nearby: Record<string, number> };
};

/** The listing with one fact changed, and the filter that reads that fact (the only one the change can turn). */
export type SingleChange = { space: HypotheticalSpace; filter: SpaceFilterName };

/**
 * The demand of `listing` and the matching counts of it and of each of its single `changes` (at the same
 * place). One statement: the nearby searches are found once through two indexes (searches with a radius by
 * their centre, within the largest radius's box of the listing; the others by their equality keys) and the
 * place filters' own SQL, and each is checked once against the listing, filter by filter (a mask of the
 * filters it fails). The place filters hold for all of them, and a change never moves the listing; the rest of
 * the alert predicate (alertFilterPredicate of the other filters with alertRecipientCondition, as the alerts
 * run them) then decides: for the listing, over the searches that fail nothing; for a change of one filter's
 * fact, over the searches that fail that filter alone — the ones it can win. A change only ever
 * widens (a lower rent, a fact stated or bettered, an amenity added), so the listing's matches stay matched:
 * its count is the listing's plus those won. The property test (demand.property.test.ts) holds every count to
 * the alerts of the listing published, and each change's to the change evaluated alone.
 */
export async function savedSearchDemand(db: Executor, { listing, changes, since }: { listing: HypotheticalSpace; changes: SingleChange[]; since: Date }): Promise<SearchDemand> {
  const at = listing.latitude !== null && listing.longitude !== null ? { lat: listing.latitude, lng: listing.longitude } : undefined;
  const box = at && radiusBox(at, MAX_RADIUS_KM);
  // Necessary conditions only, so that the indexes narrow first (and a far centre is turned away before its
  // haversine); the place filters' own SQL decides.
  const withRadius =
    box && at
      ? sql`(${savedSearches.radiusKm} is not null and ${savedSearches.nearLat} between ${box.minLat}::float8 and ${box.maxLat}::float8${
          box.minLng === undefined ? sql`` : sql` and ${savedSearches.nearLng} between ${box.minLng}::float8 and ${box.maxLng}::float8`
        } and abs(${savedSearches.nearLat} - ${at.lat}::float8) <= ${savedSearches.radiusKm} * ${KM_TO_LAT_DEGREES}::float8)`
      : sql`false`;
  const withoutRadius = sql`(${savedSearches.radiusKm} is null and ${savedSearches.cityKey} = any(array['', lower(${listing.city})]) and ${savedSearches.countryKey} = any(array['', ${listing.country}]))`;
  const budget = (where: SQL) => sql`(select json_build_object('n', count(near.${sql.identifier(savedSearches.maxPrice.name)}), 'q', percentile_cont(array[0.25, 0.5, 0.75]) within group (order by near.${sql.identifier(savedSearches.maxPrice.name)}::float8)) from near where ${where})`;
  const systems = (where: SQL) =>
    sql`(select coalesce(json_object_agg(s.system, s.n), '{}') from (select near.${sql.identifier(savedSearches.system.name)} as system, count(*)::int as n from near where ${where} and near.${sql.identifier(savedSearches.system.name)} is not null group by 1) s)`;
  // Which searches each listing is evaluated on: the listing (0) on those failing nothing, a change on those failing its filter alone.
  const gains = sql.join([sql`(0::int, 0::int)`, ...changes.map((c, i) => sql`(${i + 1}::int, ${alertFilterBit(c.filter)}::int)`)], sql`, `);
  // Raw: a WITH list whose `spaces` and `saved_searches` shadow the tables (the hypothetical listings, the
  // searches one of them may match), so that the registry's predicates, written on the tables' names, read
  // them unchanged.
  const [row] = await queryRows<{ nearby: number; nearby_since: number; matching: Record<string, number>; budget_matching: Distribution; budget_nearby: Distribution; systems_matching: Record<string, number>; systems_nearby: Record<string, number> }>(
    db,
    sql`with ${hypotheticalSpacesCte([listing, ...changes.map((c) => c.space)])},
         gains(variant, mask) as (values ${gains}),
         near as materialized (
           select ${savedSearches}.*, ${alertFiltersFailed(PLACE_FILTERS)} as mask
           from ${savedSearches}, spaces
           where spaces.variant = 0 and (${withRadius} or ${withoutRadius})
             and ${alertFilterPredicate(PLACE_FILTERS)} and ${alertRecipientCondition()}
         ),
         ${savedSearches} as materialized (
           select * from near where near.mask & (near.mask - 1) = 0
         ),
         matches as (
           select spaces.variant, count(*)::int as n
           from spaces join gains on gains.variant = spaces.variant
                join ${savedSearches} on ${savedSearches}.mask = gains.mask and ${alertFilterPredicate(OTHER_FILTERS)} and ${alertRecipientCondition()}
           group by spaces.variant
         )
       select (select count(*)::int from near) as nearby,
              (select count(*)::int from near where near.${sql.identifier(savedSearches.createdAt.name)} >= ${since.toISOString()}::timestamptz) as nearby_since,
              (select coalesce(json_object_agg(matches.variant, matches.n), '{}') from matches) as matching,
              ${budget(sql`near.mask = 0`)} as budget_matching,
              ${budget(sql`true`)} as budget_nearby,
              ${systems(sql`near.mask = 0`)} as systems_matching,
              ${systems(sql`true`)} as systems_nearby`,
  );
  const r = row!;
  const base = Number(r.matching['0'] ?? 0);
  return {
    nearby: Number(r.nearby),
    nearbySince: Number(r.nearby_since),
    matching: [base, ...changes.map((_, i) => base + Number(r.matching[String(i + 1)] ?? 0))],
    budget: { matching: r.budget_matching, nearby: r.budget_nearby },
    systems: { matching: r.systems_matching, nearby: r.systems_nearby },
  };
}
