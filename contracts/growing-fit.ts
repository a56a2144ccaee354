// The fit rules (how well a space suits a system) and the yield estimate that follows from them.
import { cropCategory, type CropCategory } from './growing-crops';
import type { GrowingFacts } from './growing-facts';
import type { GrowingSystem } from './growing-systems';
import { CLIMATE_LABELS } from './growing-enums';
import { formatNumber, kgM2ToPsf, metresToFeet, sqftToM2 } from './growing-units';

// ---- fit ---------------------------------------------------------------------------------------

export const FIT_LEVELS = ['not_suitable', 'possible', 'good'] as const;
export type FitLevel = (typeof FIT_LEVELS)[number];
export const FIT_LABELS: Record<FitLevel, string> = { good: 'Good fit', possible: 'Possible', not_suitable: 'Not suitable' };
export const fitRank = (level: FitLevel) => FIT_LEVELS.indexOf(level);

export type FitReason = { level: FitLevel; text: string };
export type Fit = { level: FitLevel; tiers: number | null; reasons: FitReason[] };

/** What the fit reads: the facts, the floor area and the kind of space. */
export type FitSpace = Pick<GrowingFacts, 'floorLoadKgM2' | 'ceilingHeightM' | 'powerKw' | 'water' | 'floorDrain' | 'sunHours' | 'climateControl'> & {
  sizeSqFt: number;
  spaceType: string;
};

/** Tiers that fit under a ceiling: the first at baseHeight, one per tierSpacing, clearance above the top. */
export function tiersForCeiling(system: GrowingSystem, ceilingM: number): number {
  const usable = ceilingM - system.baseHeightM - system.topClearanceM;
  // The epsilon keeps 0.45 × 3 = 1.35000…01 from losing a tier to floating point.
  return Math.max(0, Math.min(system.maxTiers, Math.floor(usable / system.tierSpacingM + 1e-9)));
}

/** Tiers a floor rating carries: base load plus each tier's wet load. */
export function tiersForFloorLoad(system: GrowingSystem, kgM2: number): number {
  return Math.max(0, Math.min(system.maxTiers, Math.floor((kgM2 - system.baseLoadKgM2) / system.loadPerTierKgM2 + 1e-9)));
}

/** kW to run one tier over the whole canopy of the space. */
export function kwPerTier(system: GrowingSystem, sizeSqFt: number): number {
  const canopyM2 = sqftToM2(sizeSqFt) * system.canopyShare;
  return (canopyM2 * (system.lightingWPerM2 + system.auxWPerM2)) / 1000;
}

const worst = (levels: FitLevel[]) => levels.reduce<FitLevel>((a, b) => (fitRank(b) < fitRank(a) ? b : a), 'good');

/**
 * The fit of a system in a space. Each known fact yields a level and a reason; the fit is the worst of
 * them. Rules are monotone (more ceiling, load, power, water, drain, sun or climate control never lowers
 * a level) and an unknown fact is always "Possible" with "ask the owner", never "Not suitable".
 */
