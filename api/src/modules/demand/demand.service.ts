// Demand before you list (issue 29): what the saved searches say about a listing that may not exist yet, and
// for a farmer with few results, which single change of the search would show more listings. Counts come from
// the owners' query functions (saved-searches: the alerts' predicate; spaces: browse's); this module chooses the
// single changes, and every figure leaves it through the release rule (demand-release.ts, docs/decisions/1603).
// See docs/decisions/1600.
import { AMENITIES } from '#contracts/amenities';
import { COMPARABLES_RADIUS_KM, DEMAND_CITIES_MAX, DEMAND_LADDER, DEMAND_MIN_COUNT, DEMAND_TOP_MAX, type DemandCitiesAnswer, DEMAND_TREND_DAYS, DEMAND_WIDEN_MAX, type DemandAnswer, type DemandQuery, type WidenSearchAnswer } from '#contracts/demand.schemas';
import { RADIUS_CHOICES_KM } from '#contracts/places';
import { MAX_PRICE_PER_MONTH } from '#contracts/spaces';
import type { SpaceQuery } from '#contracts/spaces.schemas';
import type { Executor } from '#db/client';
import { DAY } from '../../lib/clock';
import { cityPosition, findCity, largestPlaceNamed, largestPlaceNear } from '../places/index';
import { savedSearchDemand, searchCentreCells, searchedCities, searchesByCity, type SearchDemand, type SingleChange } from '../saved-searches/index';
import { comparableListingPrices, countListings, derivedPowerKw, type HypotheticalSpace } from '../spaces/index';
import { releaseBudget, releaseCategories, releaseCount, releaseNamed, RELEASE_GENERALIZE, snapAsk } from './demand-release';

type Change = SingleChange & { change: string; kind: string };

