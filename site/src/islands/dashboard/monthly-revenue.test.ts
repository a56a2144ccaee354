// Total Revenue (issue 25 item 21): agreed rent where a lease runs, the list price elsewhere, per currency.
import { describe, expect, it } from 'vitest';
import { formatMonthlyRevenue, monthlyRevenueByCurrency } from './monthly-revenue';

const lease = (spaceId: number, rent: string, startDate: string, termMonths: number, currency = 'USD') => ({ spaceId, agreement: { rent, currency, startDate, termMonths } });

describe('monthly revenue', () => {
  const spaces = [
    { id: 1, pricePerMonth: '2250.00', currency: 'USD' },
    { id: 2, pricePerMonth: '900.00', currency: 'EUR' },
    { id: 3, pricePerMonth: '1000.00', currency: 'USD' },
  ];

  it('counts the agreed rent of a running lease instead of the list price, and never adds currencies together', () => {
    const totals = monthlyRevenueByCurrency(spaces, [lease(1, '2150.00', '2026-06-01', 12)], '2026-11-26');
    expect(formatMonthlyRevenue(totals)).toBe('$3,150 + €900');
  });

  it('two partial leases on one listing count both rents; an ended lease counts the list price again', () => {
    const leases = [lease(3, '400.00', '2026-01-01', 24), lease(3, '350.50', '2026-02-01', 24), lease(1, '2000.00', '2025-01-01', 6)];
    expect(formatMonthlyRevenue(monthlyRevenueByCurrency(spaces, leases, '2026-11-26'))).toBe('$3,000.50 + €900');
  });

  it('reads $0 with no listing', () => {
    expect(formatMonthlyRevenue(monthlyRevenueByCurrency([], [], '2026-11-26'))).toBe('$0');
  });
});
