// Fit rules as properties (monotone in every capacity; an unknown fact is never "Not suitable"), unit
// round-trips, the bounds of the facts with their messages, and the yield estimate.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLIMATE_CONTROLS,
  computeFit,
  CROP_CATEGORIES,
  estimateAnnualYield,
  feetToMetres,
  fitRank,
  formatHeight,
  GROWING_SYSTEMS,
  growingSystem,
  kgM2ToPsf,
  metresToFeet,
  psfToKgM2,
  ampsToKw,
  type FitSpace,
} from './growing';
import { growingFactsSchema } from './growing.schemas';
import { cropCategories } from '#site/data/articles/yield';

const system = fc.constantFrom(...GROWING_SYSTEMS);
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const space: fc.Arbitrary<FitSpace> = fc.record({
  floorLoadKgM2: maybe(fc.integer({ min: 50, max: 5000 })),
  ceilingHeightM: maybe(fc.double({ min: 1.5, max: 30, noNaN: true })),
  powerKw: maybe(fc.double({ min: 0.1, max: 5000, noNaN: true })),
  water: maybe(fc.constantFrom('none', 'tap', 'dedicated' as const)),
  floorDrain: maybe(fc.boolean()),
  sunHours: maybe(fc.double({ min: 0, max: 16, noNaN: true })),
  climateControl: maybe(fc.constantFrom(...CLIMATE_CONTROLS)),
  sizeSqFt: fc.integer({ min: 50, max: 200_000 }),
  spaceType: fc.constantFrom('rooftop', 'basement', 'warehouse', 'greenhouse', 'other'),
});

const WATER_ORDER = ['none', 'tap', 'dedicated'] as const;
const CLIMATE_ORDER = { none: 0, heating: 1, cooling: 1, hvac: 2 } as const;

/** A space with at least as much of everything (unknown facts stay unknown). */
const upgrade = (s: FitSpace): fc.Arbitrary<FitSpace> =>
  fc
    .record({
      load: fc.integer({ min: 0, max: 3000 }),
      ceil: fc.double({ min: 0, max: 10, noNaN: true }),
      kw: fc.double({ min: 0, max: 500, noNaN: true }),
      water: fc.integer({ min: 0, max: 2 }),
      drain: fc.boolean(),
      sun: fc.double({ min: 0, max: 10, noNaN: true }),
      hvac: fc.boolean(),
    })
    .map((d) => ({
      ...s,
      floorLoadKgM2: s.floorLoadKgM2 === null ? null : s.floorLoadKgM2 + d.load,
      ceilingHeightM: s.ceilingHeightM === null ? null : s.ceilingHeightM + d.ceil,
      powerKw: s.powerKw === null ? null : s.powerKw + d.kw,
      water: s.water === null ? null : WATER_ORDER[Math.min(2, WATER_ORDER.indexOf(s.water) + d.water)]!,
      floorDrain: s.floorDrain === null ? null : s.floorDrain || d.drain,
      sunHours: s.sunHours === null ? null : s.sunHours + d.sun,
      climateControl: s.climateControl === null ? null : d.hvac ? 'hvac' : s.climateControl,
    }));

