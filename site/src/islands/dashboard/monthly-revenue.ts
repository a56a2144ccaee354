// The owner's monthly rent on the dashboard's Overview (issue 25 item 21): a listing with agreed leases that
// have not ended (let) counts the rent agreed in them, not its list price; a live listing without one counts
// its asking price. Drafts, paused, expired and hidden listings count nothing (issue 43 item 8: an unpaid
// draft is no revenue). Amounts in different currencies are never added together.
import type { AgreementSummary } from '#contracts/agreements';
import { formatPrice } from '../../lib/display/space-display';
import type { OwnSpace } from '#contracts/spaces.schemas';
import { leaseEnd } from './ListingLeases';

type Lease = { spaceId: number; agreement: Pick<AgreementSummary, 'rent' | 'currency' | 'startDate' | 'termMonths'> };

/** Cents per currency, in the order the currencies first appear. */
export function monthlyRevenueByCurrency(spaces: Pick<OwnSpace, 'id' | 'pricePerMonth' | 'currency' | 'status'>[], leases: Lease[], today: string): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (currency: string, amount: string) => totals.set(currency, (totals.get(currency) ?? 0) + Math.round(Number(amount) * 100));
  for (const space of spaces) {
    const running = leases.filter((l) => l.spaceId === space.id && leaseEnd(l.agreement) > today);
    if (running.length === 0) {
      if (space.status === 'active') add(space.currency, space.pricePerMonth);
    }
    else for (const { agreement } of running) add(agreement.currency, agreement.rent);
  }
  return totals;
}

/** "$2,150", or "$2,150 + €900" across currencies; "$0" with no listing. */
export function formatMonthlyRevenue(totals: Map<string, number>): string {
  if (totals.size === 0) return formatPrice(0);
  return [...totals].map(([currency, cents]) => formatPrice(cents / 100, currency)).join(' + ');
}
