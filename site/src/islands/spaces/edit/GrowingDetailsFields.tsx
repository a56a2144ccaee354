// The "Growing details" step of the listing form (and of editing): every fact optional, typed in metric
// or imperial and sent in SI units; the form's values and their checks are lib/display/growing-form.ts.
import { useId } from 'react';
import {
  CLIMATE_CONTROLS,
  CLIMATE_LABELS,
  feetToMetres,
  GOODS_ACCESS,
  GOODS_ACCESS_LABELS,
  GROWING_BOUNDS as B,
  kgM2ToPsf,
  metresToFeet,
  ORIENTATIONS,
  psfToKgM2,
  WATER_LABELS,
  WATER_SUPPLIES,
  type GrowingFacts,
} from '#contracts/growing';
import { describedBy, Field } from '../../shared/FormField';
import { growingBody, growingFormOf, round, type GrowingForm, type Units } from '../../../lib/display/growing-form';

const FOOD_HINT = 'E.g. “zoned light industrial, food-grade floor”. Shown as stated by you.';

export function GrowingDetailsFields({ value, onChange, errors }: { value: GrowingForm; onChange: (next: GrowingForm) => void; errors: Partial<Record<keyof GrowingForm, string>> }) {
  const id = useId().replace(/:/g, '');
  const set = <K extends keyof GrowingForm>(key: K, v: GrowingForm[K]) => onChange({ ...value, [key]: v });
  const imperial = value.units === 'imperial';
  const switchUnits = (units: Units) => {
    if (units === value.units) return;
    const { body } = growingBody(value);
    const converted = growingFormOf({ ...(body as unknown as GrowingFacts), goodsAccess: [] }, units);
    // Keep what the owner typed in every field except the two that change unit.
    onChange({ ...value, units, ceiling: body.ceilingHeightM === null ? value.ceiling : converted.ceiling, floorLoad: body.floorLoadKgM2 === null ? value.floorLoad : converted.floorLoad });
  };
  const err = (k: keyof GrowingForm) => errors[k];
  const cls = (k: keyof GrowingForm) => `input ${errors[k] ? 'border-[var(--color-danger)] ring-1 ring-[var(--color-danger)]' : ''}`;
  const ceilingSi = Number(value.ceiling) > 0 ? (imperial ? feetToMetres(Number(value.ceiling)) : Number(value.ceiling)) : null;
  const loadSi = Number(value.floorLoad) > 0 ? (imperial ? psfToKgM2(Number(value.floorLoad)) : Number(value.floorLoad)) : null;
  return (
    <fieldset className="space-y-5" data-testid="growing-details">
      <legend className="text-lg font-semibold text-ink">Growing details</legend>
      <p className="text-sm text-muted">All optional. Farmers filter on these and see how well their growing system fits; leave blank what you do not know.</p>
      <div role="radiogroup" aria-label="Units" className="inline-flex rounded-lg border border-line p-0.5 text-sm">
        {(['metric', 'imperial'] as const).map((u) => (
          <label key={u} className={`cursor-pointer rounded-md px-3 py-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500 ${value.units === u ? 'bg-brand-700 text-white' : 'text-ink'}`}>
            <input type="radio" name={`${id}-units`} className="sr-only" checked={value.units === u} onChange={() => switchUnits(u)} />
            {u === 'metric' ? 'Metric (m, kg/m²)' : 'Imperial (ft, lb/sq ft)'}
          </label>
        ))}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-ceiling`} label={`Clear ceiling height (${imperial ? 'ft' : 'm'})`} error={err('ceiling')} hint={ceilingSi ? (imperial ? `= ${round(ceilingSi, 2)} m` : `= ${round(metresToFeet(ceilingSi), 1)} ft`) : 'Floor to the lowest beam, duct or sprinkler'}>
          <input id={`${id}-ceiling`} name="ceilingHeight" type="number" inputMode="decimal" step="0.1" min={0} className={cls('ceiling')} value={value.ceiling} onChange={(e) => set('ceiling', e.target.value)} />
        </Field>
        <Field id={`${id}-load`} label={`Usable floor load (${imperial ? 'lb/sq ft' : 'kg/m²'})`} error={err('floorLoad')} hint={loadSi ? (imperial ? `= ${Math.round(loadSi)} kg/m²` : `= ${Math.round(kgM2ToPsf(loadSi))} lb/sq ft`) : 'From the building plans or an engineer'}>
          <input id={`${id}-load`} name="floorLoad" type="number" inputMode="numeric" step={1} min={0} className={cls('floorLoad')} value={value.floorLoad} onChange={(e) => set('floorLoad', e.target.value)} />
        </Field>
        <Field id={`${id}-kw`} label="Power available (kW)" error={err('powerKw')} hint="Or give the service's amps and phase">
          <input id={`${id}-kw`} name="powerKw" type="number" inputMode="decimal" step="any" min={0} className={cls('powerKw')} value={value.powerKw} onChange={(e) => set('powerKw', e.target.value)} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field id={`${id}-amps`} label="Service (amps)" error={err('powerAmps')}>
            <input id={`${id}-amps`} name="powerAmps" type="number" inputMode="numeric" step={1} min={0} className={cls('powerAmps')} value={value.powerAmps} onChange={(e) => set('powerAmps', e.target.value)} />
          </Field>
          <Field id={`${id}-phase`} label="Phase">
            <select id={`${id}-phase`} className="input" value={value.powerPhase} onChange={(e) => set('powerPhase', e.target.value)}>
              <option value="">Not stated</option>
              <option value="single">Single-phase</option>
              <option value="three">Three-phase</option>
            </select>
          </Field>
        </div>
        <Field id={`${id}-water`} label="Water">
          <select id={`${id}-water`} className="input" value={value.water} onChange={(e) => set('water', e.target.value)}>
            <option value="">Not stated</option>
            {WATER_SUPPLIES.map((w) => (
              <option key={w} value={w}>
                {WATER_LABELS[w]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-drain`} label="Floor drain">
          <select id={`${id}-drain`} className="input" value={value.floorDrain} onChange={(e) => set('floorDrain', e.target.value)}>
            <option value="">Not stated</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </select>
        </Field>
        <Field id={`${id}-sun`} label="Direct sun (hours a day)" error={err('sunHours')} hint="Rooftops and greenhouses">
          <input id={`${id}-sun`} name="sunHours" type="number" inputMode="decimal" step="0.5" min={0} max={16} className={cls('sunHours')} value={value.sunHours} onChange={(e) => set('sunHours', e.target.value)} />
        </Field>
        <Field id={`${id}-orientation`} label="Orientation">
          <select id={`${id}-orientation`} className="input" value={value.orientation} onChange={(e) => set('orientation', e.target.value)}>
            <option value="">Not stated</option>
            {ORIENTATIONS.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-climate`} label="Climate control">
          <select id={`${id}-climate`} className="input" value={value.climateControl} onChange={(e) => set('climateControl', e.target.value)}>
            <option value="">Not stated</option>
            {CLIMATE_CONTROLS.map((c) => (
              <option key={c} value={c}>
                {CLIMATE_LABELS[c]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-access`} label="Access hours">
          <select id={`${id}-access`} className="input" value={value.access} onChange={(e) => set('access', e.target.value)}>
            <option value="">Not stated</option>
            <option value="24h">24/7</option>
            <option value="limited">Limited hours</option>
          </select>
        </Field>
        {value.access === 'limited' && (
          <Field id={`${id}-hours`} label="Which hours?" name="accessHours" error={err('accessHours')} limit={{ length: value.accessHours.length, max: B.accessHours.max }}>
            <input id={`${id}-hours`} className={cls('accessHours')} value={value.accessHours} onChange={(e) => set('accessHours', e.target.value)} aria-describedby={describedBy(`${id}-hours`, err('accessHours'), undefined, true)} placeholder="Mon–Sat 6:00–20:00" />
          </Field>
        )}
        <Field id={`${id}-lease`} label="Minimum lease (months)" error={err('minLeaseMonths')}>
          <input id={`${id}-lease`} name="minLeaseMonths" type="number" inputMode="numeric" step={1} min={1} className={cls('minLeaseMonths')} value={value.minLeaseMonths} onChange={(e) => set('minLeaseMonths', e.target.value)} />
        </Field>
        <Field id={`${id}-from`} label="Available from">
          <input id={`${id}-from`} type="date" className="input" value={value.availableFrom} onChange={(e) => set('availableFrom', e.target.value)} />
        </Field>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-ink">Goods access</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {GOODS_ACCESS.map((g) => (
            <label key={g} className="flex items-center gap-2 text-sm text-ink">
              <input type="checkbox" className="h-4 w-4 accent-[var(--color-brand-700)]" checked={value.goodsAccess.includes(g)} onChange={(e) => set('goodsAccess', GOODS_ACCESS.filter((x) => (x === g ? e.target.checked : value.goodsAccess.includes(x))))} />
              {GOODS_ACCESS_LABELS[g]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field id={`${id}-food`} label="Food-safety or zoning status (as you know it)" hint={FOOD_HINT} name="foodSafetyStatus" error={err('foodSafetyStatus')} limit={{ length: value.foodSafetyStatus.length, max: B.foodSafetyStatus.max }}>
        <input id={`${id}-food`} className={cls('foodSafetyStatus')} value={value.foodSafetyStatus} onChange={(e) => set('foodSafetyStatus', e.target.value)} aria-describedby={describedBy(`${id}-food`, err('foodSafetyStatus'), FOOD_HINT, true)} />
      </Field>
    </fieldset>
  );
}
