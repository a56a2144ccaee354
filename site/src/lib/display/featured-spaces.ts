// Which spaces the home page features (spec 2.4 and 4): from GET /api/spaces?featured=true, those with
// isFeatured true and featuredUntil set, at most FEATURED_MAX, in the order the API returned them.
import { FEATURED_MAX } from '#contracts/constants';
import type { Space } from '#contracts/spaces.schemas';

export function pickFeaturedSpaces(spaces: Space[]): Space[] {
  return spaces.filter((s) => s.isFeatured && !!s.featuredUntil).slice(0, FEATURED_MAX);
}
