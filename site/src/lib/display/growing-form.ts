// The growing facts as the listing form holds them (issue 10): typed in metric or imperial, as text, and back
// to the API's body in SI units with a message per field out of bounds. Plain checks (no zod in the island);
// the API checks again. Shown by islands/spaces/edit/GrowingDetailsFields.tsx, kept by the listing-draft store.
import {
  feetToMetres,
  GROWING_BOUNDS as B,
  kgM2ToPsf,
  metresToFeet,
  psfToKgM2,
  type GrowingFacts,
} from '#contracts/growing';

export type Units = 'metric' | 'imperial';
export type GrowingForm = {
  units: Units;
  ceiling: string;
  floorLoad: string;
  powerKw: string;
  powerAmps: string;
  powerPhase: string;
  water: string;
  floorDrain: string;
  sunHours: string;
  orientation: string;
  climateControl: string;
  access: string;
  accessHours: string;
  goodsAccess: string[];
  foodSafetyStatus: string;
  minLeaseMonths: string;
  availableFrom: string;
};

export const EMPTY_GROWING_FORM: GrowingForm = {
  units: 'metric', ceiling: '', floorLoad: '', powerKw: '', powerAmps: '', powerPhase: '', water: '', floorDrain: '', sunHours: '',
  orientation: '', climateControl: '', access: '', accessHours: '', goodsAccess: [], foodSafetyStatus: '', minLeaseMonths: '', availableFrom: '',
};

export const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

/** The form of a stored listing (for editing), in the chosen units. */
export function growingFormOf(f: GrowingFacts, units: Units = 'metric'): GrowingForm {
  const str = (v: number | null) => (v === null ? '' : String(v));
  return {
    units,
    ceiling: f.ceilingHeightM === null ? '' : String(units === 'metric' ? f.ceilingHeightM : round(metresToFeet(f.ceilingHeightM), 1)),
    floorLoad: f.floorLoadKgM2 === null ? '' : String(units === 'metric' ? f.floorLoadKgM2 : Math.round(kgM2ToPsf(f.floorLoadKgM2))),
    powerKw: str(f.powerKw),
    powerAmps: str(f.powerAmps),
    powerPhase: f.powerPhase ?? '',
    water: f.water ?? '',
    floorDrain: f.floorDrain === null ? '' : String(f.floorDrain),
    sunHours: str(f.sunHours),
    orientation: f.orientation ?? '',
    climateControl: f.climateControl ?? '',
    access: f.access24h === null ? '' : f.access24h ? '24h' : 'limited',
    accessHours: f.accessHours ?? '',
    goodsAccess: [...f.goodsAccess],
    foodSafetyStatus: f.foodSafetyStatus ?? '',
    minLeaseMonths: str(f.minLeaseMonths),
    availableFrom: f.availableFrom ?? '',
  };
}


type Checked = { body: Record<string, unknown>; errors: Partial<Record<keyof GrowingForm, string>> };

/** The form as an API body in SI units, with a message per field that is out of bounds. */
export function growingBody(g: GrowingForm): Checked {
  const errors: Checked['errors'] = {};
  const num = (key: keyof GrowingForm, label: string, min: number, max: number, unit: string, toSi: (n: number) => number = (n) => n, int = false): number | null => {
    const raw = String(g[key]).trim();
    if (!raw) return null;
    const n = Number(raw);
    if (!Number.isFinite(n)) errors[key] = `${label} must be a number`;
    else if (int && !Number.isInteger(n)) errors[key] = `${label} must be a whole number`;
    else {
      const si = toSi(n);
      if (si < min - 1e-9 || si > max + 1e-9) errors[key] = `${label} must be between ${fmtBound(min, unit, g.units)} and ${fmtBound(max, unit, g.units)}`;
      else return si;
    }
    return null;
  };
  // Free text counts against its limit in the form (no maxLength: it cuts a paste silently, decision 1210).
  const text = (key: 'accessHours' | 'foodSafetyStatus', label: string, max: number): string | null => {
    const v = g[key].trim();
    if (v.length > max) errors[key] = `${label} must be at most ${max} characters`;
    return v || null;
  };
  const imperial = g.units === 'imperial';
  const body: Record<string, unknown> = {
    ceilingHeightM: num('ceiling', 'Ceiling height', B.ceilingHeightM.min, B.ceilingHeightM.max, 'm', (n) => round(imperial ? feetToMetres(n) : n, 2)),
    floorLoadKgM2: num('floorLoad', 'Floor load', B.floorLoadKgM2.min, B.floorLoadKgM2.max, 'kg/m²', (n) => Math.round(imperial ? psfToKgM2(n) : n)),
    powerKw: num('powerKw', 'Power available', B.powerKw.min, B.powerKw.max, 'kW'),
    powerAmps: num('powerAmps', 'Electrical service', B.powerAmps.min, B.powerAmps.max, 'A', undefined, true),
    powerPhase: g.powerPhase || null,
    water: g.water || null,
    floorDrain: g.floorDrain === '' ? null : g.floorDrain === 'true',
    sunHours: num('sunHours', 'Direct sun', B.sunHours.min, B.sunHours.max, 'hours'),
    orientation: g.orientation || null,
    climateControl: g.climateControl || null,
    access24h: g.access === '' ? null : g.access === '24h',
    accessHours: g.access === 'limited' ? text('accessHours', 'Access hours', B.accessHours.max) : null,
    goodsAccess: g.goodsAccess,
    foodSafetyStatus: text('foodSafetyStatus', 'Food-safety / zoning status', B.foodSafetyStatus.max),
    minLeaseMonths: num('minLeaseMonths', 'Minimum lease', B.minLeaseMonths.min, B.minLeaseMonths.max, 'months', undefined, true),
    availableFrom: g.availableFrom || null,
  };
  return { body, errors };
}

function fmtBound(si: number, unit: string, units: Units): string {
  if (units === 'imperial' && unit === 'm') return `${round(metresToFeet(si), 1)} ft`;
  if (units === 'imperial' && unit === 'kg/m²') return `${Math.round(kgM2ToPsf(si))} lb/sq ft`;
  return `${si} ${unit}`;
}
