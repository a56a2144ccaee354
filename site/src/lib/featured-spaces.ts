// Which spaces the home page features (spec 2.4 and 4): from the unfiltered list, those with
// isFeatured true and featuredUntil set, at most FEATURED_MAX, in the order the API returned them.
import { FEATURED_MAX } from '../../../contracts/constants';
import type { Space } from '../../../contracts/spaces';

/** The fields of a space (spec 3) that a featured card shows. */
export type FeaturedSpace = {
  id: number;
  title: string;
  city: string;
  country: string;
  size: number;
  pricePerMonth: string;
  spaceType: Space['spaceType'];
  images: string[];
  isFeatured: boolean;
  featuredUntil: string | null;
};

function isFeaturedSpace(value: unknown): value is FeaturedSpace {
  const s = value as Partial<FeaturedSpace> | null;
  return (
    !!s &&
    typeof s.id === 'number' &&
    typeof s.title === 'string' &&
    typeof s.city === 'string' &&
    typeof s.size === 'number' &&
    (typeof s.pricePerMonth === 'string' || typeof s.pricePerMonth === 'number')
  );
}

export function pickFeaturedSpaces(spaces: unknown): FeaturedSpace[] {
  // Tolerate both a bare array and a paginated { spaces: [...] } / { items: [...] } answer.
  const list = Array.isArray(spaces) ? spaces : ((spaces as { spaces?: unknown; items?: unknown } | null)?.spaces ?? (spaces as { items?: unknown } | null)?.items);
  if (!Array.isArray(list)) return [];
  return list
    .filter(isFeaturedSpace)
    .filter((s) => s.isFeatured === true && !!s.featuredUntil)
    .slice(0, FEATURED_MAX)
    .map((s) => ({ ...s, pricePerMonth: String(s.pricePerMonth), images: Array.isArray(s.images) ? s.images : [], country: s.country ?? '' }));
}
