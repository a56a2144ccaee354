// Shapes of the structured parts of articles (spec section 3, "static content records").
// The MDX files pass these to the zero-JS components in site/src/components/article/.

export type Difficulty = 'Beginner' | 'Intermediate' | 'Advanced';

/** A ranked city in "10 cities leading urban farming". `highlights` are its notable projects. */
export interface CityCard {
  name: string;
  country: string;
  highlights: string[];
  production: string;
  keyFeature: string;
}

/** A yield technique; `icon` names one of the icons of components/article/Icon.astro. */
export interface Technique {
  title: string;
  description: string;
  yieldIncrease: string;
  icon: IconName;
  details: string[];
}

export interface CropCategory {
  category: string;
  crops: string[];
  harvestDays: string;
  yieldPerSqFt: string;
  difficulty: Difficulty;
}

/** One line of a leasing-versus-building comparison; `advantage` says which side wins it. */
export interface CostRow {
  category: string;
  leasing: string;
  building: string;
  advantage: 'leasing' | 'building';
}

export interface CostItem {
  item: string;
  range: string;
  notes: string;
}

/** Inputs of a five-year return scenario; the component derives every figure it prints from them. */
export interface RoiScenario {
  name: string;
  setup: string;
  initialInvestment: number;
  annualRevenue: number;
  /** Share of the steady annual revenue reached in year one, while crops and buyers ramp up. */
  firstYearRevenueShare: number;
  annualOperatingCost: number;
  note: string;
}

/** A benefit card (environmental, economic, social …). */
export interface BenefitCard {
  title: string;
  stat: string;
  description: string;
  icon: IconName;
}

export interface ComparisonRow {
  aspect: string;
  values: string[];
}

export interface CallToAction {
  label: string;
  href: string;
  variant?: 'primary' | 'secondary';
}

export type IconName =
  | 'layers'
  | 'sun'
  | 'droplet'
  | 'thermometer'
  | 'wind'
  | 'leaf'
  | 'sprout'
  | 'repeat'
  | 'chart'
  | 'coins'
  | 'users'
  | 'truck'
  | 'building'
  | 'shield'
  | 'heart'
  | 'cpu';
