// Growing suitability: the growing facts of a listing (stored in SI units), their metric/imperial display,
// the growing systems a farmer can pick with what each needs, the crop categories of the yield article
// (the ONE source of those figures), and the fit and yield rules. Plain data and pure functions, no zod:
// islands import this module, so it must stay small. Request schemas live in contracts/growing-schemas.ts.

// ---- facts -------------------------------------------------------------------------------------

export const WATER_SUPPLIES = ['none', 'tap', 'dedicated'] as const;
export type WaterSupply = (typeof WATER_SUPPLIES)[number];
export const WATER_LABELS: Record<WaterSupply, string> = { none: 'No water', tap: 'Tap / shared supply', dedicated: 'Dedicated water line' };

export const POWER_PHASES = ['single', 'three'] as const;
export type PowerPhase = (typeof POWER_PHASES)[number];
export const PHASE_LABELS: Record<PowerPhase, string> = { single: 'Single-phase', three: 'Three-phase' };

export const CLIMATE_CONTROLS = ['none', 'heating', 'cooling', 'hvac'] as const;
export type ClimateControl = (typeof CLIMATE_CONTROLS)[number];
export const CLIMATE_LABELS: Record<ClimateControl, string> = { none: 'None', heating: 'Heating only', cooling: 'Cooling only', hvac: 'Heating and cooling (HVAC)' };

export const ORIENTATIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const GOODS_ACCESS = ['ground_floor', 'freight_elevator', 'loading_dock'] as const;
export type GoodsAccess = (typeof GOODS_ACCESS)[number];
export const GOODS_ACCESS_LABELS: Record<GoodsAccess, string> = { ground_floor: 'Ground floor', freight_elevator: 'Freight elevator', loading_dock: 'Loading dock' };

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

export const GROWING_FACT_KEYS = Object.keys(EMPTY_GROWING_FACTS) as (keyof GrowingFacts)[];

/**
 * kW from a service's amps and phase at North American nominal voltages (240 V split-phase, 208 V
 * three-phase: P = V·I, or √3·V·I for three phases). Owners elsewhere can enter kW directly.
 */
export const NOMINAL_VOLTS: Record<PowerPhase, number> = { single: 240, three: 208 };
export function ampsToKw(amps: number, phase: PowerPhase): number {
  const watts = phase === 'three' ? Math.sqrt(3) * NOMINAL_VOLTS.three * amps : NOMINAL_VOLTS.single * amps;
  return Math.round(watts / 10) / 100;
}

// ---- units -------------------------------------------------------------------------------------

/** Exact definitions: 1 ft = 0.3048 m; 1 lb = 0.45359237 kg (international yard and pound, 1959). */
export const M_PER_FT = 0.3048;
export const KG_PER_LB = 0.45359237;
export const M2_PER_SQFT = M_PER_FT * M_PER_FT;
/** 1 lb/ft² = 4.8824… kg/m². */
export const KGM2_PER_PSF = KG_PER_LB / M2_PER_SQFT;

export const metresToFeet = (m: number) => m / M_PER_FT;
export const feetToMetres = (ft: number) => ft * M_PER_FT;
export const kgM2ToPsf = (kg: number) => kg / KGM2_PER_PSF;
export const psfToKgM2 = (psf: number) => psf * KGM2_PER_PSF;
export const sqftToM2 = (sqft: number) => sqft * M2_PER_SQFT;

const fmt = (n: number, digits: number) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** "3.6 m (11 ft 10 in)". */
export function formatHeight(m: number): string {
  const totalIn = Math.round(metresToFeet(m) * 12);
  const ft = Math.floor(totalIn / 12);
  const inches = totalIn % 12;
  return `${fmt(m, 2)} m (${ft} ft${inches ? ` ${inches} in` : ''})`;
}
/** "500 kg/m² (102 lb/sq ft)". */
export const formatFloorLoad = (kg: number) => `${fmt(kg, 0)} kg/m² (${fmt(kgM2ToPsf(kg), 0)} lb/sq ft)`;
export const formatPower = (f: Pick<GrowingFacts, 'powerKw' | 'powerAmps' | 'powerPhase'>) =>
  [f.powerKw !== null ? `${fmt(f.powerKw, 1)} kW` : null, f.powerAmps !== null ? `${f.powerAmps} A${f.powerPhase ? ` ${PHASE_LABELS[f.powerPhase].toLowerCase()}` : ''}` : null]
    .filter(Boolean)
    .join(', ');

