// Metric and imperial: exact conversions and the display of growing facts in both.
import { PHASE_LABELS } from './growing-enums';
import type { GrowingFacts } from './growing-facts';

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

/** A number for display, grouped, with at most `digits` decimals. */
export const formatNumber = (n: number, digits: number): string => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** "3.6 m (11 ft 10 in)". */
export function formatHeight(m: number): string {
  const totalIn = Math.round(metresToFeet(m) * 12);
  const ft = Math.floor(totalIn / 12);
  const inches = totalIn % 12;
  return `${formatNumber(m, 2)} m (${ft} ft${inches ? ` ${inches} in` : ''})`;
}
/** "500 kg/m² (102 lb/sq ft)". */
export const formatFloorLoad = (kg: number) => `${formatNumber(kg, 0)} kg/m² (${formatNumber(kgM2ToPsf(kg), 0)} lb/sq ft)`;
export const formatPower = (f: Pick<GrowingFacts, 'powerKw' | 'powerAmps' | 'powerPhase'>) =>
  [f.powerKw !== null ? `${formatNumber(f.powerKw, 1)} kW` : null, f.powerAmps !== null ? `${f.powerAmps} A${f.powerPhase ? ` ${PHASE_LABELS[f.powerPhase].toLowerCase()}` : ''}` : null]
    .filter(Boolean)
    .join(', ');

export const formatPounds = (lb: number) => `${formatNumber(lb, 0)} lb (${formatNumber(lb * KG_PER_LB, 0)} kg)`;
