// The plain half of the filter registry: the site's parse (no zod) and the API's schema give the same values
// and the same messages, the URL round-trips, and a saved query is described in words.
import { describe, expect, it } from 'vitest';
import { appendFilterFields, describeSpaceFilters, EMPTY_FILTER_FIELDS, filterFieldsFromSearch, parseSpaceFilters } from './space-filters';
import { spaceQuerySchema } from './spaces.schemas';
import { MAX_RADIUS_KM, RADIUS_CHOICES_KM } from './places';

function apiMessages(qs: string): Record<string, string> {
  const p = new URLSearchParams(qs);
  const query = Object.fromEntries([...new Set(p.keys())].map((k) => [k, p.getAll(k).length > 1 ? p.getAll(k) : p.get(k)!]));
  const result = spaceQuerySchema.safeParse(query);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('filter registry', () => {
  // Issue 25 item 18: the location box offers radii past 100 km; each one it offers, the site's parse and the
  // API's schema both accept, and one step past the largest they both refuse with the same message.
  it('accepts every radius the location box offers, up to the largest, and refuses beyond it', () => {
    expect(MAX_RADIUS_KM).toBe(Math.max(...RADIUS_CHOICES_KM));
    expect(MAX_RADIUS_KM).toBeGreaterThan(100);
    for (const km of RADIUS_CHOICES_KM) {
      const qs = `near=2950159&radiusKm=${km}`;
      expect(parseSpaceFilters(new URLSearchParams(qs)).errors).toEqual({});
      expect(apiMessages(qs)).toEqual({});
    }
    const beyond = `near=2950159&radiusKm=${MAX_RADIUS_KM + 0.5}`;
    expect(parseSpaceFilters(new URLSearchParams(beyond)).errors).toEqual({ radiusKm: `must be a number above 0 and at most ${MAX_RADIUS_KM}` });
    expect(apiMessages(beyond)).toEqual(parseSpaceFilters(new URLSearchParams(beyond)).errors);
  });

  it.each([
    'city=%20Berlin%20&minSize=100&maxSize=900&maxPrice=1500.50&country=DE&spaceType=rooftop&amenities=power&amenities=parking',
    'minCeilingM=tall&minFloorLoadKgM2=600.5&minPowerKw=9999&water=river&access24h=yes&availableBy=2026-02-30',
    'minSize=500&maxSize=100',
    'city=a&city=b&maxPrice=12.345&amenities=jacuzzi&spaceType=castle',
  ])('the site and the API agree on %s', (qs) => {
    const site = parseSpaceFilters(new URLSearchParams(qs));
    expect(site.errors).toEqual(apiMessages(qs));
    if (!Object.keys(site.errors).length) {
      const api = spaceQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      expect(site.values).toMatchObject({ city: 'Berlin', minSize: 100, maxSize: 900, maxPrice: '1500.50', country: 'DE', spaceType: 'rooftop' });
      expect(api).toMatchObject({ city: site.values.city, minSize: site.values.minSize, maxPrice: site.values.maxPrice });
    }
  });

  it('keeps the URL order and drops blanks when writing the form back', () => {
    const fields = { ...EMPTY_FILTER_FIELDS, spaceType: 'warehouse', country: 'US', amenities: ['power'], city: '  ' };
    expect(appendFilterFields(new URLSearchParams(), fields).toString()).toBe('country=US&spaceType=warehouse&amenities=power');
    expect(filterFieldsFromSearch(new URLSearchParams('country=US&amenities=power&amenities=wifi'))).toMatchObject({ country: 'US', amenities: ['power', 'wifi'], city: '' });
  });

  it('describes a saved query in words, and nothing for what it does not set', () => {
    expect(describeSpaceFilters('city=Berlin&minCeilingM=3&water=tap&system=nft_racks')).toEqual(['Berlin', 'ceiling ≥ 3 m', 'water']);
    expect(describeSpaceFilters('minSize=500&maxPrice=900&amenities=power&access24h=true')).toEqual(['≥ 500 sq ft', '≤ $900/month', '24/7', 'Power/Electricity']);
    expect(describeSpaceFilters('')).toEqual([]);
  });
});
