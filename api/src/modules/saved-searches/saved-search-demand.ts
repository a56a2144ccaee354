// The standing demand for a listing that may not exist yet (issue 29): over the saved searches, the alerts' own
// predicate (the filter registry's alert SQL and alertRecipientCondition) evaluated against hypothetical
// listings written as a CTE named `spaces` (spaces/hypothetical-space.ts) — the first the facts as given, the
// others each with one change. Exact counts here; the k-anonymity rule is the demand module's.
// See docs/decisions/1600-demand-from-saved-searches.md.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
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

export type SearchDemand = {
  /** Live searches whose place filters the listing passes. */
  nearby: number;
  /** Of those, created since `since`. */
  nearbySince: number;
  /** Searches whose alert would fire for the listing once published, then for each change (as given). */
  matching: number[];
  /** The same, counted in people (accounts): one farmer's five searches are one. */
  people: { nearby: number; nearbySince: number; matching: number[] };
  /** Each person's budget (the highest maximum rent of their searches that set one), of the matching and the nearby people. */
  budgets: { matching: number[]; nearby: number[] };
  /** People by growing system, of the listing's matching and nearby searches. */
  systems: { matching: Record<string, number>; nearby: Record<string, number> };
};

/** The listing with one fact changed, and the filter that reads that fact (the only one the change can turn). */
export type SingleChange = { space: HypotheticalSpace; filter: SpaceFilterName };

/**
 * How the searches are seen when the figures are to be released (decision 1603): each requirement a search
 * states is snapped to the coarse ladder (a budget or a maximum rounded down, a minimum up: never looser), and a
 * requirement's value that fewer than `minPeople` of the nearby people state is read as not stated. Then no
 * figure can turn on one person's own requirement: a victim among four accomplices is seen as they are.
 */
export type Generalize = { minPeople: number; ladder: readonly number[] };

type Requirement = { column: { name: string }; snap: (c: SQL, ladder: SQL) => SQL; any: SQL };
const ladderFloor = (c: SQL, ladder: SQL) => sql`(case when ${c} is null then null else coalesce((select max(v) from unnest(${ladder}) v where v <= ${c}::numeric), 0) end)`;
const ladderCeil = (c: SQL, ladder: SQL) => sql`(case when ${c} is null then null else coalesce((select min(v) from unnest(${ladder}) v where v >= ${c}::numeric), ${c}::numeric) end)`;
const asIs = (c: SQL) => c;
/** The searches' requirements a listing's figures can turn on, how each is snapped, and what "not stated" is. */
const REQUIREMENTS: Requirement[] = [
  { column: savedSearches.maxPrice, snap: ladderFloor, any: sql`null` },
  { column: savedSearches.minSize, snap: (c, l) => sql`${ladderCeil(c, l)}::int`, any: sql`null` },
  { column: savedSearches.maxSize, snap: (c, l) => sql`${ladderFloor(c, l)}::int`, any: sql`null` },
  { column: savedSearches.minCeilingM, snap: (c, l) => sql`${ladderCeil(c, l)}::float8`, any: sql`null` },
  { column: savedSearches.minFloorLoadKgM2, snap: (c, l) => sql`${ladderCeil(c, l)}::float8`, any: sql`null` },
  { column: savedSearches.minPowerKw, snap: (c, l) => sql`${ladderCeil(c, l)}::float8`, any: sql`null` },
  { column: savedSearches.water, snap: asIs, any: sql`null` },
  { column: savedSearches.access24h, snap: asIs, any: sql`false` },
  { column: savedSearches.availableBy, snap: (c) => sql`date_trunc('month', ${c})::date`, any: sql`null` },
  { column: savedSearches.amenities, snap: (c) => sql`array(select a from unnest(${c}) a order by a)`, any: sql`'{}'::text[]` },
  { column: savedSearches.spaceTypeKey, snap: asIs, any: sql`''` },
  { column: savedSearches.system, snap: asIs, any: sql`null` },
];

