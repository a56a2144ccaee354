// The coupon arithmetic of spec 9 as properties: never below zero, never above the list price, percent
// and amount coupons as stated.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LISTING_PRICES_CENTS } from './constants';
import { discountedCents } from './payments.schemas';

const price = fc.constantFrom(LISTING_PRICES_CENTS.listing_fee, LISTING_PRICES_CENTS.featured_upgrade);

describe('coupon arithmetic', () => {
  it('a percent coupon takes that percent off, stays within 0 … price, and 100% is free', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 1, max: 100 }), (p, percent) => {
        const total = discountedCents(p, { percent_off: percent, amount_off: null });
        expect(total).toBeGreaterThanOrEqual(0);
        expect(total).toBeLessThanOrEqual(p);
        expect(Math.abs(total - p * (1 - percent / 100))).toBeLessThanOrEqual(0.5);
        expect(Number.isInteger(total)).toBe(true);
        if (percent === 100) expect(total).toBe(0);
      }),
    );
  });

  it('an amount coupon (cents) takes amount/100 dollars off and never goes below 0', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 1, max: 1_000_000 }), (p, amount) => {
        const total = discountedCents(p, { percent_off: null, amount_off: amount });
        expect(total).toBe(Math.max(0, p - amount));
        expect(total).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('more discount never costs more', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 1, max: 99 }), (p, percent) => {
        expect(discountedCents(p, { percent_off: percent + 1, amount_off: null })).toBeLessThanOrEqual(discountedCents(p, { percent_off: percent, amount_off: null }));
      }),
    );
  });

  it('no coupon: the list price; the spec examples', () => {
    expect(discountedCents(799, null)).toBe(799);
    expect(discountedCents(1999, { percent_off: 20, amount_off: null })).toBe(1599);
    expect(discountedCents(799, { percent_off: null, amount_off: 500 })).toBe(299);
    expect(discountedCents(799, { percent_off: null, amount_off: 1000 })).toBe(0);
  });
});