describe('computeFit', () => {
  it('more capacity never makes a fit worse', () => {
    fc.assert(
      fc.property(system, space.chain((s) => fc.tuple(fc.constant(s), upgrade(s))), (sys, [before, after]) => {
        expect(fitRank(computeFit(sys, after).level)).toBeGreaterThanOrEqual(fitRank(computeFit(sys, before).level));
        expect(CLIMATE_ORDER[after.climateControl ?? 'none']).toBeGreaterThanOrEqual(CLIMATE_ORDER[before.climateControl ?? 'none']);
      }),
    );
  });

  it('an unknown fact never gives "Not suitable": it gives "Possible" with "ask the owner"', () => {
    const keys = ['floorLoadKgM2', 'ceilingHeightM', 'powerKw', 'water', 'floorDrain', 'sunHours', 'climateControl'] as const;
    fc.assert(
      fc.property(system, space, fc.constantFrom(...keys), (sys, s, key) => {
        const fit = computeFit(sys, { ...s, [key]: null });
        for (const r of fit.reasons.filter((x) => x.text.includes('unknown'))) {
          expect(r.level).toBe('possible');
          expect(r.text).toMatch(/ask the owner$/);
        }
      }),
    );
    // All unknown: Possible, never Not suitable.
    fc.assert(
      fc.property(system, fc.integer({ min: 50, max: 100_000 }), (sys, size) => {
        const fit = computeFit(sys, { floorLoadKgM2: null, ceilingHeightM: null, powerKw: null, water: null, floorDrain: null, sunHours: null, climateControl: null, sizeSqFt: size, spaceType: 'warehouse' });
        expect(fit.level).toBe('possible');
        expect(fit.reasons.every((r) => r.level === 'possible')).toBe(true);
      }),
    );
  });

  it('explains the tiers a ceiling allows', () => {
    const nft = growingSystem('nft_racks')!;
    const fit = computeFit(nft, { floorLoadKgM2: null, ceilingHeightM: 2.4, powerKw: null, water: 'tap', floorDrain: true, sunHours: null, climateControl: 'hvac', sizeSqFt: 1000, spaceType: 'basement' });
    expect(fit.reasons.map((r) => r.text)).toContain('ceiling 2.4 m (7.9 ft) allows 3 tiers of 5');
    expect(fit.reasons.map((r) => r.text)).toContain('floor load unknown: ask the owner');
    expect(fit.level).toBe('possible');
    const low = computeFit(nft, { floorLoadKgM2: 150, ceilingHeightM: 2.4, powerKw: 100, water: 'dedicated', floorDrain: true, sunHours: null, climateControl: 'hvac', sizeSqFt: 1000, spaceType: 'basement' });
    expect(low.level).toBe('not_suitable');
    expect(low.reasons.find((r) => r.level === 'not_suitable')?.text).toBe('floor load 150 kg/m² (31 lb/sq ft) cannot carry one loaded tier (160 kg/m² needed)');
  });
});

describe('units', () => {
  it('metres ↔ feet and kg/m² ↔ lb/sq ft round-trip', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 10_000, noNaN: true }), (x) => {
        expect(feetToMetres(metresToFeet(x))).toBeCloseTo(x, 9);
        expect(psfToKgM2(kgM2ToPsf(x))).toBeCloseTo(x, 9);
      }),
    );
    expect(kgM2ToPsf(488.243)).toBeCloseTo(100, 3);
    expect(formatHeight(3.6)).toBe('3.6 m (11 ft 10 in)');
    expect(ampsToKw(200, 'single')).toBe(48);
    expect(ampsToKw(400, 'three')).toBe(144.11);
  });
});

describe('growing facts bounds', () => {
  const messages = (input: unknown) => {
    const r = growingFactsSchema.partial().safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('refuses impossible values with messages naming the field and unit', () => {
    expect(messages({ ceilingHeightM: 300 })).toEqual(['ceilingHeightM: Ceiling height must be at most 30 m']);
    expect(messages({ ceilingHeightM: 0.5 })).toEqual(['ceilingHeightM: Ceiling height must be at least 1.5 m']);
    expect(messages({ floorLoadKgM2: 250.5 })).toEqual(['floorLoadKgM2: Floor load must be a whole number']);
    expect(messages({ floorLoadKgM2: 'heavy' })).toEqual(['floorLoadKgM2: Floor load must be a number']);
    expect(messages({ minLeaseMonths: 0 })).toEqual(['minLeaseMonths: Minimum lease must be at least 1 months']);
    expect(messages({ availableFrom: '2026-02-30' })).toEqual(['availableFrom: Available from must be a date (YYYY-MM-DD)']);
    expect(messages({ water: 'river' })).toEqual(['water: Water must be one of none, tap, dedicated']);
  });
  it('accepts empty values as unknown', () => {
    expect(growingFactsSchema.partial().parse({ ceilingHeightM: '', water: null, floorDrain: null })).toEqual({ ceilingHeightM: null, water: null, floorDrain: null });
  });
});

describe('yield estimate', () => {
  it('reads the yield article figures (one source)', () => {
    expect(cropCategories).toBe(CROP_CATEGORIES);
  });
  it('scales with tiers and canopy and uses cycles a year', () => {
    const nft = growingSystem('nft_racks')!;
    const s: FitSpace = { floorLoadKgM2: 1000, ceilingHeightM: 3.3, powerKw: 500, water: 'tap', floorDrain: true, sunHours: null, climateControl: 'hvac', sizeSqFt: 1000, spaceType: 'warehouse' };
    const [greens] = estimateAnnualYield(nft, s);
    // 500 sq ft canopy × 5 tiers × 0.5–1 lb × 365/45–365/28 cycles.
    expect(greens).toMatchObject({ tiers: 5, canopySqFt: 500, minLb: Math.round(2500 * 0.5 * (365 / 45)), maxLb: Math.round(2500 * 1 * (365 / 28)) });
  });
});
