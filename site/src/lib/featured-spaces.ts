// Which spaces the home page features (spec 2.4 and 4): from the unfiltered list, those with
// isFeatured true and featuredUntil set, at most FEATURED_MAX, in the order the API returned them.
import { FEATURED_MAX } from '../../../contracts/constants';

/** The fields of a space (spec 3) that a featured card shows. */
export type FeaturedSpace = {
  id: number;
  title: string;
  city: string;
  country: string;
  size: number;
  pricePerMonth: string;
  spaceType: string;
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

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** "$1,250" for whole amounts, "$1,250.50" otherwise; the API sends prices as numeric strings. */
export function formatMonthlyPrice(pricePerMonth: string): string {
  const amount = Number(pricePerMonth);
  if (!Number.isFinite(amount)) return pricePerMonth;
  return Number.isInteger(amount) ? wholeDollars.format(amount) : withCents.format(amount);
}

/** Only http(s) or same-origin image URLs are shown. */
export function safeImageSrc(url: string | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}
