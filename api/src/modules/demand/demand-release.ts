// The release rule of the demand (issue 38.1, docs/decisions/1603), in one place: every figure that leaves the
// demand module — GET /api/demand, GET /api/demand/cities and the page /demand, the owner's listing numbers — is
// made by the functions here, from counts of people (accounts, not searches) over searches seen as
// `RELEASE_GENERALIZE` says (requirements snapped to a coarse ladder; a requirement fewer than 5 people state
// read as not stated), asked with facts snapped by `snapAsk`.
import { DEMAND_BUDGET_MIN_PEOPLE, DEMAND_LADDER, DEMAND_MIN_COUNT, demandCount, snapToLadder, type DemandCount, type DemandQuery, type Quartiles } from '#contracts/demand.schemas';
import type { Generalize } from '../saved-searches/index';

/** How the searches are seen for a released figure (savedSearchDemand's `generalize`). */
export const RELEASE_GENERALIZE: Generalize = { minPeople: DEMAND_MIN_COUNT, ladder: DEMAND_LADDER };

/** A position is asked about to this many decimal places of a degree (a 0.1° cell, about 11 km). */
const POSITION_DECIMALS = 1;

/** The ask as it is evaluated, cached and counted against the place's quota: price and size on the ladder, the pin in its cell. */
export function snapAsk(query: DemandQuery): DemandQuery {
  const round = (x: number | undefined) => (x === undefined ? undefined : Number(x.toFixed(POSITION_DECIMALS)));
  return {
    ...query,
    pricePerMonth: query.pricePerMonth === undefined ? undefined : snapToLadder(Number(query.pricePerMonth)).toFixed(2),
    size: query.size === undefined ? undefined : snapToLadder(query.size),
    lat: round(query.lat),
    lng: round(query.lng),
  };
}

/** One count of people: "fewer than 5" below DEMAND_MIN_COUNT, else rounded down to a multiple of 5. */
export const releaseCount = (people: number): DemandCount => demandCount(people);

/** A count that names something (a system, a suggestion): absent (null) below DEMAND_MIN_COUNT people, else rounded. */
export function releaseNamed(people: number): number | null {
  const n = demandCount(people);
  return typeof n === 'number' ? n : null;
}

/** Categories (key → people): only those of at least DEMAND_MIN_COUNT people, most first (then by key), rounded. */
export function releaseCategories(people: Record<string, number>, max = Infinity): { key: string; people: number }[] {
  return Object.entries(people)
    .flatMap(([key, n]) => {
      const shown = releaseNamed(n);
      return shown === null ? [] : [{ key, people: shown, exact: n }];
    })
    .sort((a, b) => b.exact - a.exact || a.key.localeCompare(b.key))
    .slice(0, max)
    .map(({ key, people: n }) => ({ key, people: n }));
}

/** A quantile of sorted values (linear between neighbours). */
function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/**
 * A band of budgets, one value per person: null below DEMAND_BUDGET_MIN_PEOPLE; else the lowest and highest tenth
 * (at least one each) trimmed, and the rest's quartiles snapped to the ladder — never one person's exact figure.
 */
export function releaseBudget(perPerson: number[]): Quartiles | null {
  if (perPerson.length < DEMAND_BUDGET_MIN_PEOPLE) return null;
  const sorted = [...perPerson].sort((a, b) => a - b);
  const cut = Math.max(1, Math.floor(sorted.length / 10));
  const kept = sorted.slice(cut, sorted.length - cut);
  return { p25: snapToLadder(quantile(kept, 0.25)), median: snapToLadder(quantile(kept, 0.5)), p75: snapToLadder(quantile(kept, 0.75)) };
}
