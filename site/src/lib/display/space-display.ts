// How a space is shown: prices, sizes, places, type labels and the fallback pictures of spec 2.6.
import { photoFileUrl, photoUrl } from '#contracts/photos';
import type { Space } from '#contracts/spaces.schemas';

export const COUNTRY_NAMES: Record<string, string> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  AU: 'Australia',
  DE: 'Germany',
  FR: 'France',
  NL: 'Netherlands',
  JP: 'Japan',
  SG: 'Singapore',
  XX: 'Other',
};

export const SPACE_TYPE_LABELS: Record<string, string> = {
  rooftop: 'Rooftop',
  basement: 'Basement',
  warehouse: 'Warehouse',
  greenhouse: 'Greenhouse',
  other: 'Other',
};

/** "$2,800" or "$1,450.50": dollars with thousands separators, cents only when there are any. */
/** "$", "€", "£", "CA$", "¥"… as a label shows it. */
export function currencySymbol(currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
}

/** A rent in the listing's own currency (issue 25 item 23): "$1,250", "€900", "¥120,000", "$1,250.50". */
export function formatPrice(pricePerMonth: string | number, currency = 'USD'): string {
  const n = Number.isFinite(Number(pricePerMonth)) ? Number(pricePerMonth) : 0;
  const cents = Math.round(n * 100) % 100 !== 0;
  const format = (code: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 }).format(n);
  try {
    return format(currency || 'USD');
  } catch {
    return format('USD'); // a stored code Intl does not know (never written by this API)
  }
}

export function formatSize(size: number): string {
  return `${size.toLocaleString('en-US')} sq ft`;
}

export function countryName(code: string): string {
  return COUNTRY_NAMES[code] ?? code;
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The fallback picture kinds of spec 2.6; indoor is the default (basements and "other" spaces). */
const FALLBACK_KIND: Record<string, string> = { rooftop: 'rooftop', warehouse: 'warehouse', greenhouse: 'greenhouse', basement: 'basement', indoor: 'indoor', backyard: 'backyard' };

export function fallbackImage(spaceType: string): string {
  return `/images/spaces/fallback-${FALLBACK_KIND[spaceType] ?? 'indoor'}.webp`;
}

/** A card's picture: its layout width at each breakpoint, and the largest file it is offered. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 380px, (min-width: 640px) 45vw, 100vw';
export const CARD_IMAGE_MAX_WIDTH = 800;

/** The first usable image: our own paths and http(s) URLs only. */
export function primaryImage(space: Pick<Space, 'images' | 'spaceType'>): string {
  const first = space.images.find((src) => src.startsWith('/') || /^https?:\/\//i.test(src));
  return first ?? fallbackImage(space.spaceType);
}

/** Widest photo file a link preview gets: previews show it at most ~600 px wide (1.91:1 cards). */
export const OG_PHOTO_WIDTH = 800;

/**
 * The Open Graph picture: when the first image is an uploaded photo, its 800 px JPEG (a quarter of the
 * 1600 px file's pixels, which `images` names); otherwise the first image as it is.
 */
export function ogImageOf(space: Pick<Space, 'images' | 'spaceType'> & { photos?: Space['photos'] }): string {
  const primary = primaryImage(space);
  const cover = space.photos?.[0];
  if (!cover || primary !== photoUrl(cover)) return primary;
  const width = cover.widths.filter((w) => w <= OG_PHOTO_WIDTH).at(-1) ?? cover.widths[0]!;
  return photoFileUrl(cover.key, width, 'jpeg');
}

/** Featured (spec 2.4/2.6): isFeatured with a featuredUntil still ahead. */
export function isFeaturedNow(space: Pick<Space, 'isFeatured' | 'featuredUntil'>, now = Date.now()): boolean {
  return space.isFeatured && space.featuredUntil !== null && Date.parse(space.featuredUntil) > now;
}
