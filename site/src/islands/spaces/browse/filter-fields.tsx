// The form control of every browse filter, keyed by the registry's names (contracts/space-filters.ts): the
// type checker asks for one entry here when a filter is added there. A control reads the draft filters and
// hands changes to `update`; the browse store applies typed keys after a pause and choices at once, so a
// control with several URL keys (a place and a radius) sets them together in one `update`.
import type { ReactNode } from 'react';
import { AMENITIES } from '#contracts/amenities';
import { COUNTRIES, SPACE_TYPES } from '#contracts/constants';
import { kgM2ToPsf, metresToFeet } from '#contracts/growing';
import { FILTER_LABELS as LABEL, type SpaceFilterName, type SpaceFilterParam } from '#contracts/space-filters';
import type { FilterErrors, Filters } from '../../../lib/stores/browse-store';
import { countryName, SPACE_TYPE_LABELS } from '../../../lib/display/space-display';
import { Field } from '../../shared/FormField';
import { AmenityIcon } from '../shared/AmenityIcon';
import { LocationBox, RadiusSelect, type PlacePick } from './LocationBox';
import { DEFAULT_RADIUS_KM } from '#contracts/places';

export type FilterControlProps = { draft: Filters; errors: FilterErrors; update: (patch: Partial<Filters>) => void };

/** Where a control sits in the form: its group, and whether it takes half a row (two side by side). */
export type FilterControl = { group: FilterGroupId; half?: true; Control: (props: FilterControlProps) => ReactNode };

export type FilterGroupId = 'place' | 'growing' | 'amenities';
/** The form's groups, in order; a group with a legend is a fieldset. */
export const FILTER_GROUPS: { id: FilterGroupId; legend?: string }[] = [{ id: 'place' }, { id: 'growing', legend: 'Growing needs' }, { id: 'amenities', legend: LABEL.amenities }];

