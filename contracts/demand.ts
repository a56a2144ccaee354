// Demand before you list (issue 29), plain half: the release rule's constants (docs/decisions/1603) and the
// answer's shape, no zod, so the list-space form's demand panel and the browse hint can import it. See
// docs/decisions/1600-demand-from-saved-searches.md.

/**
 * The release rule (docs/decisions/1603): every figure leaving the demand module is of at least this many
 * different people (accounts, not searches); a count below it is "fewer than 5", a category or suggestion below
 * it is absent.
 */
export const DEMAND_MIN_COUNT = 5;
/** Counts are rounded down to a multiple of this, so one person more or less is not seen. */
export const DEMAND_ROUND_TO = 5;
/** A budget band needs this many people's budgets (the lowest and highest tenth trimmed first). */
export const DEMAND_BUDGET_MIN_PEOPLE = 10;
/** What a count below DEMAND_MIN_COUNT is answered as (JSON string in place of the number). */
export const FEWER_THAN_MIN = 'fewer than 5' as const;
export type DemandCount = number | typeof FEWER_THAN_MIN;
/**
 * The coarse steps asked prices and sizes are snapped to (and searches' budgets and sizes when they are counted):
 * these times a power of ten. Near-identical asks are the same ask.
 */
export const DEMAND_LADDER_STEPS = [1, 1.5, 2, 3, 4, 5, 6, 8] as const;
/** The ladder's values from 1 to 10^9. */
export const DEMAND_LADDER: readonly number[] = Array.from({ length: 10 }, (_, e) => DEMAND_LADDER_STEPS.map((s) => Math.round(s * 10 ** e))).flat();
/** A positive amount snapped to the nearest ladder value (geometrically); 0 stays 0. */
export function snapToLadder(x: number): number {
  if (!(x > 0)) return 0;
  let best = DEMAND_LADDER[0]!;
  for (const v of DEMAND_LADDER) if (Math.abs(Math.log(v / x)) < Math.abs(Math.log(best / x))) best = v;
  return best;
}
/** Comparable listings: the same type within this distance. */
export const COMPARABLES_RADIUS_KM = 25;
/** A new saved search counts in the trend for this long. */
export const DEMAND_TREND_DAYS = 30;
/** At most this many widening suggestions, largest gain first. */
export const DEMAND_WIDEN_MAX = 3;

/** The release rule on one count of people: below DEMAND_MIN_COUNT "fewer than 5", else rounded down to DEMAND_ROUND_TO. */
export const demandCount = (people: number): DemandCount => (people >= DEMAND_MIN_COUNT ? Math.floor(people / DEMAND_ROUND_TO) * DEMAND_ROUND_TO : FEWER_THAN_MIN);

export type Quartiles = { p25: number; median: number; p75: number };
/**
 * GET /api/demand under the release rule (decision 1603). Despite the field names (kept: the spec's shape),
 * every count is of people (accounts), rounded down to 5; `bySystem` and `widen` list only entries of at least 5
 * people (never "fewer than 5" beside a name).
 */
export type DemandAnswer = {
  searches: { matching: DemandCount; nearby: DemandCount; trend30d: DemandCount };
  bySystem: { system: string; searches: DemandCount }[];
  /** The farmers' budgets (of the matching people, or the nearby ones when fewer than 10 matching set one): a band of at least 10 people, extremes trimmed, on the ladder; else null. */
  budget: (Quartiles & { currency: string; basis: 'matching' | 'nearby' }) | null;
  comparables: { count: number; pricePerSqFt: Quartiles | null };
  widen: { change: string; extraSearches: DemandCount }[];
};

/** A farmer's few-results hint: single changes of the browse query and how many more listings each shows. */
export type WidenSearchAnswer = { widen: { change: string; params: Record<string, string | null>; extraSpaces: number }[] };
/** The hint is asked for when a search shows fewer listings than this. */
export const FEW_RESULTS = 5;

/** GET /api/demand/cities and the public page /demand (decision 1602): the standing demand city by city. */
export type CityDemand = {
  /** The city's name as the gazetteer spells it (a city it does not know is not listed), and its country code ('' when the searches name none). */
  city: string;
  country: string;
  /** Live saved searches in the city, of at least DEMAND_MIN_COUNT different people (a city fewer search is not listed), rounded down to 5. */
  searches: number;
  /** The different farmers behind them (at least DEMAND_MIN_COUNT), rounded down to 5. */
  farmers: DemandCount;
  /** People by system and by space type: only those at least DEMAND_MIN_COUNT people ask for, most first, at most DEMAND_TOP_MAX of each. */
  systems: { system: string; searches: DemandCount }[];
  spaceTypes: { spaceType: string; searches: DemandCount }[];
  /** The farmers' budgets a month: a band of at least DEMAND_BUDGET_MIN_PEOPLE people's, extremes trimmed, on the ladder; else null. */
  budget: Quartiles | null;
};
export type DemandCitiesAnswer = { cities: CityDemand[] };
/** At most this many systems and space types per city. */
export const DEMAND_TOP_MAX = 3;
/** At most this many cities, most searched first. */
export const DEMAND_CITIES_MAX = 50;
