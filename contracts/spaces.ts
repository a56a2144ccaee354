// Plain constants of the spaces calls (no zod): islands import these, the schemas in spaces.ts use them.
import { COUNTRIES } from './constants';

/** `distance` needs a centre (near, or lat and lng): nearest first. */
export const SPACE_SORTS = ['newest', 'price_asc', 'price_desc', 'size', 'distance'] as const;
export type SpaceSort = (typeof SPACE_SORTS)[number];
export const SPACE_PAGE_DEFAULT = 24;
export const SPACE_PAGE_MAX = 100;
/** Above this many matches the count header says "at least" (X-Total-Count-Capped: true). */
export const SPACE_COUNT_CAP = 1000;
/** The listing form's extra country option (spec 2.9 "other"); countries are stored in 3 characters. */
export const OTHER_COUNTRY = 'XX';
export const LISTING_COUNTRIES = [...COUNTRIES, OTHER_COUNTRY] as const;
/**
 * The currencies a listing's rent may be in (issue 25 item 23): each listing country's own, so a Berlin
 * roof is let in euros. The API's default stays USD (spec 3); the form proposes the country's currency.
 */
export const LISTING_CURRENCIES = ['USD', 'CAD', 'GBP', 'AUD', 'EUR', 'JPY', 'SGD'] as const;
export type ListingCurrency = (typeof LISTING_CURRENCIES)[number];
const CURRENCY_OF_COUNTRY: Record<string, ListingCurrency> = { US: 'USD', CA: 'CAD', GB: 'GBP', AU: 'AUD', DE: 'EUR', FR: 'EUR', NL: 'EUR', JP: 'JPY', SG: 'SGD' };
/** The currency rents are usually in where the space is; USD for "other". */
export function currencyOfCountry(country: string): ListingCurrency {
  return CURRENCY_OF_COUNTRY[country] ?? 'USD';
}
export const MAX_PRICE_PER_MONTH = 99_999_999.99;
export const MAX_SIZE_SQFT = 100_000_000;
export const MAX_IMAGES = 10;
/** A listing's title and description, at most (the API refuses more with a 400; the form counts against them). */
export const MAX_TITLE = 255;
export const MAX_DESCRIPTION = 5000;
export const MAX_LOCATION = 255;

/** Response headers of GET /api/spaces (the body stays the spec's plain list). */
export const SPACES_HEADERS = { total: 'X-Total-Count', capped: 'X-Total-Count-Capped', nextCursor: 'X-Next-Cursor' } as const;
