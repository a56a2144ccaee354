// Where a listing is (issue 18): from the owner's pin, else the address through the optional geocoder
// (GEOCODER_URL, Nominatim-compatible), else the city through the offline gazetteer. A pin outside the stated
// country is refused unless the owner confirms it. See docs/decisions/0902-listing-positions.md.
import { OTHER_COUNTRY } from '#contracts/spaces';
import { AppError } from '../../lib/app-error';
import { findCity, nearestPlace } from './gazetteer';

export type Position = { latitude: number; longitude: number; locationPrecision: 'city' | 'address' };
export type ListingPlace = { location: string; city: string; state?: string | null; zipCode?: string | null; country: string };
export type Pin = { latitude?: number; longitude?: number; confirmPin?: boolean };
/** Finds a listing's position; injected into the spaces service so tests drive the real code with a fake geocoder. */
export type Locator = (place: ListingPlace, pin: Pin) => Promise<Position | undefined>;

const GEOCODER_TIMEOUT_MS = 3000;

/** The pin as given, after checking it against the stated country. */
export function checkedPin(place: ListingPlace, pin: Pin): Position | undefined {
  if (pin.latitude === undefined || pin.longitude === undefined) return undefined;
  if (place.country !== OTHER_COUNTRY && !pin.confirmPin) {
    const near = nearestPlace(pin.latitude, pin.longitude, 100);
    if (near?.country !== place.country) {
      const where = near ? `near ${near.name}, ${near.country}` : 'far from any town we know';
      const message = `The pin is ${where}, not in ${place.country}. Move it, or confirm that this is where the space is.`;
      throw AppError.badRequest(`latitude: ${message}`, { latitude: message });
    }
  }
  return { latitude: pin.latitude, longitude: pin.longitude, locationPrecision: 'address' };
}

/** The city's position from the gazetteer (most populous place of that name in the country). */
export function cityPosition(place: Pick<ListingPlace, 'city' | 'country'>): Position | undefined {
  const found = findCity(place.city, place.country);
  return found && { latitude: found.latitude, longitude: found.longitude, locationPrecision: 'city' };
}

/** The address through a Nominatim-compatible /search; undefined on any failure (the gazetteer answers then). */
export async function geocodeAddress(baseUrl: string, place: ListingPlace, fetchImpl: typeof fetch = fetch): Promise<Position | undefined> {
  const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.searchParams.set('q', [place.location, place.zipCode, place.city, place.state].filter(Boolean).join(', '));
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', '1');
  if (place.country !== OTHER_COUNTRY) url.searchParams.set('countrycodes', place.country.toLowerCase());
  try {
    const res = await fetchImpl(url, { headers: { 'User-Agent': 'FarmSpace/1 (listing geocoder)', Accept: 'application/json' }, signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS) });
    if (!res.ok) return undefined;
    const body = (await res.json()) as unknown;
    const first = Array.isArray(body) ? (body[0] as { lat?: unknown; lon?: unknown } | undefined) : undefined;
    const latitude = Number(first?.lat);
    const longitude = Number(first?.lon);
    if (!first || !Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
    return { latitude, longitude, locationPrecision: 'address' };
  } catch {
    return undefined;
  }
}

/** The product's locator: pin, else geocoder (when configured), else gazetteer. */
export function createLocator(geocoderUrl: string | undefined): Locator {
  return async (place, pin) => checkedPin(place, pin) ?? (geocoderUrl ? await geocodeAddress(geocoderUrl, place) : undefined) ?? cityPosition(place);
}
