// Places (issue 18): the gazetteer's answer shape and the plain text rules shared by the API and the
// islands. No zod here, so the location box can import it.

/** One place of GET /api/places (spec-style plain list). `admin` is the state or region code where known. */
export type Place = { id: number; name: string; country: string; admin?: string; latitude: number; longitude: number; population: number };

export const PLACES_LIMIT_DEFAULT = 8;
export const PLACES_LIMIT_MAX = 20;
export const PLACES_QUERY_MAX = 100;
/**
 * Radius choices of the location box, up to a region (500 km: a day's drive out and back, decision 0905); the
 * API accepts any radius in (0, MAX_RADIUS_KM], and the largest choice is that maximum.
 */
export const RADIUS_CHOICES_KM = [5, 10, 25, 50, 100, 250, 500] as const;
export const MAX_RADIUS_KM = Math.max(...RADIUS_CHOICES_KM);
export const DEFAULT_RADIUS_KM = 25;
/** Mean Earth radius (IUGG), the one radius of every distance the product computes. */
export const EARTH_RADIUS_KM = 6371.0088;

/** Grid cells of the distance index (decision 0904): 0.1° × 0.1°, about 11 km × 7 km at 50° N. */
export const CELLS_PER_DEGREE = 10;
/** Cell numbers of one latitude row span [row × CELL_ROW_SPAN − 1800, row × CELL_ROW_SPAN + 1800]. */
export const CELL_ROW_SPAN = 4000;

/** The cell of a position, as the SQL expression of the index (db/schema/spaces.ts positionCell) computes it. */
export function positionCell(lat: number, lng: number): number {
  return Math.floor(lat * CELLS_PER_DEGREE) * CELL_ROW_SPAN + Math.floor(lng * CELLS_PER_DEGREE);
}

/** "München" → "munchen", "São Paulo" → "sao paulo": lower case, no accents, words split by one space. */
export function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Great-circle distance in km (haversine), as the SQL of the distance filter computes it. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** "Berlin, DE" / "Brooklyn, NY, US". */
export function placeLabel(p: Pick<Place, 'name' | 'country' | 'admin'>): string {
  return [p.name, p.admin, p.country].filter(Boolean).join(', ');
}

/** Locales that measure road distance in miles. */
export function usesMiles(locale: string): boolean {
  return /^en-(US|GB|LR|MM)$/i.test(locale) || /^(my)(-|$)/i.test(locale);
}

export function formatDistance(km: number, locale: string): string {
  const miles = usesMiles(locale);
  const value = miles ? km / 1.609344 : km;
  const digits = value < 10 ? 1 : 0;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${miles ? 'mi' : 'km'}`;
}
