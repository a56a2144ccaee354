// The browse filter registry, server half: for every filter of contracts/space-filters.ts, side by side,
// its browse predicate over `spaces`, the columns a saved search keeps of it, and its alert predicate over a
// `saved_searches` row and a `spaces` row. Keyed by the same names, so the type checker asks for all three
// when a filter is declared; the property test (space-filters.property.test.ts) holds browse and alert to
// the same answer. See docs/decisions/0503-one-filter-registry.md.
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { SPACE_FILTER_NAMES, type SpaceFilterName, type SpaceFilterQuery, type SpaceFilterValues } from '#contracts/space-filters';
import { savedSearches, spaces } from '#db/schema/index';
import { cellsCondition, distanceKmSql, queryCenter, withinRadius } from './space-distance';

type SavedSearchColumns = Partial<typeof savedSearches.$inferInsert>;

/** What the caller knows of the answer that may change the plan, never the rows (decision 0904). */
export type BrowseHints = {
  /** A radius search's first count (cheap to plan), or its first page when that count is above a page's worth. */
  radius?: 'count' | 'walk';
};

type FilterSql<N extends SpaceFilterName> = {
  /** Browse: the condition on `spaces` for the filter's values; nothing when the filter is not set. */
  browse: (v: SpaceFilterValues<N>, hints: BrowseHints) => SQL | undefined;
  /** The saved-search columns that keep the filter's values (absent = "any"). */
  saved: (v: SpaceFilterValues<N>) => SavedSearchColumns;
  /** Alert: true exactly when browse with the search's values would list the `spaces` row. */
  alert: SQL;
};

// Growing facts: a listing that does not state a fact does not pass a filter on it (decision 0501); in the
// alert predicates a missing fact makes the comparison null, which drops the row as browse does.
export const SPACE_FILTER_SQL: { [N in SpaceFilterName]: FilterSql<N> } = {
  city: {
    browse: ({ city }) => (city ? sql`lower(${spaces.city}) = ${city.toLowerCase()}` : undefined),
    saved: ({ city }) => ({ cityKey: city?.toLowerCase() ?? '' }),
    // '' means "any" on the equality keys: the match index is probed with = any('{'', value}') (decision 0502).
    alert: sql`${savedSearches.cityKey} = any(array['', lower(${spaces.city})])`,
  },
  place: {
    browse: (v, hints) => {
      const center = queryCenter(v);
      const { bbox } = v;
      return and(
        center && v.radiusKm !== undefined ? withinRadius(center, v.radiusKm, hints.radius) : undefined,
        bbox ? sql`${cellsCondition(bbox)} and ${spaces.latitude} between ${bbox.minLat}::float8 and ${bbox.maxLat}::float8 and ${spaces.longitude} between ${bbox.minLng}::float8 and ${bbox.maxLng}::float8` : undefined,
      );
    },
    saved: (v) => {
      const center = queryCenter(v);
      const { bbox } = v;
      return {
        nearLat: center?.lat ?? null,
        nearLng: center?.lng ?? null,
        radiusKm: center ? (v.radiusKm ?? null) : null,
        bboxMinLat: bbox?.minLat ?? null,
        bboxMinLng: bbox?.minLng ?? null,
        bboxMaxLat: bbox?.maxLat ?? null,
        bboxMaxLng: bbox?.maxLng ?? null,
      };
    },
    // The same distance expression as browse (its bounding box only narrows what the exact distance keeps).
    alert: sql`(${savedSearches.radiusKm} is null or ${distanceKmSql(sql`${savedSearches.nearLat}`, sql`${savedSearches.nearLng}`)} <= ${savedSearches.radiusKm})
      and (${savedSearches.bboxMinLat} is null or (${spaces.latitude} between ${savedSearches.bboxMinLat} and ${savedSearches.bboxMaxLat} and ${spaces.longitude} between ${savedSearches.bboxMinLng} and ${savedSearches.bboxMaxLng}))`,
  },
  size: {
    browse: ({ minSize, maxSize }) => and(minSize === undefined ? undefined : gte(spaces.size, minSize), maxSize === undefined ? undefined : lte(spaces.size, maxSize)),
    saved: ({ minSize, maxSize }) => ({ minSize: minSize ?? null, maxSize: maxSize ?? null }),
    alert: sql`(${savedSearches.minSize} is null or ${savedSearches.minSize} <= ${spaces.size}) and (${savedSearches.maxSize} is null or ${savedSearches.maxSize} >= ${spaces.size})`,
  },
  maxPrice: {
    browse: ({ maxPrice }) => (maxPrice === undefined ? undefined : sql`${spaces.pricePerMonth} <= ${maxPrice}::numeric`),
    saved: ({ maxPrice }) => ({ maxPrice: maxPrice ?? null }),
    alert: sql`(${savedSearches.maxPrice} is null or ${savedSearches.maxPrice} >= ${spaces.pricePerMonth})`,
  },
  country: {
    browse: ({ country }) => (country ? eq(spaces.country, country) : undefined),
    saved: ({ country }) => ({ countryKey: country ?? '' }),
    alert: sql`${savedSearches.countryKey} = any(array['', ${spaces.country}])`,
  },
  spaceType: {
    browse: ({ spaceType }) => (spaceType ? eq(spaces.spaceType, spaceType) : undefined),
    saved: ({ spaceType }) => ({ spaceTypeKey: spaceType ?? '' }),
    alert: sql`${savedSearches.spaceTypeKey} = any(array['', ${spaces.spaceType}::text])`,
  },
  minCeilingM: {
    browse: ({ minCeilingM }) => (minCeilingM === undefined ? undefined : sql`${spaces.ceilingHeightM} >= ${minCeilingM}`),
    saved: ({ minCeilingM }) => ({ minCeilingM: minCeilingM ?? null }),
    alert: sql`(${savedSearches.minCeilingM} is null or ${spaces.ceilingHeightM} >= ${savedSearches.minCeilingM})`,
  },
  minFloorLoadKgM2: {
    // The column is whole kg/m² and the filter may have decimals: compare with the next whole number (same
    // answer, and the integer index still applies), not with 600.5, which PostgreSQL refuses for an integer.
    browse: ({ minFloorLoadKgM2 }) => (minFloorLoadKgM2 === undefined ? undefined : sql`${spaces.floorLoadKgM2} >= ${Math.ceil(minFloorLoadKgM2)}`),
    saved: ({ minFloorLoadKgM2 }) => ({ minFloorLoadKgM2: minFloorLoadKgM2 ?? null }),
    alert: sql`(${savedSearches.minFloorLoadKgM2} is null or ${spaces.floorLoadKgM2} >= ${savedSearches.minFloorLoadKgM2})`,
  },
  minPowerKw: {
    browse: ({ minPowerKw }) => (minPowerKw === undefined ? undefined : sql`${spaces.powerKw} >= ${minPowerKw}`),
    saved: ({ minPowerKw }) => ({ minPowerKw: minPowerKw ?? null }),
    alert: sql`(${savedSearches.minPowerKw} is null or ${spaces.powerKw} >= ${savedSearches.minPowerKw})`,
  },
  water: {
    browse: ({ water }) => (water === 'tap' ? sql`${spaces.water} in ('tap', 'dedicated')` : water === 'dedicated' ? eq(spaces.water, 'dedicated') : undefined),
    saved: ({ water }) => ({ water: water ?? null }),
    alert: sql`(${savedSearches.water} is null or (${savedSearches.water} = 'tap' and ${spaces.water} in ('tap', 'dedicated')) or (${savedSearches.water} = 'dedicated' and ${spaces.water} = 'dedicated'))`,
  },
  access24h: {
    browse: ({ access24h }) => (access24h ? sql`${spaces.access24h}` : undefined),
    saved: ({ access24h }) => ({ access24h: access24h ?? false }),
    alert: sql`(not ${savedSearches.access24h} or coalesce(${spaces.access24h}, false))`,
  },
  availableBy: {
    // No date means available now.
    browse: ({ availableBy }) => (availableBy ? sql`coalesce(${spaces.availableFrom} <= ${availableBy}::date, true)` : undefined),
    saved: ({ availableBy }) => ({ availableBy: availableBy ?? null }),
    alert: sql`(${savedSearches.availableBy} is null or ${spaces.availableFrom} is null or ${spaces.availableFrom} <= ${savedSearches.availableBy})`,
  },
  amenities: {
    browse: ({ amenities }) => (amenities?.length ? sql`${spaces.amenities} @> ${sql.param(amenities)}::text[]` : undefined),
    saved: ({ amenities }) => ({ amenities: amenities ?? [] }),
    alert: sql`${savedSearches.amenities} <@ ${spaces.amenities}`,
  },
};