/** The WITH entries from `near` (the nearby searches as stored) to `saved_searches`: the searches as seen. */
function seenSearches(generalize: Generalize | undefined): SQL {
  const columns = Object.values(getTableColumns(savedSearches)).map((c) => c.name);
  if (!generalize) return sql`${savedSearches} as materialized (select * from near)`;
  // Raw: the ladder as an array literal of constant numbers (the builder would send one parameter per value).
  const ladder = sql.raw(`array[${generalize.ladder.join(',')}]::numeric[]`);
  const req = new Map(REQUIREMENTS.map((r, i) => [r.column.name, { ...r, i }]));
  const snapped = sql.join(
    columns.map((name) => {
      const r = req.get(name);
      return r ? sql`${r.snap(sql`near.${sql.identifier(name)}`, ladder)} as ${sql.identifier(name)}` : sql`near.${sql.identifier(name)}`;
    }),
    sql`, `,
  );
  // Per requirement, the values at least minPeople different people state (the "not stated" value is no class).
  const classes = REQUIREMENTS.map(
    (r, i) =>
      sql`${sql.identifier(`shared_${i}`)} as (select s.${sql.identifier(r.column.name)} as v from snapped s where s.${sql.identifier(r.column.name)} is distinct from ${r.any} group by 1 having count(distinct s.${sql.identifier(savedSearches.userId.name)}) >= ${generalize.minPeople})`,
  );
  const seen = sql.join(
    columns.map((name) => {
      const r = req.get(name);
      const col = sql`snapped.${sql.identifier(name)}`;
      return r ? sql`(case when ${col} in (select v from ${sql.identifier(`shared_${r.i}`)}) then ${col} else ${r.any} end) as ${sql.identifier(name)}` : col;
    }),
    sql`, `,
  );
  return sql`snapped as materialized (select ${snapped} from near),
         ${sql.join(classes, sql`, `)},
         ${savedSearches} as materialized (select ${seen} from snapped)`;
}

/**
 * The demand of `listing` and the matching counts of it and of each of its single `changes` (at the same
 * place), in searches and in people. One statement: the nearby searches are found once through two indexes
 * (searches with a radius by their centre, within the largest radius's box of the listing; the others by their
 * equality keys) and the place filters' own SQL; then seen as stated (exact: what the alerts do), or generalized
 * for release (`generalize`, decision 1603); each is checked once against the listing, filter by filter (a mask
 * of the filters it fails). The place filters hold for all of them, and a change never moves the listing; the
 * rest of the alert predicate (alertFilterPredicate of the other filters with alertRecipientCondition, as the
 * alerts run them) then decides: for the listing, over the searches that fail nothing; for a change of one
 * filter's fact, over the searches that fail that filter alone — the ones it can win. A change only ever widens
 * (a lower rent, a fact stated or bettered, an amenity added), so the listing's matches stay matched: its count
 * is the listing's plus those won. The property test (demand.property.test.ts) holds every exact count to the
 * alerts of the listing published, and each change's to the change evaluated alone.
 */