/** A typed field's error, on its Field and tied to its input. */
const invalid = (errors: FilterErrors, key: SpaceFilterParam, id: string) => ({ 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': errors[key] ? `${id}-error` : undefined });

type NumberKey = 'minSize' | 'maxSize' | 'maxPrice' | 'minCeilingM' | 'minFloorLoadKgM2' | 'minPowerKw';

function NumberFilter({ draft, errors, update, param, id, decimals, step, hint }: FilterControlProps & { param: NumberKey; id: string; decimals: boolean; step: number | 'any'; hint?: ReactNode }) {
  return (
    <Field label={LABEL[param]} id={id} error={errors[param]} hint={hint}>
      <input id={id} {...invalid(errors, param, id)} type="number" inputMode={decimals ? 'decimal' : 'numeric'} min={0} step={step} className="input" value={draft[param]} onChange={(e) => update({ [param]: e.target.value })} />
    </Field>
  );
}

function ChoiceFilter({ draft, update, param, id, any, options }: FilterControlProps & { param: 'country' | 'spaceType' | 'water'; id: string; any: string; options: readonly (readonly [string, string])[] }) {
  return (
    <Field label={LABEL[param]} id={id}>
      <select id={id} className="input" value={draft[param]} onChange={(e) => update({ [param]: e.target.value })}>
        <option value="">{any}</option>
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The place filter (issue 18): a place from the autocomplete or "near me", a radius, the map's box. */
function PlaceFilter({ draft, errors, update }: FilterControlProps) {
  const hasCenter = draft.near !== '' || draft.lat !== '';
  // A typed name (no centre yet) carries no radius until the browse store has found its place.
  const pick = (p: PlacePick) => update({ near: '', lat: '', lng: '', ...p, radiusKm: 'near' in p || 'lat' in p ? draft.radiusKm || String(DEFAULT_RADIUS_KM) : '' });
  const clear = () => update({ near: '', lat: '', lng: '', place: '', radiusKm: '', ...(draft.sort === 'distance' && { sort: 'newest' as const }) });
  const error = errors.near ?? errors.lat ?? errors.lng ?? errors.radiusKm ?? errors.bbox;
  return (
    <div className="space-y-3" data-testid="location-filter">
      <LocationBox label="Near a place" value={draft.place || (hasCenter ? 'Chosen place' : '')} onPick={pick} onClear={clear} />
      {/* The radius shows only while it filters: with a place and no map box (the box replaces it). */}
      {hasCenter && !draft.bbox && <RadiusSelect value={draft.radiusKm} onChange={(km) => update({ radiusKm: km })} />}
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {draft.bbox && (
        <button type="button" className="btn-outline py-1 text-xs" onClick={() => update({ bbox: '', ...(hasCenter && !draft.radiusKm && { radiusKm: String(DEFAULT_RADIUS_KM) }) })}>
          In the map area ✕
        </button>
      )}
    </div>
  );
}

const positive = (v: string) => v !== '' && Number(v) > 0;

export const FILTER_CONTROLS: { [N in SpaceFilterName]: FilterControl } = {
  place: { group: 'place', Control: PlaceFilter },
  // The city as exact text is kept for links (/spaces?city=…, saved searches, older bookmarks): shown only
  // while a link set it, so the form has one location box (issue 25); the place hint above the results
  // offers the place of that name.
  city: {
    group: 'place',
    Control: ({ draft, errors, update }) =>
      draft.city === '' ? null : (
        <Field label={LABEL.city} id="filter-city" error={errors.city}>
          <div className="flex gap-2">
            <input id="filter-city" {...invalid(errors, 'city', 'filter-city')} type="search" className="input min-w-0 flex-1" value={draft.city} onChange={(e) => update({ city: e.target.value })} autoComplete="address-level2" />
            <button type="button" className="btn-outline px-2 py-1 text-xs" aria-label="Remove the city filter" onClick={() => update({ city: '' })}>
              ✕
            </button>
          </div>
        </Field>
      ),
  },
  size: {
    group: 'place',
    Control: (props) => (
      <div className="grid grid-cols-2 gap-3">
        <NumberFilter {...props} param="minSize" id="filter-min-size" decimals={false} step={1} />
        <NumberFilter {...props} param="maxSize" id="filter-max-size" decimals={false} step={1} />
      </div>
    ),
  },
  maxPrice: { group: 'place', Control: (props) => <NumberFilter {...props} param="maxPrice" id="filter-max-price" decimals step="any" /> },
  country: { group: 'place', Control: (props) => <ChoiceFilter {...props} param="country" id="filter-country" any="Any country" options={COUNTRIES.map((c) => [c, countryName(c)] as const)} /> },
  spaceType: { group: 'place', Control: (props) => <ChoiceFilter {...props} param="spaceType" id="filter-type" any="Any type" options={SPACE_TYPES.map((t) => [t, SPACE_TYPE_LABELS[t] ?? t] as const)} /> },
  minCeilingM: {
    group: 'growing',
    half: true,
    Control: (props) => (
      <NumberFilter {...props} param="minCeilingM" id="filter-min-ceiling" decimals step={0.1} hint={positive(props.draft.minCeilingM) ? `≈ ${metresToFeet(Number(props.draft.minCeilingM)).toFixed(1)} ft` : 'metres'} />
    ),
  },
  minFloorLoadKgM2: {
    group: 'growing',
    half: true,
    Control: (props) => (
      <NumberFilter {...props} param="minFloorLoadKgM2" id="filter-min-load" decimals={false} step={10} hint={positive(props.draft.minFloorLoadKgM2) ? `≈ ${Math.round(kgM2ToPsf(Number(props.draft.minFloorLoadKgM2)))} lb/sq ft` : 'kg per m²'} />
    ),
  },
  minPowerKw: { group: 'growing', half: true, Control: (props) => <NumberFilter {...props} param="minPowerKw" id="filter-min-power" decimals step="any" /> },
  water: {
    group: 'growing',
    half: true,
    Control: (props) => (
      <ChoiceFilter
        {...props}
        param="water"
        id="filter-water"
        any="Any"
        options={[
          ['tap', 'Water on site'],
          ['dedicated', 'Dedicated line'],
        ]}
      />
    ),
  },
  access24h: {
    group: 'growing',
    Control: ({ draft, update }) => (
      <label className="flex items-center gap-2 text-sm text-ink">
        <input type="checkbox" className="h-4 w-4 accent-[var(--color-brand-700)]" checked={draft.access24h === 'true'} onChange={(e) => update({ access24h: e.target.checked ? 'true' : '' })} />
        {LABEL.access24h}
      </label>
    ),
  },
  availableBy: {
    group: 'growing',
    Control: ({ draft, update }) => (
      <Field label={LABEL.availableBy} id="filter-available-by">
        <input id="filter-available-by" type="date" className="input" value={draft.availableBy} onChange={(e) => update({ availableBy: e.target.value })} />
      </Field>
    ),
  },
  amenities: {
    group: 'amenities',
    Control: ({ draft, update }) => (
      <div className="flex flex-wrap gap-2">
        {AMENITIES.map((a) => {
          const checked = draft.amenities.includes(a.id);
          return (
            <label key={a.id} className={`inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500 ${checked ? 'border-brand-700 bg-brand-700 text-white' : 'border-line bg-white text-ink hover:bg-brand-50'}`}>
              <input type="checkbox" className="sr-only" checked={checked} onChange={() => update({ amenities: checked ? draft.amenities.filter((x) => x !== a.id) : [...draft.amenities, a.id] })} />
              <AmenityIcon icon={a.icon} className="h-3.5 w-3.5" />
              {a.label}
            </label>
          );
        })}
      </div>
    ),
  },
};