// ---- crop categories (the yield article reads these) ------------------------------------------------

export type Difficulty = 'Beginner' | 'Intermediate' | 'Advanced';
export type CropCategoryId = 'microgreens' | 'leafy_greens' | 'herbs' | 'mushrooms' | 'edible_flowers' | 'fruiting';

/**
 * Crop categories of "Maximizing Yield in Small Vertical Spaces" with their figures as numbers. Typical
 * ranges for well-run indoor farms, not guarantees. `yieldLbPerSqFt` is per sq ft of canopy (of one tier),
 * per harvest cycle or per year; `harvestDays` and `yieldPerSqFt` are the article's wording of the same.
 */
export type CropCategory = {
  id: CropCategoryId;
  category: string;
  crops: string[];
  harvestDays: string;
  yieldPerSqFt: string;
  difficulty: Difficulty;
  cycleDays: { min: number; max: number } | null;
  yieldLbPerSqFt: { min: number; max: number; per: 'cycle' | 'year' } | null;
};

export const CROP_CATEGORIES: readonly CropCategory[] = [
  { id: 'microgreens', category: 'Microgreens', crops: ['Pea shoots', 'Sunflower', 'Radish', 'Broccoli', 'Mustard'], harvestDays: '7–14', yieldPerSqFt: '0.5–1 lb per tray cycle', difficulty: 'Beginner', cycleDays: { min: 7, max: 14 }, yieldLbPerSqFt: { min: 0.5, max: 1, per: 'cycle' } },
  { id: 'leafy_greens', category: 'Leafy greens', crops: ['Butterhead lettuce', 'Romaine', 'Spinach', 'Kale', 'Pak choi'], harvestDays: '28–45', yieldPerSqFt: '0.5–1 lb per cycle per tier', difficulty: 'Beginner', cycleDays: { min: 28, max: 45 }, yieldLbPerSqFt: { min: 0.5, max: 1, per: 'cycle' } },
  { id: 'herbs', category: 'Culinary herbs', crops: ['Basil', 'Cilantro', 'Mint', 'Parsley', 'Chives'], harvestDays: '21–40, then cut-and-come-again', yieldPerSqFt: '0.3–0.6 lb per cut', difficulty: 'Intermediate', cycleDays: { min: 21, max: 40 }, yieldLbPerSqFt: { min: 0.3, max: 0.6, per: 'cycle' } },
  { id: 'mushrooms', category: 'Gourmet mushrooms', crops: ['Oyster', 'Lion’s mane', 'Shiitake'], harvestDays: '14–90 depending on species', yieldPerSqFt: '2–5 lb per cycle of shelving', difficulty: 'Intermediate', cycleDays: { min: 14, max: 90 }, yieldLbPerSqFt: { min: 2, max: 5, per: 'cycle' } },
  // Sold by count, so no weight: the yield estimate leaves them out.
  { id: 'edible_flowers', category: 'Edible flowers', crops: ['Nasturtium', 'Viola', 'Borage'], harvestDays: '45–60', yieldPerSqFt: 'Sold by count: 100–200 blooms', difficulty: 'Intermediate', cycleDays: { min: 45, max: 60 }, yieldLbPerSqFt: null },
  { id: 'fruiting', category: 'Fruiting crops', crops: ['Strawberries', 'Cherry tomatoes', 'Peppers', 'Cucumbers'], harvestDays: '60–90 to first harvest', yieldPerSqFt: '1–3 lb per year', difficulty: 'Advanced', cycleDays: { min: 60, max: 90 }, yieldLbPerSqFt: { min: 1, max: 3, per: 'year' } },
];

export function cropCategory(id: CropCategoryId): CropCategory {
  return CROP_CATEGORIES.find((c) => c.id === id)!;
}

// ---- growing systems ---------------------------------------------------------------------------

export type GrowingSystemId = 'microgreens_racks' | 'nft_racks' | 'dwc_racks' | 'vertical_towers' | 'raised_beds' | 'mushrooms' | 'aquaponics';

