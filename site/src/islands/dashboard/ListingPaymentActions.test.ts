// Which payment actions My Listings offers for each state of an own listing.
import { describe, expect, it } from 'vitest';
import { checkoutHref, listingPaymentActions } from './ListingPaymentActions';

const now = new Date('2026-05-01T00:00:00Z');
const later = '2026-05-20T00:00:00.000Z';
const labels = (listing: Parameters<typeof listingPaymentActions>[0]) => listingPaymentActions(listing, now).map((a) => `${a.label}:${a.paymentType}`);

describe('listing payment actions', () => {
  it('draft → finish payment; expired → renew (Standard or Premium); live Standard → upgrade; featured, paused, demo → none', () => {
    expect(labels({ id: 1, status: 'draft', isFeatured: false, featuredUntil: null })).toEqual(['Finish payment:listing_fee']);
    expect(labels({ id: 1, status: 'expired', isFeatured: false, featuredUntil: null })).toEqual(['Renew for 30 days:listing_fee', 'Renew as Premium:featured_upgrade']);
    expect(labels({ id: 1, status: 'active', isFeatured: false, featuredUntil: null })).toEqual(['Upgrade to Premium:featured_upgrade']);
    expect(labels({ id: 1, status: 'active', isFeatured: true, featuredUntil: later })).toEqual([]);
    expect(labels({ id: 1, status: 'paused', isFeatured: false, featuredUntil: null })).toEqual([]);
    expect(labels({ id: 1, status: 'demo', isFeatured: true, featuredUntil: null })).toEqual([]);
  });

  it('links to /checkout with spaceId, paymentType and currency=USD', () => {
    expect(checkoutHref(42, 'featured_upgrade')).toBe('/checkout?spaceId=42&paymentType=featured_upgrade&currency=USD');
  });
});
