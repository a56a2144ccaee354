// The browse store's URL rules: what /spaces writes for a set of filters, reads back, refuses in the form
// and asks the API — all through the filter registry (contracts/space-filters.ts).
import { describe, expect, it } from 'vitest';
import { SPACE_FILTER_PARAMS } from '#contracts/space-filters';
import { BROWSE_PAGE_SIZE, EMPTY_FILTERS, filterErrors, filtersFromSearch, filtersToSearch, firstPageUrlOf, hasFilters, activeFilterCount, serverPageUrlOf, withoutErrors } from './browse-store';
import { spacesPageUrl } from '../api/spaces-page';

describe('browse URL state', () => {
  it('reads back every registry key it writes, in URL order, with the system beside the filters', () => {
    const url = 'city=Berlin&minSize=100&maxSize=900&country=DEU&minCeilingM=3&water=tap&access24h=true&amenities=wifi&amenities=parking&system=leafy_greens_nft&sort=price_asc';
    const f = filtersFromSearch(`?${url}`);
    expect(f.city).toBe('Berlin');
    expect(f.amenities).toEqual(['wifi', 'parking']);
    expect(f.sort).toBe('price_asc');
    expect(filtersToSearch(f, 'leafy_greens_nft')).toBe(url);
    // The API is asked without the system.
    expect(filtersToSearch(f)).toBe(url.replace('system=leafy_greens_nft&', ''));
    // A size range is one filter, each amenity one (issue 43 item 14).
    expect(activeFilterCount(f)).toBe(8);
    // A place is one filter, not its near, place and radius keys.
    expect(activeFilterCount(filtersFromSearch('?near=2950159&place=Berlin%2C+DE&radiusKm=25'))).toBe(1);
  });

  it('keeps "fit" in the page URL but asks the API for the newest; newest is never written', () => {
    const f = { ...EMPTY_FILTERS, city: 'Oslo', sort: 'fit' as const };
    expect(filtersToSearch(f, 'herbs_towers')).toBe('city=Oslo&system=herbs_towers&sort=fit');
    expect(filtersToSearch(f)).toBe('city=Oslo');
    expect(filtersToSearch({ ...EMPTY_FILTERS })).toBe('');
    expect(hasFilters({ ...EMPTY_FILTERS, sort: 'size' })).toBe(false);
    expect(filtersFromSearch('?sort=bogus').sort).toBe('newest');
  });

  it('has a field for every key of the registry, empty by default', () => {
    expect(Object.keys(EMPTY_FILTERS).sort()).toEqual([...SPACE_FILTER_PARAMS.map((p) => p.key), 'sort'].sort());
  });

  it('names an impossible filter on its field in the labels people see, and leaves only that field out', () => {
    const f = filtersFromSearch('?city=Rome&minSize=2000&maxSize=1000&maxPrice=-5');
    const errors = filterErrors(f);
    expect(errors.maxSize).toBe('Max size (sq ft) must be at least min size (sq ft)');
    expect(errors.maxPrice).toMatch(/^Max price \(\$\/month\) must be a number/);
    expect(errors.city).toBeUndefined();
    expect(filtersToSearch(withoutErrors(f, errors))).toBe('city=Rome&minSize=2000');
  });
});

describe('the first page the server renders', () => {
  it('is the address the browse store asks for the same page address, with its filters and without the system', () => {
    expect(serverPageUrlOf('')).toBe(spacesPageUrl('', BROWSE_PAGE_SIZE));
    expect(serverPageUrlOf('?city=Rome&amenities=wifi&amenities=parking&system=herbs_towers&sort=price_asc')).toBe(spacesPageUrl('city=Rome&amenities=wifi&amenities=parking&sort=price_asc', BROWSE_PAGE_SIZE));
    // A field in error is left out, as the browse store leaves it out.
    expect(serverPageUrlOf('?minSize=2000&maxSize=1000')).toBe(firstPageUrlOf('?minSize=2000&maxSize=1000'));
    expect(serverPageUrlOf('?minSize=2000&maxSize=1000')).toBe(spacesPageUrl('minSize=2000', BROWSE_PAGE_SIZE));
  });

  it('is left to the browser where its first render would differ: a typed place, "fit", a distance', () => {
    expect(serverPageUrlOf('?place=Springfield')).toBeNull();
    expect(firstPageUrlOf('?place=Springfield')).toBeNull();
    expect(serverPageUrlOf('?system=herbs_towers&sort=fit')).toBeNull();
    expect(serverPageUrlOf('?near=2950159&place=Berlin&radiusKm=10')).toBeNull();
    expect(serverPageUrlOf('?lat=52.5&lng=13.4&radiusKm=10')).toBeNull();
  });
});
