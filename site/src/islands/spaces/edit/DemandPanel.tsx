// The demand panel of the list-space form (issue 29): about how many farmers' saved searches this listing
// would match (the alerts' own rule over searches seen under the release rule of decision 1603: people, rounded
// to 5), what they budget (a band of at least 10 people), what comparable listings ask, and the single changes
// that would reach more of them. Loaded on demand by ListSpaceForm once
// the owner names a place, so the form's first load does not carry it (docs/decisions/1601).
import { useStore } from '@nanostores/react';
import { FEWER_THAN_MIN, type DemandAnswer, type DemandCount } from '#contracts/demand';
import { growingSystem } from '#contracts/growing-systems';
import { ApiRequestError } from '../../../lib/api/api-client';
import { $demand } from '../../../lib/stores/demand-store';
import { formatPrice, SPACE_TYPE_LABELS } from '../../../lib/display/space-display';
import { DemandCounting, DemandPanelFrame, PriceHintLine } from './DemandPanelFrame';

const count = (n: DemandCount, one: string, many: string) => (n === FEWER_THAN_MIN ? `Fewer than 5 ${many}` : `${n === 1 ? '1' : `About ${n.toLocaleString('en-US')}`} ${n === 1 ? one : many}`);
const range = (low: number, high: number, currency: string) =>
  Math.round(low) === Math.round(high) ? formatPrice(Math.round(low), currency) : `${formatPrice(Math.round(low), currency)}–${formatPrice(Math.round(high), currency)}`;

export function DemandPanel({ spaceType, city }: { spaceType: string; city: string }) {
  const { data, loading, error } = useStore($demand);
  const kind = (SPACE_TYPE_LABELS[spaceType] ?? spaceType).toLowerCase();
  return (
    <DemandPanelFrame busy={loading}>
      {error && !data && (
        <p className="mt-2 text-muted" role="status">
          {/* Over the place's daily quota of distinct asks (decision 1603): the server's own words. */}
          {error instanceof ApiRequestError && error.status === 429 && error.serverMessage ? error.serverMessage : 'The demand could not be counted just now.'}
        </p>
      )}
      {!data && !error && <DemandCounting />}
      {data && <DemandFacts data={data} kind={kind} city={city} />}
    </DemandPanelFrame>
  );
}

function DemandFacts({ data, kind, city }: { data: DemandAnswer; kind: string; city: string }) {
  const { searches, budget, comparables, widen, bySystem } = data;
  const systems = bySystem.slice(0, 3);
  return (
    <div className="mt-2 space-y-2">
      <p className="text-lg font-semibold text-brand-900" data-demand-matching={String(searches.matching)}>
        {count(searches.matching, 'farmer is', 'farmers are')} looking for a {kind} like this within their search radius
        {budget ? `; they budget ${range(budget.p25, budget.p75, budget.currency)} a month` : ''}.
      </p>
      <p data-demand-nearby={String(searches.nearby)}>
        {count(searches.nearby, 'farmer searches', 'farmers search')} {city || 'this place'} whatever the type or size
        {searches.trend30d !== FEWER_THAN_MIN ? `, about ${searches.trend30d.toLocaleString('en-US')} of them new in the last 30 days` : ''}.
        {budget?.basis === 'nearby' ? ' The budget range is theirs.' : ''}
      </p>
      {systems.length > 0 && <p>They grow: {systems.map((s) => `${growingSystem(s.system)?.name ?? s.system} (${s.searches})`).join(', ')}.</p>}
      {comparables.pricePerSqFt && (
        <p>
          {comparables.count.toLocaleString('en-US')} {kind}s are listed within 25 km, at {comparables.pricePerSqFt.median.toFixed(2)} a sq ft a month (most between {comparables.pricePerSqFt.p25.toFixed(2)} and {comparables.pricePerSqFt.p75.toFixed(2)}).
        </p>
      )}
      {widen.length > 0 && (
        <div>
          <p className="font-semibold">To reach more farmers:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5" data-demand-widen>
            {widen.map((w) => (
              <li key={w.change}>
                {w.change.charAt(0).toUpperCase() + w.change.slice(1)} would reach {w.extraSearches === FEWER_THAN_MIN ? 'a few' : `about ${w.extraSearches.toLocaleString('en-US')}`} more {w.extraSearches === 1 ? 'farmer' : 'farmers'}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Under the rent field: the farmers' budget range, once enough searches give one (its line held until then). */
export function DemandPriceHint() {
  const { data } = useStore($demand);
  const budget = data?.budget;
  if (!budget) return <PriceHintLine />;
  return (
    <PriceHintLine>
      Farmers here budget {range(budget.p25, budget.p75, budget.currency)}
      {Math.round(budget.p25) !== Math.round(budget.p75) && ` (median ${formatPrice(Math.round(budget.median), budget.currency)})`}
    </PriceHintLine>
  );
}
