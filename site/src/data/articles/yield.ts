// Techniques, crop categories and rotation schedule of "Maximizing Yield in Small Vertical Spaces".
// Yield figures are typical ranges for well-run indoor farms, not guarantees.
import { CROP_CATEGORIES } from '#contracts/growing';
import type { ComparisonRow, CropCategory, Technique } from './types';

export const techniques: Technique[] = [
  {
    title: 'Vertical stacking',
    icon: 'layers',
    yieldIncrease: '3–5× per floor area',
    description: 'Grow on four to eight tiers instead of one bench, so the same floor produces several times the canopy.',
    details: [
      'Leave 35–45 cm between tiers for leafy greens, 20–25 cm for microgreens',
      'Keep the top tier within reach or use a rolling platform',
      'Check the floor load: a loaded rack can exceed 100 lb per sq ft',
    ],
  },
  {
    title: 'LED lighting tuned to the crop',
    icon: 'sun',
    yieldIncrease: '20–40% over generic lighting',
    description: 'Deliver the right daily light integral (DLI) with efficient full-spectrum LEDs mounted close to the canopy.',
    details: [
      'Target a DLI of 12–17 mol/m²/day for lettuce, 15–20 for basil',
      'Dimmable fixtures let you raise intensity as plants grow',
      'Run lights at night where electricity is cheaper and cooling is easier',
    ],
  },
  {
    title: 'Hydroponics and aeroponics',
    icon: 'droplet',
    yieldIncrease: '25–50% faster growth than soil',
    description: 'Feed roots a balanced nutrient solution directly: nutrient film technique, deep-water culture or misted roots.',
    details: [
      'Keep pH at 5.8–6.2 and EC at 1.2–1.8 mS/cm for most greens',
      'Recirculating systems use up to 90% less water than field growing',
      'Clean and sterilise channels between crops to stop root disease',
    ],
  },
  {
    title: 'High-density planting and spacing',
    icon: 'sprout',
    yieldIncrease: '15–30% more heads per sq ft',
    description: 'Start seedlings densely and re-space them as they grow, so the canopy is always full and no light hits empty trays.',
    details: [
      'Propagate at high density for 10–14 days, then transplant',
      'Move plants to wider spacing once leaves touch',
      'Use movable gutters or trays to re-space without handling each plant',
    ],
  },
  {
    title: 'CO₂ enrichment and airflow',
    icon: 'wind',
    yieldIncrease: '10–30% in sealed rooms',
    description: 'Raise CO₂ to 800–1,200 ppm during the light period and move air gently across every tier.',
    details: [
      'Only worthwhile in sealed rooms where the gas is not vented away',
      'Horizontal fans on each tier prevent hot spots and tip burn',
      'Monitor CO₂ for staff safety, with an alarm above 5,000 ppm',
    ],
  },
  {
    title: 'Data-driven automation',
    icon: 'cpu',
    yieldIncrease: '10–20% through consistency',
    description: 'Sensors and simple controllers keep climate, irrigation and light on target day and night, and log what works.',
    details: [
      'Measure temperature, humidity, CO₂, pH and EC in every zone',
      'Alerts to a phone on power or pump failure save whole crops',
      'Record yields per tray to compare varieties and recipes',
    ],
  },
];

export const environmentTargets: ComparisonRow[] = [
  { aspect: 'Air temperature', values: ['18–24 °C (64–75 °F)', '21–27 °C (70–81 °F)', '16–20 °C (61–68 °F)'] },
  { aspect: 'Relative humidity', values: ['50–70%', '50–65%', '80–90%'] },
  { aspect: 'VPD', values: ['0.8–1.1 kPa', '0.9–1.2 kPa', 'Low, keep surfaces moist'] },
  { aspect: 'CO₂ (lights on)', values: ['800–1,200 ppm', '800–1,000 ppm', 'Below 1,000 ppm, fresh air'] },
  { aspect: 'Daily light integral', values: ['12–17 mol/m²/day', '15–20 mol/m²/day', 'Little or none'] },
  { aspect: 'Photoperiod', values: ['16–18 h', '16–18 h', 'Dark or indirect'] },
];

/** The crop categories and their figures live in contracts/growing.ts: the yield estimate on /spaces/{id} reads the same records. */
export const cropCategories: readonly CropCategory[] = CROP_CATEGORIES;

/** A 4-week staggered schedule for a 4-zone farm, so something is harvested every week. */
export const rotationSchedule: ComparisonRow[] = [
  { aspect: 'Week 1', values: ['Sow lettuce', 'Transplant lettuce', 'Harvest microgreens, resow', 'Harvest lettuce, clean'] },
  { aspect: 'Week 2', values: ['Propagate lettuce', 'Grow-out', 'Harvest microgreens, resow', 'Sow basil'] },
  { aspect: 'Week 3', values: ['Transplant lettuce', 'Grow-out', 'Harvest microgreens, resow', 'Propagate basil'] },
  { aspect: 'Week 4', values: ['Grow-out', 'Harvest lettuce, clean', 'Harvest microgreens, deep clean', 'Transplant basil'] },
];