/**
 * What a system needs. Heights in m, loads in kg/m² of rack footprint, lighting in W per m² of canopy of
 * one tier. Sources (checked 2026-11):
 * - Lowest level 15–30 cm above the floor, 60–100 cm clear above the top tier for HVAC and rising heat,
 *   20–40 cm light-to-canopy zone for leafy greens: mobilegrowsystem.com, "Multi-tier grow rack height guide".
 * - Tier spacing 35–45 cm for leafy greens, 20–25 cm for microgreens: the yield article (CROP_CATEGORIES' source).
 * - A filled hydroponic tray weighs 30–60 kg; design for static (plants, water, media, lights) and
 *   dynamic loads (moving water, workers, carts): ipp.farm, "Understanding load bearing in indoor farms".
 *   Wet loads below are per tier: water depth × 1,000 kg/m³ plus trays, media and lights.
 * - ≈ 31 W of LED per sq ft of canopy (≈ 330 W/m²) for a fruiting canopy (18 kW over 576 sq ft):
 *   peakroots.com, single- to four-level racks in a 31 × 32 ft room; leafy greens and microgreens run
 *   at roughly half that intensity (DLI 12–17 mol/m²/day, the yield article).
 * - Tall crops: two tiers of 4–5 ft with the lowest raised 1 ft; a third tier needs a lift and more
 *   cooling: Cannabis Business Times / Nursery Management, "5 tips for vertical farming".
 */
export type GrowingSystem = {
  id: GrowingSystemId;
  name: string;
  summary: string;
  crops: CropCategoryId[];
  /** Tiers a typical installation stacks; "Good fit" needs goodTiers, the rest is "Possible". */
  maxTiers: number;
  goodTiers: number;
  tierSpacingM: number;
  baseHeightM: number;
  topClearanceM: number;
  /** Structure, people and carts in the rack aisle, plus the wet load of each tier. */
  baseLoadKgM2: number;
  loadPerTierKgM2: number;
  /** LED power per m² of canopy per tier; 0 when the system grows in daylight or in the dark. */
  lightingWPerM2: number;
  /** Pumps, fans, dehumidification as a share on top of lighting (or a flat W/m² for unlit systems). */
  auxWPerM2: number;
  /** Share of the floor that is canopy (the rest is aisles and work space). */
  canopyShare: number;
  water: 'tap' | 'dedicated';
  needsDrain: boolean;
  needsClimate: boolean;
  /** Daylight systems: hours of direct sun for a good fit (no lights). */
  sunHoursGood?: number;
};

export const GROWING_SYSTEMS: readonly GrowingSystem[] = [
  {
    id: 'microgreens_racks',
    name: 'Microgreens racks',
    summary: 'Shelving of shallow trays under LED strips; short cycles, light loads.',
    crops: ['microgreens'],
    maxTiers: 6, goodTiers: 4, tierSpacingM: 0.35, baseHeightM: 0.2, topClearanceM: 0.6,
    baseLoadKgM2: 100, loadPerTierKgM2: 40, lightingWPerM2: 150, auxWPerM2: 40, canopyShare: 0.5,
    water: 'tap', needsDrain: false, needsClimate: true,
  },
  {
    id: 'nft_racks',
    name: 'NFT hydroponic racks',
    summary: 'Nutrient film channels stacked on racks; lettuce and herbs in recirculating water.',
    crops: ['leafy_greens', 'herbs'],
    maxTiers: 5, goodTiers: 3, tierSpacingM: 0.45, baseHeightM: 0.3, topClearanceM: 0.6,
    baseLoadKgM2: 100, loadPerTierKgM2: 60, lightingWPerM2: 180, auxWPerM2: 50, canopyShare: 0.5,
    water: 'tap', needsDrain: true, needsClimate: true,
  },
  {
    id: 'dwc_racks',
    name: 'Deep water culture racks',
    summary: 'Rafts floating on 20–30 cm of nutrient solution; heavy but forgiving.',
    crops: ['leafy_greens', 'herbs'],
    maxTiers: 4, goodTiers: 2, tierSpacingM: 0.6, baseHeightM: 0.3, topClearanceM: 0.6,
    baseLoadKgM2: 100, loadPerTierKgM2: 250, lightingWPerM2: 180, auxWPerM2: 50, canopyShare: 0.5,
    water: 'tap', needsDrain: true, needsClimate: true,
  },
  {
    id: 'vertical_towers',
    name: 'Vertical towers',
    summary: 'Upright aeroponic or hydroponic towers about 2.4 m tall, lit from the side.',
    crops: ['leafy_greens', 'herbs', 'fruiting'],
    maxTiers: 1, goodTiers: 1, tierSpacingM: 2.4, baseHeightM: 0, topClearanceM: 0.3,
    baseLoadKgM2: 100, loadPerTierKgM2: 150, lightingWPerM2: 400, auxWPerM2: 60, canopyShare: 0.4,
    water: 'tap', needsDrain: true, needsClimate: true,
  },
  {
    id: 'raised_beds',
    name: 'Raised soil beds',
    summary: 'Soil beds about 30 cm deep in daylight, on a roof or in a greenhouse.',
    crops: ['leafy_greens', 'herbs', 'fruiting', 'edible_flowers'],
    // 30 cm of wet soil at ~1,600 kg/m³ ≈ 480 kg/m² plus the bed.
    maxTiers: 1, goodTiers: 1, tierSpacingM: 1.2, baseHeightM: 0, topClearanceM: 0.6,
    baseLoadKgM2: 100, loadPerTierKgM2: 500, lightingWPerM2: 0, auxWPerM2: 0, canopyShare: 0.6,
    water: 'tap', needsDrain: true, needsClimate: false, sunHoursGood: 6,
  },
  {
    id: 'mushrooms',
    name: 'Mushroom cultivation',
    summary: 'Shelves of substrate blocks in a dark, humid, cool room.',
    crops: ['mushrooms'],
    maxTiers: 5, goodTiers: 3, tierSpacingM: 0.4, baseHeightM: 0.2, topClearanceM: 0.6,
    baseLoadKgM2: 100, loadPerTierKgM2: 80, lightingWPerM2: 0, auxWPerM2: 60, canopyShare: 0.5,
    water: 'tap', needsDrain: true, needsClimate: true,
  },
  {
    id: 'aquaponics',
    name: 'Aquaponics',
    summary: 'Fish tanks feeding grow beds; tanks about 1 m deep weigh a tonne per m².',
    crops: ['leafy_greens', 'herbs'],
    maxTiers: 2, goodTiers: 1, tierSpacingM: 0.9, baseHeightM: 0.3, topClearanceM: 0.6,
    baseLoadKgM2: 100, loadPerTierKgM2: 450, lightingWPerM2: 180, auxWPerM2: 80, canopyShare: 0.4,
    water: 'dedicated', needsDrain: true, needsClimate: true,
  },
];

