// The fit with its reasons and the estimated yield, and the growing facts in metric and imperial: the detail's
// part of growing suitability (the card's badge and the picker stay in GrowingFit.tsx), so a page of cards
// does not load them before a card is opened (issue 32).
import {
  CLIMATE_LABELS,
  estimateAnnualYield,
  FIT_LABELS,
  formatFloorLoad,
  formatHeight,
  formatPounds,
  formatPower,
  GOODS_ACCESS_LABELS,
  WATER_LABELS,
  type GrowingSystem,
} from '#contracts/growing';
import type { Space } from '#contracts/spaces.schemas';
import { formatDate } from '../../../lib/display/space-display';
import { FitBadge, fitOf } from '../shared/GrowingFit';

export function FitDetails({ space, system }: { space: Space; system: GrowingSystem }) {
  const fit = fitOf(system, space);
  const yields = estimateAnnualYield(system, { ...space, sizeSqFt: space.size }, fit);
  return (
    <section aria-labelledby={`fit-${space.id}`} className="rounded-xl border border-line p-4" data-testid="fit-details">
      <h3 id={`fit-${space.id}`} className="flex flex-wrap items-center gap-2 text-base font-semibold text-ink">
        Fit for {system.name} <FitBadge level={fit.level} />
      </h3>
      <ul className="mt-2 space-y-1 text-sm">
        {fit.reasons.map((r) => (
          <li key={r.text} className="flex gap-2">
            <span aria-hidden="true" className={r.level === 'good' ? 'text-brand-700' : r.level === 'possible' ? 'text-amber-700' : 'text-red-700'}>
              {r.level === 'good' ? '✓' : r.level === 'possible' ? '?' : '✕'}
            </span>
            <span className="text-ink">
              <span className="sr-only">{FIT_LABELS[r.level]}: </span>
              {r.text}
            </span>
          </li>
        ))}
      </ul>
      {fit.level !== 'not_suitable' && yields.length > 0 && (
        <div className="mt-3" data-testid="yield-estimate">
          <h4 className="text-sm font-semibold text-ink">Estimated annual yield</h4>
          <ul className="mt-1 space-y-0.5 text-sm text-muted">
            {yields.map((y) => (
              <li key={y.crop.id}>
                {y.crop.category}: {formatPounds(y.minLb)} – {formatPounds(y.maxLb)} a year
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-muted">
            {yields[0]!.canopySqFt.toLocaleString('en-US')} sq ft of canopy × {yields[0]!.tiers} tier{yields[0]!.tiers === 1 ? '' : 's'}, at the yields and harvest cycles of our{' '}
            <a className="underline" href="/articles/maximizing-yield-small-vertical-spaces">
              yield guide
            </a>
            ; each line if the whole canopy grows that crop. Typical ranges for a well-run farm, not a promise.
          </p>
        </div>
      )}
    </section>
  );
}

/** The growing facts the owner stated, each in metric and imperial; nothing when none is stated. */
export function GrowingFactsList({ space }: { space: Space }) {
  const items: [string, string][] = [];
  if (space.ceilingHeightM !== null) items.push(['Clear ceiling height', formatHeight(space.ceilingHeightM)]);
  if (space.floorLoadKgM2 !== null) items.push(['Usable floor load', formatFloorLoad(space.floorLoadKgM2)]);
  if (space.powerKw !== null || space.powerAmps !== null) items.push(['Electrical capacity', formatPower(space)]);
  if (space.water !== null) items.push(['Water', WATER_LABELS[space.water]]);
  if (space.floorDrain !== null) items.push(['Floor drain', space.floorDrain ? 'Yes' : 'No']);
  if (space.sunHours !== null || space.orientation !== null)
    items.push(['Natural light', [space.sunHours !== null ? `${space.sunHours} h direct sun a day` : null, space.orientation ? `faces ${space.orientation}` : null].filter(Boolean).join(', ')]);
  if (space.climateControl !== null) items.push(['Climate control', CLIMATE_LABELS[space.climateControl]]);
  if (space.access24h !== null || space.accessHours) items.push(['Access', space.access24h ? '24/7' : space.accessHours || 'Limited hours']);
  if (space.goodsAccess.length) items.push(['Goods access', space.goodsAccess.map((g) => GOODS_ACCESS_LABELS[g]).join(', ')]);
  if (space.foodSafetyStatus) items.push(['Food safety / zoning (as stated by the owner)', space.foodSafetyStatus]);
  if (space.minLeaseMonths !== null) items.push(['Minimum lease', `${space.minLeaseMonths} month${space.minLeaseMonths === 1 ? '' : 's'}`]);
  if (space.availableFrom !== null) items.push(['Available from', formatDate(`${space.availableFrom}T12:00:00Z`)]);
  if (!items.length) return null;
  return (
    <section aria-labelledby={`growing-${space.id}`}>
      <h3 id={`growing-${space.id}`} className="text-base font-semibold text-ink">
        Growing details
      </h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="growing-facts">
        {items.map(([k, v]) => (
          <div key={k}>
            <dt className="font-semibold text-ink">{k}</dt>
            <dd className="text-muted">{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
