// Demand before you list (issue 29), plain half: the k-anonymity rule and the answer's shape, no zod, so the
// list-space form's demand panel and the browse hint can import it. See docs/decisions/1600-demand-from-saved-searches.md.

/** Counts below this are never shown as a number, and a distribution needs at least this many values. */
export const DEMAND_MIN_COUNT = 5;
/** What a count below DEMAND_MIN_COUNT is answered as (JSON string in place of the number). */
export const FEWER_THAN_MIN = 'fewer than 5' as const;
export type DemandCount = number | typeof FEWER_THAN_MIN;
/** Comparable listings: the same type within this distance. */
export const COMPARABLES_RADIUS_KM = 25;
/** A new saved search counts in the trend for this long. */
export const DEMAND_TREND_DAYS = 30;
/** At most this many widening suggestions, largest gain first. */
export const DEMAND_WIDEN_MAX = 3;

/** The k-anonymity rule on one count. */
export const demandCount = (n: number): DemandCount => (n >= DEMAND_MIN_COUNT ? n : FEWER_THAN_MIN);

export type Quartiles = { p25: number; median: number; p75: number };
export type DemandAnswer = {
  searches: { matching: DemandCount; nearby: DemandCount; trend30d: DemandCount };
  bySystem: { system: string; searches: DemandCount }[];
  /** The farmers' maximum rents (of the matching searches, or the nearby ones when too few match); null below 5 values. */
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
  /** Live saved searches in the city, of at least DEMAND_MIN_COUNT different people (a city fewer search is not listed). */
  searches: number;
  /** The different farmers behind them (at least DEMAND_MIN_COUNT), as a demand count. */
  farmers: DemandCount;
  /** Most asked-for first, at most DEMAND_TOP_MAX of each. */
  systems: { system: string; searches: DemandCount }[];
  spaceTypes: { spaceType: string; searches: DemandCount }[];
  /** The searches' maximum rents a month; null below DEMAND_MIN_COUNT values. */
  budget: Quartiles | null;
};
export type DemandCitiesAnswer = { cities: CityDemand[] };
/** At most this many systems and space types per city. */
export const DEMAND_TOP_MAX = 3;
/** At most this many cities, most searched first. */
export const DEMAND_CITIES_MAX = 50;
