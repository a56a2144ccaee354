// Total Revenue (issue 25 item 21): agreed rent where a lease runs, the list price elsewhere, per currency.
import { describe, expect, it } from 'vitest';
import { formatMonthlyRevenue, monthlyRevenueByCurrency } from './monthly-revenue';

const lease = (spaceId: number, rent: string, startDate: string, termMonths: number, currency = 'USD') => ({ spaceId, agreement: { rent, currency, startDate, termMonths } });

describe('monthly revenue', () => {
  const spaces = [
    { id: 1, pricePerMonth: '2250.00', currency: 'USD', status: 'active' as const },
    { id: 2, pricePerMonth: '900.00', currency: 'EUR', status: 'active' as const },
    { id: 3, pricePerMonth: '1000.00', currency: 'USD', status: 'active' as const },
  ];

  it('counts live and let listings only: an unpaid draft, a paused or an expired listing adds nothing (issue 43 item 8)', () => {
    const more = [...spaces, { id: 4, pricePerMonth: '850.00', currency: 'EUR', status: 'draft' as const }, { id: 5, pricePerMonth: '500.00', currency: 'USD', status: 'expired' as const }, { id: 6, pricePerMonth: '700.00', currency: 'USD', status: 'paused' as const }];
    expect(formatMonthlyRevenue(monthlyRevenueByCurrency(more, [], '2026-11-26'))).toBe('$3,250 + €900');
    // A let listing counts its agreed rent whatever its own state (a fully let listing may be paused).
    expect(formatMonthlyRevenue(monthlyRevenueByCurrency(more, [lease(6, '650.00', '2026-06-01', 12)], '2026-11-26'))).toBe('$3,900 + €900');
  });

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