export async function savedSearchDemand(
  db: Executor,
  { listing, changes, since, generalize }: { listing: HypotheticalSpace; changes: SingleChange[]; since: Date; generalize?: Generalize },
): Promise<SearchDemand> {
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
  const user = sql.identifier(savedSearches.userId.name);
  const maxPrice = sql.identifier(savedSearches.maxPrice.name);
  const system = sql.identifier(savedSearches.system.name);
  const budgets = (where: SQL) =>
    sql`(select coalesce(json_agg(b.v order by b.v), '[]') from (select max(masked.${maxPrice})::float8 as v from masked where ${where} and masked.${maxPrice} is not null group by masked.${user}) b)`;
  const systems = (where: SQL) =>
    sql`(select coalesce(json_object_agg(s.system, s.n), '{}') from (select masked.${system} as system, count(distinct masked.${user})::int as n from masked where ${where} and masked.${system} is not null group by 1) s)`;
  // Which searches each listing is evaluated on: the listing (0) on those failing nothing, a change on those failing its filter alone.
  const gains = sql.join([sql`(0::int, 0::int)`, ...changes.map((c, i) => sql`(${i + 1}::int, ${alertFilterBit(c.filter)}::int)`)], sql`, `);
  // Raw: a WITH list whose `spaces` and `saved_searches` shadow the tables (the hypothetical listings, the
  // searches as seen), so that the registry's predicates, written on the tables' names, read them unchanged.
  const [row] = await queryRows<{
    nearby: number;
    nearby_since: number;
    nearby_people: number;
    nearby_since_people: number;
    matching: Record<string, number>;
    matching_people: Record<string, number>;
    budgets_matching: number[];
    budgets_nearby: number[];
    systems_matching: Record<string, number>;
    systems_nearby: Record<string, number>;
  }>(
    db,
    sql`with ${hypotheticalSpacesCte([listing, ...changes.map((c) => c.space)])},
         gains(variant, mask) as (values ${gains}),
         near as materialized (
           select ${savedSearches}.*
           from ${savedSearches}, spaces
           where spaces.variant = 0 and (${withRadius} or ${withoutRadius})
             and ${alertFilterPredicate(PLACE_FILTERS)} and ${alertRecipientCondition()}
         ),
         ${seenSearches(generalize)},
         masked as materialized (
           select ${savedSearches}.*, ${alertFiltersFailed(PLACE_FILTERS)} as mask from ${savedSearches}, spaces where spaces.variant = 0
         ),
         candidates as materialized (
           select * from masked where masked.mask & (masked.mask - 1) = 0
         ),
         matches as (
           select spaces.variant, ${savedSearches}.${user} as user_id
           from spaces join gains on gains.variant = spaces.variant
                join candidates as ${savedSearches} on ${savedSearches}.mask = gains.mask and ${alertFilterPredicate(OTHER_FILTERS)} and ${alertRecipientCondition()}
         )
       select (select count(*)::int from near) as nearby,
              (select count(*)::int from near where near.${sql.identifier(savedSearches.createdAt.name)} >= ${since.toISOString()}::timestamptz) as nearby_since,
              (select count(distinct near.${user})::int from near) as nearby_people,
              (select count(distinct near.${user})::int from near where near.${sql.identifier(savedSearches.createdAt.name)} >= ${since.toISOString()}::timestamptz) as nearby_since_people,
              (select coalesce(json_object_agg(m.variant, m.n), '{}') from (select variant, count(*)::int as n from matches group by variant) m) as matching,
              (select coalesce(json_object_agg(g.variant, (select count(distinct m.user_id) from matches m where m.variant = 0 or m.variant = g.variant)), '{}') from gains g) as matching_people,
              ${budgets(sql`masked.mask = 0`)} as budgets_matching,
              ${budgets(sql`true`)} as budgets_nearby,
              ${systems(sql`masked.mask = 0`)} as systems_matching,
              ${systems(sql`true`)} as systems_nearby`,
  );
  const r = row!;
  const base = Number(r.matching['0'] ?? 0);
  return {
    nearby: Number(r.nearby),
    nearbySince: Number(r.nearby_since),
    matching: [base, ...changes.map((_, i) => base + Number(r.matching[String(i + 1)] ?? 0))],
    people: {
      nearby: Number(r.nearby_people),
      nearbySince: Number(r.nearby_since_people),
      matching: [0, ...changes.map((_, i) => i + 1)].map((v) => Number(r.matching_people[String(v)] ?? 0)),
    },
    budgets: { matching: r.budgets_matching.map(Number), nearby: r.budgets_nearby.map(Number) },
    systems: { matching: r.systems_matching, nearby: r.systems_nearby },
  };
}
