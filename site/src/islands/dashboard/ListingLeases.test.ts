import { describe, expect, it } from 'vitest';
import { areaLet, leaseEnd } from './ListingLeases';

describe('fully let (decision 1103)', () => {
  it('a lease ends its term in months after the start date', () => {
    expect(leaseEnd({ startDate: '2026-06-01', termMonths: 12 })).toBe('2027-06-01');
    expect(leaseEnd({ startDate: '2026-11-15', termMonths: 3 })).toBe('2027-02-15');
  });

  it('counts whole-space leases as the whole size and ignores ended leases', () => {
    const running = { startDate: '2026-06-01', termMonths: 24, areaSqFt: null };
    const part = { startDate: '2026-06-01', termMonths: 24, areaSqFt: 600 };
    const ended = { startDate: '2020-01-01', termMonths: 12, areaSqFt: 1000 };
    expect(areaLet([running], 2000, '2026-11-23')).toBe(2000);
    expect(areaLet([part, ended], 2000, '2026-11-23')).toBe(600);
    expect(areaLet([part, part, { ...part, areaSqFt: 800 }], 2000, '2026-11-23')).toBe(2000);
    expect(areaLet([running], 2000, '2028-06-01')).toBe(0);
  });
});