type AnyFilterSql = { browse: (v: SpaceFilterQuery, hints: BrowseHints) => SQL | undefined; saved: (v: SpaceFilterQuery) => SavedSearchColumns; alert: SQL };
const filterSql = (name: SpaceFilterName) => SPACE_FILTER_SQL[name] as AnyFilterSql;

/** The browse conditions of the set filters (the caller adds the public predicate). */
export function browseFilterPredicates(query: SpaceFilterQuery, hints: BrowseHints = {}): SQL[] {
  return SPACE_FILTER_NAMES.map((name) => filterSql(name).browse(query, hints)).filter((c): c is SQL => c !== undefined);
}

/** The saved-search columns of a parsed query. */
export function savedSearchFilterColumns(query: SpaceFilterQuery): SavedSearchColumns {
  return Object.assign({}, ...SPACE_FILTER_NAMES.map((name) => filterSql(name).saved(query)));
}

/**
 * Every filter's alert predicate over `saved_searches` and `spaces`, joined with and; `only` picks some of them
 * (the demand's "nearby": the place filters alone, docs/decisions/1600).
 */
export function alertFilterPredicate(only: readonly SpaceFilterName[] = SPACE_FILTER_NAMES): SQL {
  return and(...only.map((name) => filterSql(name).alert))!;
}

/** A filter's bit in alertFiltersFailed's mask. */
export const alertFilterBit = (name: SpaceFilterName): number => 1 << SPACE_FILTER_NAMES.indexOf(name);

/**
 * Which of the filters (all but `except`) a `saved_searches` row fails against a `spaces` row, as a mask of
 * alertFilterBit, each by its own alert predicate (null, a missing fact, fails as in a where clause). 0 is
 * exactly alertFilterPredicate of those filters; the demand (decision 1600) re-evaluates a single change of
 * one filter's fact only for the rows that fail that filter alone.
 */
export function alertFiltersFailed(except: readonly SpaceFilterName[]): SQL<number> {
  const names = SPACE_FILTER_NAMES.filter((n) => !except.includes(n));
  return sql<number>`(${sql.join(
    names.map((name) => sql`(case when ${filterSql(name).alert} then 0 else ${alertFilterBit(name)}::int end)`),
    sql` + `,
  )})`;
}
