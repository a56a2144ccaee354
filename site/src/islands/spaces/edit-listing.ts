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
  };
}