/** The lower rents tried: the ladder's values below the rent, down to a tenth of it, highest first. */
const lowerPrices = (price: number) => DEMAND_LADDER.filter((v) => v < price && v >= price / 10).reverse();
const money = (n: number, currency: string) => n.toLocaleString('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });

/** The listing as the form describes it; no owner (0): nobody's own searches are left out of an anonymous ask. */
export function hypotheticalSpace(query: DemandQuery, ownerId = 0): HypotheticalSpace {
  const position = query.lat !== undefined && query.lng !== undefined ? { latitude: query.lat, longitude: query.lng } : query.city ? cityPosition({ city: query.city, country: query.country }) : undefined;
  return {
    ownerId,
    city: query.city ?? '',
    country: query.country,
    spaceType: query.spaceType,
    size: query.size ?? null,
    pricePerMonth: query.pricePerMonth ?? null,
    amenities: query.amenities,
    ceilingHeightM: query.ceilingHeightM ?? null,
    floorLoadKgM2: query.floorLoadKgM2 ?? null,
    powerKw: derivedPowerKw(query.powerAmps, query.powerPhase ?? undefined, query.powerKw),
    water: query.water ?? null,
    access24h: query.access24h ?? null,
    availableFrom: query.availableFrom ?? null,
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
  };
}

/** The single changes an owner could make, each a whole listing to evaluate: a lower rent, a stated fact, an amenity. */
function singleChanges(base: HypotheticalSpace, currency: string, today: string): Change[] {
  const changes: Change[] = [];
  const price = base.pricePerMonth === null ? null : Number(base.pricePerMonth);
  if (price !== null) {
    for (const lower of lowerPrices(price)) {
      changes.push({ kind: 'price', filter: 'maxPrice', change: `a price at or below ${money(lower, currency)}`, space: { ...base, pricePerMonth: lower.toFixed(2) } });
    }
  }
  if (base.water !== 'tap' && base.water !== 'dedicated') changes.push({ kind: 'water', filter: 'water', change: 'list water access (a tap)', space: { ...base, water: 'tap' } });
  if (base.water !== 'dedicated') changes.push({ kind: 'water', filter: 'water', change: 'list a dedicated water supply', space: { ...base, water: 'dedicated' } });
  if (base.access24h !== true) changes.push({ kind: 'access24h', filter: 'access24h', change: 'offer 24/7 access', space: { ...base, access24h: true } });
  if (base.availableFrom !== null && base.availableFrom > today) changes.push({ kind: 'availableFrom', filter: 'availableBy', change: 'make it available now', space: { ...base, availableFrom: null } });
  for (const a of AMENITIES) {
    if (!a.inForm || base.amenities.includes(a.id)) continue;
    changes.push({ kind: `amenity:${a.id}`, filter: 'amenities', change: `list ${a.label}`, space: { ...base, amenities: [...base.amenities, a.id] } });
  }
  return changes;
}

/**
 * The answer under the release rule (decision 1603, demand-release.ts): counts of people, rounded; a system or a
 * suggestion of fewer than 5 people absent; the budget a band of at least 10 people's budgets.
 */
export function demandAnswer(demand: SearchDemand, changes: Change[], comparables: { count: number; p25: number | null; median: number | null; p75: number | null }, currency: string): DemandAnswer {
  const [matching = 0, ...variants] = demand.people.matching;
  const enoughMatching = matching >= DEMAND_MIN_COUNT;
  const matchingBudget = releaseBudget(demand.budgets.matching);
  const budgetBasis = matchingBudget ? 'matching' : 'nearby';
  const budget = matchingBudget ?? releaseBudget(demand.budgets.nearby);
  // Largest gain first; one suggestion of each kind (of the lower rents, the highest that gains as much).
  const best = new Map<string, { change: string; extra: number; shown: number }>();
  changes.forEach((c, i) => {
    const extra = (variants[i] ?? 0) - matching;
    const shown = releaseNamed(extra);
    const seen = best.get(c.kind);
    if (shown !== null && (!seen || extra > seen.extra)) best.set(c.kind, { change: c.change, extra, shown });
  });
  return {
    searches: { matching: releaseCount(matching), nearby: releaseCount(demand.people.nearby), trend30d: releaseCount(demand.people.nearbySince) },
    bySystem: releaseCategories(demand.systems[enoughMatching ? 'matching' : 'nearby']).map(({ key, people }) => ({ system: key, searches: people })),
    budget: budget && { ...budget, currency, basis: budgetBasis },
    comparables: {
      count: comparables.count,
      pricePerSqFt: comparables.count >= DEMAND_MIN_COUNT && comparables.median !== null ? { p25: comparables.p25!, median: comparables.median, p75: comparables.p75! } : null,
    },
    widen: [...best.values()]
      .sort((a, b) => b.extra - a.extra)
      .slice(0, DEMAND_WIDEN_MAX)
      .map((w) => ({ change: w.change, extraSearches: w.shown })),
  };
}

/** The listing the query describes and its single changes (what savedSearchDemand evaluates; the benchmark too). */
export function demandListings(query: DemandQuery, now: Date, ownerId?: number): { base: HypotheticalSpace; changes: Change[] } {
  const base = hypotheticalSpace(query, ownerId);
  return { base, changes: singleChanges(base, query.currency, now.toISOString().slice(0, 10)) };
}

/** GET /api/demand: the demand for the listing the query describes, its single changes' gains, its comparables. */
export async function getDemand(ctx: { db: Executor; now: Date }, { query, ownerId }: { query: DemandQuery; ownerId?: number }): Promise<DemandAnswer> {
  const { base, changes } = demandListings(snapAsk(query), ctx.now, ownerId);
  // Two statements side by side (the pool has connections to spare): the searches' side and the listings' side.
  const [demand, comparables] = await Promise.all([
    savedSearchDemand(ctx.db, { listing: base, changes, since: new Date(ctx.now.getTime() - DEMAND_TREND_DAYS * DAY), generalize: RELEASE_GENERALIZE }),
    base.latitude !== null && base.longitude !== null
      ? comparableListingPrices(ctx.db, { lat: base.latitude, lng: base.longitude, radiusKm: COMPARABLES_RADIUS_KM, spaceType: base.spaceType }, ctx.now)
      : { count: 0, p25: null, median: null, p75: null },
  ]);
  return demandAnswer(demand, changes, comparables, query.currency);
}

/** The single widenings of a farmer's search: the next radius, a higher budget, one filter dropped. */
function searchWidenings(query: SpaceQuery): { change: string; params: Record<string, string | null>; query: SpaceQuery }[] {
  const out: { change: string; params: Record<string, string | null>; query: SpaceQuery }[] = [];
  const radius = query.radiusKm;
  const next = radius === undefined ? undefined : RADIUS_CHOICES_KM.find((r) => r > radius);
  if (next !== undefined) out.push({ change: `widened the radius to ${next} km`, params: { radiusKm: String(next) }, query: { ...query, radiusKm: next } });
  if (query.maxPrice !== undefined) {
    const raised = Math.min(MAX_PRICE_PER_MONTH, Math.ceil((Number(query.maxPrice) * 1.25) / 50) * 50);
    if (raised > Number(query.maxPrice)) out.push({ change: `raised the budget to $${raised.toLocaleString('en-US')}`, params: { maxPrice: String(raised) }, query: { ...query, maxPrice: String(raised) } });
  }
  const drops: [keyof SpaceQuery, string][] = [
    ['spaceType', 'allowed any type of space'],
    ['minSize', 'dropped the minimum size'],
    ['maxSize', 'dropped the maximum size'],
    ['minCeilingM', 'dropped the ceiling minimum'],
    ['minFloorLoadKgM2', 'dropped the floor-load minimum'],
    ['minPowerKw', 'dropped the power minimum'],
    ['water', 'dropped the water need'],
    ['access24h', 'dropped 24/7 access'],
    ['availableBy', 'dropped the move-in date'],
  ];
  for (const [key, change] of drops) if (query[key] !== undefined) out.push({ change, params: { [key]: null }, query: { ...query, [key]: undefined } });
  if (query.amenities.length) out.push({ change: 'dropped the amenities', params: { amenities: null }, query: { ...query, amenities: [] } });
  return out;
}

/** GET /api/demand/widen-search: how many more listings each single widening of a browse query would show. */
export async function widenSearch(ctx: { db: Executor; now: Date }, { query }: { query: SpaceQuery }): Promise<WidenSearchAnswer> {
  const base = await countListings(ctx.db, query, ctx.now);
  const widenings = searchWidenings(query);
  const counts: number[] = [];
  for (const w of widenings) counts.push(await countListings(ctx.db, w.query, ctx.now));
  return {
    widen: widenings
      .map((w, i) => ({ change: w.change, params: w.params, extraSpaces: counts[i]! - base }))
      .filter((w) => w.extraSpaces > 0)
      .sort((a, b) => b.extraSpaces - a.extraSpaces)
      .slice(0, DEMAND_WIDEN_MAX),
  };
}

/** A place search belongs to the largest place this close to its centre (the cell's middle: within ~7 km of it). */
const CITY_OF_CENTRE_KM = 15;

/**
 * GET /api/demand/cities and the page /demand: the live saved searches city by city, only cities searched by at
 * least DEMAND_MIN_COUNT people (one person's searches never list a city, nor give its figures) and only places
 * the gazetteer knows (a search's own text is never shown: a city typed as anything else is left out); a place
 * search counts in the most populous place within CITY_OF_CENTRE_KM of its centre's 0.1° cell (a district's
 * searches count in its city).
 */
export async function cityDemand(ctx: { db: Executor }): Promise<DemandCitiesAnswer> {
  const [centres, named] = await Promise.all([searchCentreCells(ctx.db), searchedCities(ctx.db)]);
  const cells = centres.flatMap((c) => {
    const place = largestPlaceNear(c.lat, c.lng, CITY_OF_CENTRE_KM);
    return place ? [{ ...c, city: place.name, country: place.country }] : [];
  });
  const placeOf = (cityKey: string, country: string) => (country ? findCity(cityKey, country) : largestPlaceNamed(cityKey));
  const cities = named.filter((c) => placeOf(c.cityKey, c.country));
  const rows = await searchesByCity(ctx.db, { cells, cities, minFarmers: DEMAND_MIN_COUNT, limit: DEMAND_CITIES_MAX });
  return {
    cities: rows.flatMap((r) => {
      const known = placeOf(r.cityKey, r.country);
      if (!known) return [];
      return [
        {
          city: known.name,
          country: r.country,
          searches: releaseNamed(r.searches) ?? 0,
          farmers: releaseCount(r.farmers),
          systems: releaseCategories(r.systems, DEMAND_TOP_MAX).map(({ key, people }) => ({ system: key, searches: people })),
          spaceTypes: releaseCategories(r.spaceTypes, DEMAND_TOP_MAX).map(({ key, people }) => ({ spaceType: key, searches: people })),
          budget: releaseBudget(r.budgets),
        },
      ];
    }),
  };
}
