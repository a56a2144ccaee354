// The edit screen is the list-space form in edit mode (docs/decisions/0805): its address, and the form's
// values for a stored listing (the pasted URLs only: the uploaded photos are edited beside them).
import { isPhotoUrl } from '#contracts/photos';
import type { Space } from '#contracts/spaces.schemas';

export function editListingHref(spaceId: number): string {
  return `/list-space?edit=${spaceId}`;
}

/** The listing id of /list-space?edit={id}, when the page is in edit mode. */
export function readEditId(): number | undefined {
  if (typeof window === 'undefined') return undefined;
  const raw = new URLSearchParams(window.location.search).get('edit');
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

export function formOfSpace(space: Space) {
  return {
    title: space.title,
    description: space.description,
    location: space.location,
    city: space.city,
    country: space.country,
    state: space.state ?? '',
    zipCode: space.zipCode ?? '',
    size: String(space.size),
    pricePerMonth: space.pricePerMonth,
    spaceType: space.spaceType,
    amenities: [...space.amenities],
    images: space.images.filter((url) => !isPhotoUrl(url)).join(', '),
    currency: space.currency,
    hideStreetAddress: space.hideStreetAddress,
  };
}

/** The owner's pin as the edit form shows it: a position set to the address (not the city's centre). */
export function pinOf(space: Space): { latitude: number; longitude: number } | null {
  return space.locationPrecision === 'address' && space.latitude !== null && space.longitude !== null ? { latitude: space.latitude, longitude: space.longitude } : null;
}

/**
 * The fields of `after` that differ from `before`. An edit sends only these (issue 25): a field the owner did
 * not touch is never written back, so nothing the form cannot show exactly (the pin, a derived value) is lost.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])));
}