export const GROWING_SYSTEM_IDS = GROWING_SYSTEMS.map((s) => s.id) as [GrowingSystemId, ...GrowingSystemId[]];

export function growingSystem(id: string | null | undefined): GrowingSystem | undefined {
  return GROWING_SYSTEMS.find((s) => s.id === id);
}

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
    const h = `ceiling ${fmt(space.ceilingHeightM, 2)} m (${fmt(metresToFeet(space.ceilingHeightM), 1)} ft)`;
    if (t === 0) reasons.push({ level: 'not_suitable', text: `${h} is too low for one tier` });
    else reasons.push({ level: t >= system.goodTiers ? 'good' : 'possible', text: system.maxTiers === 1 ? `${h} is high enough` : `${h} allows ${t} tier${t === 1 ? '' : 's'} ${of}` });
  }

  // Floor load: tiers the floor carries.
  if (space.floorLoadKgM2 === null) reasons.push({ level: 'possible', text: 'floor load unknown: ask the owner' });
  else {
    const t = tiersForFloorLoad(system, space.floorLoadKgM2);
    tierLimits.push(t);
    const l = `floor load ${fmt(space.floorLoadKgM2, 0)} kg/m² (${fmt(kgM2ToPsf(space.floorLoadKgM2), 0)} lb/sq ft)`;
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
      const p = `${fmt(space.powerKw, 1)} kW available`;
      if (t >= system.goodTiers) reasons.push({ level: 'good', text: `${p} runs ${t} tier${t === 1 ? '' : 's'} over the whole space (about ${fmt(perTier, 1)} kW each)` });
      else reasons.push({ level: 'possible', text: `${p}: about ${fmt(perTier, 1)} kW per tier over the whole space, so light part of it or add capacity` });
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
    else if (space.sunHours >= system.sunHoursGood) reasons.push({ level: 'good', text: `${fmt(space.sunHours, 1)} h of direct sun a day` });
    else reasons.push({ level: 'possible', text: `${fmt(space.sunHours, 1)} h of direct sun a day: shade-tolerant crops or grow lights` });
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

export const formatPounds = (lb: number) => `${fmt(lb, 0)} lb (${fmt(lb * KG_PER_LB, 0)} kg)`;