export function computeFit(system: GrowingSystem, space: FitSpace): Fit {
  const reasons: FitReason[] = [];
  const tierLimits: number[] = [];
  const of = `of ${system.maxTiers}`;

  // Ceiling: tiers that fit.
  if (space.ceilingHeightM === null) reasons.push({ level: 'possible', text: 'ceiling height unknown: ask the owner' });
  else {
    const t = tiersForCeiling(system, space.ceilingHeightM);
    tierLimits.push(t);
    const h = `ceiling ${formatNumber(space.ceilingHeightM, 2)} m (${formatNumber(metresToFeet(space.ceilingHeightM), 1)} ft)`;
    if (t === 0) reasons.push({ level: 'not_suitable', text: `${h} is too low for one tier` });
    else reasons.push({ level: t >= system.goodTiers ? 'good' : 'possible', text: system.maxTiers === 1 ? `${h} is high enough` : `${h} allows ${t} tier${t === 1 ? '' : 's'} ${of}` });
  }

  // Floor load: tiers the floor carries.
  if (space.floorLoadKgM2 === null) reasons.push({ level: 'possible', text: 'floor load unknown: ask the owner' });
  else {
    const t = tiersForFloorLoad(system, space.floorLoadKgM2);
    tierLimits.push(t);
    const l = `floor load ${formatNumber(space.floorLoadKgM2, 0)} kg/m² (${formatNumber(kgM2ToPsf(space.floorLoadKgM2), 0)} lb/sq ft)`;
    if (t === 0) reasons.push({ level: 'not_suitable', text: `${l} cannot carry one loaded tier (${system.baseLoadKgM2 + system.loadPerTierKgM2} kg/m² needed)` });
    else reasons.push({ level: t >= system.goodTiers ? 'good' : 'possible', text: system.maxTiers === 1 ? `${l} carries the wet load` : `${l} carries ${t} loaded tier${t === 1 ? '' : 's'}` });
  }

  // Power: tiers the supply runs over the whole canopy. Too little power is never "Not suitable": a
  // farmer can light part of the space or bring in a new service.
  const perTier = kwPerTier(system, space.sizeSqFt);
  if (perTier > 0) {
    if (space.powerKw === null) reasons.push({ level: 'possible', text: 'electrical capacity unknown: ask the owner' });
    else {
      const t = Math.min(system.maxTiers, Math.floor(space.powerKw / perTier + 1e-9));
      // The yield counts the tiers the supply can light (at least one, over part of the space).
      tierLimits.push(Math.max(1, t));
      const p = `${formatNumber(space.powerKw, 1)} kW available`;
      if (t >= system.goodTiers) reasons.push({ level: 'good', text: `${p} runs ${t} tier${t === 1 ? '' : 's'} over the whole space (about ${formatNumber(perTier, 1)} kW each)` });
      else reasons.push({ level: 'possible', text: `${p}: about ${formatNumber(perTier, 1)} kW per tier over the whole space, so light part of it or add capacity` });
    }
  }

  // Water.
  if (space.water === null) reasons.push({ level: 'possible', text: 'water supply unknown: ask the owner' });
  else if (space.water === 'none') reasons.push({ level: 'not_suitable', text: 'no water on site' });
  else if (system.water === 'dedicated' && space.water === 'tap') reasons.push({ level: 'possible', text: 'tap water only: a dedicated line is recommended' });
  else reasons.push({ level: 'good', text: space.water === 'dedicated' ? 'dedicated water line' : 'water on site' });

  // Drain.
  if (system.needsDrain) {
    if (space.floorDrain === null) reasons.push({ level: 'possible', text: 'floor drain unknown: ask the owner' });
    else if (space.floorDrain) reasons.push({ level: 'good', text: 'floor drain' });
    else reasons.push({ level: 'possible', text: 'no floor drain: plan for catch trays and pumped drainage' });
  }

  // Climate.
  if (system.needsClimate) {
    if (space.climateControl === null) reasons.push({ level: 'possible', text: 'climate control unknown: ask the owner' });
    else if (space.climateControl === 'hvac') reasons.push({ level: 'good', text: 'heating and cooling in place' });
    else reasons.push({ level: 'possible', text: `${space.climateControl === 'none' ? 'no climate control' : CLIMATE_LABELS[space.climateControl].toLowerCase()}: budget for HVAC` });
  }

  // Daylight for systems without lamps.
  if (system.sunHoursGood !== undefined) {
    if (space.sunHours === null) reasons.push({ level: 'possible', text: 'direct sun unknown: ask the owner' });
    else if (space.sunHours >= system.sunHoursGood) reasons.push({ level: 'good', text: `${formatNumber(space.sunHours, 1)} h of direct sun a day` });
    else reasons.push({ level: 'possible', text: `${formatNumber(space.sunHours, 1)} h of direct sun a day: shade-tolerant crops or grow lights` });
  }

  const tiers = tierLimits.length ? Math.min(...tierLimits) : null;
  return { level: worst(reasons.map((r) => r.level)), tiers, reasons };
}

// ---- yield -------------------------------------------------------------------------------------

export type YieldEstimate = { crop: CropCategory; tiers: number; canopySqFt: number; minLb: number; maxLb: number };

/**
 * Annual yield range per crop of the system in the space: canopy (floor × canopy share) × tiers × the
 * category's lb per sq ft per cycle × cycles a year (365 / slowest … 365 / fastest cycle). The tier count
 * is what the known facts allow (the system's good tier count when they say nothing).
 */
export function estimateAnnualYield(system: GrowingSystem, space: FitSpace, fit: Fit = computeFit(system, space)): YieldEstimate[] {
  const tiers = fit.tiers ?? system.goodTiers;
  if (tiers === 0) return [];
  const canopySqFt = Math.round(space.sizeSqFt * system.canopyShare);
  return system.crops.flatMap((id) => {
    const crop = cropCategory(id);
    if (!crop.yieldLbPerSqFt || !crop.cycleDays) return [];
    const perYear = crop.yieldLbPerSqFt.per === 'year' ? [1, 1] : [365 / crop.cycleDays.max, 365 / crop.cycleDays.min];
    const area = canopySqFt * tiers;
    return [{ crop, tiers, canopySqFt, minLb: Math.round(area * crop.yieldLbPerSqFt.min * perYear[0]!), maxLb: Math.round(area * crop.yieldLbPerSqFt.max * perYear[1]!) }];
  });
}

