// The growing facts of a listing, stored in SI units: their bounds, empty value, keys, and power from amps.
import type { ClimateControl, GoodsAccess, Orientation, PowerPhase, WaterSupply } from './growing-enums';

/**
 * Bounds of each fact. Wide enough for every real space, narrow enough to catch a typo or a unit mix-up
 * (a 300 m ceiling, a floor load typed in pascals).
 */
export const GROWING_BOUNDS = {
  floorLoadKgM2: { min: 50, max: 5000 }, // light roofs carry ~100 kg/m²; heavy industrial slabs ~2,500+
  ceilingHeightM: { min: 1.5, max: 30 }, // below 1.5 m nobody can stand; 30 m covers high-bay warehouses
  powerAmps: { min: 1, max: 4000 },
  powerKw: { min: 0.1, max: 5000 },
  sunHours: { min: 0, max: 16 },
  minLeaseMonths: { min: 1, max: 120 },
  accessHours: { max: 100 },
  foodSafetyStatus: { max: 300 },
} as const;

/** The growing facts of a listing. Every one is optional: null means the owner did not say. */
export type GrowingFacts = {
  floorLoadKgM2: number | null;
  ceilingHeightM: number | null;
  powerAmps: number | null;
  powerPhase: PowerPhase | null;
  /** Electrical capacity available to a tenant, in kW: entered, or derived from amps and phase. */
  powerKw: number | null;
  water: WaterSupply | null;
  floorDrain: boolean | null;
  sunHours: number | null;
  orientation: Orientation | null;
  climateControl: ClimateControl | null;
  access24h: boolean | null;
  accessHours: string | null;
  goodsAccess: GoodsAccess[];
  foodSafetyStatus: string | null;
  minLeaseMonths: number | null;
  /** YYYY-MM-DD; null means available now. */
  availableFrom: string | null;
};

export const EMPTY_GROWING_FACTS: GrowingFacts = {
  floorLoadKgM2: null,
  ceilingHeightM: null,
  powerAmps: null,
  powerPhase: null,
  powerKw: null,
  water: null,
  floorDrain: null,
  sunHours: null,
  orientation: null,
  climateControl: null,
  access24h: null,
  accessHours: null,
  goodsAccess: [],
  foodSafetyStatus: null,
  minLeaseMonths: null,
  availableFrom: null,
};

/**
 * kW from a service's amps and phase at North American nominal voltages (240 V split-phase, 208 V
 * three-phase: P = V·I, or √3·V·I for three phases). Owners elsewhere can enter kW directly.
 */
export const NOMINAL_VOLTS: Record<PowerPhase, number> = { single: 240, three: 208 };
export function ampsToKw(amps: number, phase: PowerPhase): number {
  const watts = phase === 'three' ? Math.sqrt(3) * NOMINAL_VOLTS.three * amps : NOMINAL_VOLTS.single * amps;
  return Math.round(watts / 10) / 100;
}
