// The growing systems a farmer can pick, with what each needs of a space.
import type { CropCategoryId } from './growing-crops';

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
