import { describe, expect, it } from 'vitest';
import { roiScenarios } from '../../data/articles/leasing-vs-building';
import { formatUsd, projectRoi } from './roi';

describe('projectRoi', () => {
  it('ramps year one, then adds the steady profit each year', () => {
    const p = projectRoi({ name: 'x', setup: '', note: '', initialInvestment: 40_000, annualRevenue: 180_000, firstYearRevenueShare: 0.65, annualOperatingCost: 135_000 });
    expect(p.yearlyProfit).toEqual([-18_000, 45_000, 45_000, 45_000, 45_000]);
    expect(p.cumulative).toEqual([-58_000, -13_000, 32_000, 77_000, 122_000]);
    expect(p.netProfit).toBe(122_000);
    expect(p.roiPercent).toBe(305);
    expect(p.paybackYears).toBe(2.3);
  });

  it('reports no payback when the money never comes back within five years', () => {
    const p = projectRoi({ name: 'x', setup: '', note: '', initialInvestment: 100_000, annualRevenue: 50_000, firstYearRevenueShare: 1, annualOperatingCost: 45_000 });
    expect(p.paybackYears).toBeNull();
    expect(p.roiPercent).toBe(-75);
  });

  it('backs the article text: leasing returns more on capital than building, and every lease pays back within 4 years', () => {
    const results = roiScenarios.map(projectRoi);
    const build = results.at(-1)!;
    for (const lease of results.slice(0, -1)) {
      expect(lease.roiPercent).toBeGreaterThan(build.roiPercent);
      expect(lease.paybackYears).not.toBeNull();
      expect(lease.paybackYears!).toBeLessThan(4);
    }
    expect(build.paybackYears).toBeCloseTo(4.1, 1);
  });
});

describe('formatUsd', () => {
  it('formats whole dollars with a true minus sign', () => {
    expect(formatUsd(122_000)).toBe('$122,000');
    expect(formatUsd(-18_000)).toBe('−$18,000');
  });
});
