// The list-space form's checks that need no browser: the required fields by their spec 5 labels, and what
// an edit sends (only the fields that changed, issue 25).
import { describe, expect, it } from 'vitest';
import { changedFields, EMPTY_LISTING_FORM, missingFields } from './listing-draft-store';

describe('listing draft', () => {
  it('names every missing required field by its label, in form order', () => {
    expect(missingFields(EMPTY_LISTING_FORM)).toEqual(['Space Title', 'Description', 'Full Address', 'City', 'Size (must be greater than 0)', 'Monthly Rent (must be a valid amount)']);
    const complete = { ...EMPTY_LISTING_FORM, title: 'Roof', description: 'Sunny', location: '1 Main St', city: 'Austin', size: '1200', pricePerMonth: '450.50' };
    expect(missingFields(complete)).toEqual([]);
    expect(missingFields({ ...complete, pricePerMonth: '4.505' })).toEqual(['Monthly Rent (must be a valid amount)']);
    expect(missingFields({ ...complete, size: '0' })).toEqual(['Size (must be greater than 0)']);
  });

  it('sends only the fields that changed, lists and nulls compared by value', () => {
    const before = { title: 'Roof', amenities: ['water'], state: null, latitude: 30.1 };
    expect(changedFields(before, { title: 'Roof', amenities: ['water'], state: null, latitude: 30.1 })).toEqual({});
    expect(changedFields(before, { title: 'Roof garden', amenities: ['water', 'power'], state: 'TX', latitude: 30.1 })).toEqual({ title: 'Roof garden', amenities: ['water', 'power'], state: 'TX' });
  });
});
