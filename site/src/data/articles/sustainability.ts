// Benefit cards and comparison of "The Benefits of Sustainable Urban Agriculture".
// Figures are typical values reported for recirculating indoor farms versus field farming.
import type { BenefitCard, ComparisonRow } from './types';

export const environmentalBenefits: BenefitCard[] = [
  {
    title: 'Water saved',
    stat: 'Up to 90–95% less',
    icon: 'droplet',
    description: 'Recirculating hydroponics reuses its nutrient water; only what plants take up and transpire is replaced.',
  },
  {
    title: 'Food miles cut',
    stat: 'Kilometres, not continents',
    icon: 'truck',
    description: 'Produce grown across town skips long refrigerated haulage, cutting transport emissions and spoilage.',
  },
  {
    title: 'Land spared',
    stat: '10–20× more food per acre',
    icon: 'layers',
    description: 'Stacked indoor growing produces far more per square foot of land, leaving fields and forests untouched.',
  },
];

export const economicBenefits: BenefitCard[] = [
  {
    title: 'Income from idle space',
    stat: '$8–25 per sq ft a year',
    icon: 'coins',
    description: 'Empty roofs, basements and warehouses earn rent instead of costing upkeep, with a stable, long-term tenant.',
  },
  {
    title: 'Local jobs',
    stat: 'Skilled and entry-level',
    icon: 'users',
    description: 'Growers, technicians, packers and drivers: urban farms hire close to where people live.',
  },
  {
    title: 'Resilient supply',
    stat: '365 days of harvest',
    icon: 'repeat',
    description: 'Indoor crops are not hit by drought, frost or a blocked highway, so restaurants and grocers can count on them.',
  },
];

export const socialBenefits: BenefitCard[] = [
  {
    title: 'Fresh food access',
    stat: 'Harvested the same day',
    icon: 'leaf',
    description: 'Neighbourhoods far from a supermarket get fresh greens from a farm they can walk to.',
  },
  {
    title: 'Education',
    stat: 'Seed to plate, in sight',
    icon: 'sprout',
    description: 'Schools and visitors see how food is grown, which changes how children eat and what careers they consider.',
  },
  {
    title: 'Healthier neighbourhoods',
    stat: 'Greener, cooler blocks',
    icon: 'heart',
    description: 'Rooftop farms cool buildings, absorb rainwater and bring green space and community into dense districts.',
  },
];

export const farmingComparison: ComparisonRow[] = [
  { aspect: 'Water per kg of lettuce', values: ['About 200–250 litres', 'About 10–20 litres'] },
  { aspect: 'Distance to the consumer', values: ['Often 1,500+ km', 'Usually under 50 km'] },
  { aspect: 'Pesticides', values: ['Commonly used', 'Rarely needed in a closed room'] },
  { aspect: 'Growing season', values: ['Depends on climate', 'All year'] },
  { aspect: 'Harvest to shelf', values: ['Several days to two weeks', 'Same or next day'] },
  { aspect: 'Fertiliser run-off', values: ['Reaches rivers and groundwater', 'Captured and reused'] },
  { aspect: 'Main energy use', values: ['Diesel: machinery and transport', 'Electricity: lighting and climate'] },
];
