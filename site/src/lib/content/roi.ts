// Five-year cash projection of a farm scenario: every figure the ROI cards print comes from here,
// so the article's numbers always add up.
import type { RoiScenario } from '../../data/articles/types';

export interface RoiProjection {
  /** Operating profit of each year (revenue minus operating cost), years 1 to 5. */
  yearlyProfit: number[];
  /** Cash position at the end of each year, starting from minus the initial investment. */
  cumulative: number[];
  /** Five-year operating profit minus the initial investment. */
  netProfit: number;
  /** netProfit as a percentage of the initial investment, rounded. */
  roiPercent: number;
  /** Years until the cash position turns positive (one decimal), or null if not within five years. */
  paybackYears: number | null;
}

export const ROI_YEARS = 5;

export function projectRoi(s: RoiScenario): RoiProjection {
  const yearlyProfit: number[] = [];
  const cumulative: number[] = [];
  let cash = -s.initialInvestment;
  let paybackYears: number | null = null;
  for (let year = 1; year <= ROI_YEARS; year++) {
    const revenue = year === 1 ? s.annualRevenue * s.firstYearRevenueShare : s.annualRevenue;
    const profit = Math.round(revenue - s.annualOperatingCost);
    const before = cash;
    cash += profit;
    yearlyProfit.push(profit);
    cumulative.push(cash);
    if (paybackYears === null && before < 0 && cash >= 0 && profit > 0) {
      // Linear within the year: the fraction of the year's profit needed to cover what was left.
      paybackYears = Math.round((year - 1 + -before / profit) * 10) / 10;
    }
  }
  const netProfit = cash;
  return {
    yearlyProfit,
    cumulative,
    netProfit,
    roiPercent: Math.round((netProfit / s.initialInvestment) * 100),
    paybackYears,
  };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** $12,345 or −$12,345 (a true minus sign, so it reads well and is announced as minus). */
export function formatUsd(amount: number): string {
  return amount < 0 ? `−${usd.format(-amount)}` : usd.format(amount);
}
