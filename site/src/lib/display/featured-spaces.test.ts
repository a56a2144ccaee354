import { describe, expect, it } from 'vitest';
import type { Space } from '#contracts/spaces.schemas';
import { pickFeaturedSpaces } from './featured-spaces';

const space = (id: number, extra: Partial<Space> = {}) => ({
  id,
  title: `Space ${id}`,
  city: 'Austin',
  country: 'US',
  size: 1200,
  pricePerMonth: '1500.00',
  spaceType: 'rooftop',
  images: [],
  isFeatured: true,
  featuredUntil: '2030-01-01',
  ...extra,
}) as Space;

describe('pickFeaturedSpaces', () => {
  it('keeps only featured spaces with featuredUntil set, at most six, in API order', () => {
    const list = [space(1, { isFeatured: false }), space(2, { featuredUntil: null }), ...[3, 4, 5, 6, 7, 8, 9].map((id) => space(id))];
    expect(pickFeaturedSpaces(list).map((s) => s.id)).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('is empty for no spaces', () => {
    expect(pickFeaturedSpaces([])).toEqual([]);
  });
});
