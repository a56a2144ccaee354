// Comparison, cost breakdowns and ROI scenarios of "Leasing vs Building a Farm".
// Ranges are typical for North American cities; the ROI figures are derived by lib/content/roi.ts.
import type { CostItem, CostRow, RoiScenario } from './types';

export const comparison: CostRow[] = [
  { category: 'Initial investment', leasing: '$15,000 – $50,000', building: '$150,000 – $500,000', advantage: 'leasing' },
  { category: 'Time to first harvest', leasing: '1 – 3 months', building: '9 – 18 months', advantage: 'leasing' },
  { category: 'Monthly occupancy cost', leasing: 'Rent: $8 – $25 per sq ft per year', building: 'Loan payments, taxes, upkeep', advantage: 'building' },
  { category: 'Flexibility to move or scale', leasing: 'High: expand, relocate at term end', building: 'Low: tied to one site', advantage: 'leasing' },
  { category: 'Control over the building', leasing: 'Needs owner consent for changes', building: 'Full control', advantage: 'building' },
  { category: 'Long-term asset value', leasing: 'None; equipment only', building: 'Owns land and building', advantage: 'building' },
  { category: 'Risk if the farm fails', leasing: 'Limited to fit-out and lease term', building: 'Large stranded asset', advantage: 'leasing' },
  { category: 'Permits and construction', leasing: 'Fit-out permits only', building: 'Full building permits, zoning', advantage: 'leasing' },
];

export const leasingCosts: CostItem[] = [
  { item: 'Security deposit', range: '2 – 3 months’ rent', notes: 'Refundable at the end of the lease, less documented damage' },
  { item: 'Grow racks and trays', range: '$4,000 – $12,000', notes: 'Mobile racks add density; buy used to save 40%' },
  { item: 'LED lighting', range: '$5,000 – $15,000', notes: 'The largest equipment line; efficiency pays back in power bills' },
  { item: 'Irrigation and nutrient system', range: '$2,000 – $8,000', notes: 'NFT or ebb-and-flow, reservoirs, pumps, dosing' },
  { item: 'Climate control', range: '$3,000 – $10,000', notes: 'Mini-split AC, dehumidifiers, fans; sized to the lighting load' },
  { item: 'Electrical work and permits', range: '$1,000 – $5,000', notes: 'Dedicated circuits; sometimes shared with the owner' },
];

export const buildingCosts: CostItem[] = [
  { item: 'Land or building purchase', range: '$50,000 – $250,000+', notes: 'Varies most by city; often the deciding factor' },
  { item: 'Construction or renovation', range: '$60,000 – $150,000', notes: 'Insulation, floors, drainage, loading access' },
  { item: 'Design, engineering and permits', range: '$10,000 – $30,000', notes: 'Architect, structural and MEP engineers, zoning' },
  { item: 'Electrical service upgrade', range: '$10,000 – $40,000', notes: 'New transformer or three-phase service' },
  { item: 'Growing systems and climate', range: '$20,000 – $45,000', notes: 'As for leasing, plus central HVAC' },
  { item: 'Holding costs during construction', range: '$5,000 – $20,000', notes: 'Interest, insurance and taxes before any revenue' },
];

export const roiScenarios: RoiScenario[] = [
  {
    name: 'Conservative: leased basement',
    setup: '1,500 sq ft basement at $15 per sq ft per year; microgreens and herbs for local restaurants.',
    initialInvestment: 25_000,
    annualRevenue: 72_000,
    firstYearRevenueShare: 0.6,
    annualOperatingCost: 58_000,
    note: 'Thin margins, but the small investment is recovered within four years and the lease can be left at term end.',
  },
  {
    name: 'Moderate: leased warehouse',
    setup: '3,000 sq ft warehouse at $12 per sq ft per year; leafy greens on five-tier racks for two grocers.',
    initialInvestment: 40_000,
    annualRevenue: 180_000,
    firstYearRevenueShare: 0.65,
    annualOperatingCost: 135_000,
    note: 'The most common profile on FarmSpace: steady contracts pay back the fit-out in under three years.',
  },
  {
    name: 'Optimistic: leased rooftop greenhouse',
    setup: '5,000 sq ft rooftop at $20 per sq ft per year; greens, herbs and strawberries with natural light.',
    initialInvestment: 50_000,
    annualRevenue: 320_000,
    firstYearRevenueShare: 0.7,
    annualOperatingCost: 255_000,
    note: 'Sunlight cuts lighting costs; the result depends on premium buyers and a strong first season.',
  },
  {
    name: 'For comparison: building your own',
    setup: 'The same 5,000 sq ft farm in a purchased and converted building, without rent but with loan, tax and upkeep.',
    initialInvestment: 400_000,
    annualRevenue: 320_000,
    firstYearRevenueShare: 0.7,
    annualOperatingCost: 200_000,
    note: 'Higher yearly profit without rent, yet the capital takes about four years to recover; the owner keeps the building.',
  },
];
