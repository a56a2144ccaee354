// The enumerated growing facts of a listing and their labels (the database enums read these values).

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
