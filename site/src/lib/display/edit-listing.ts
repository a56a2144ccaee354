// The edit screen is the list-space form in edit mode (docs/decisions/0805): its address, linked from My
// Listings, a listing's own page and the checkout; the form's state is lib/stores/listing-draft-store.ts.

export function editListingHref(spaceId: number): string {
  return `/list-space?edit=${spaceId}`;
}

/** The listing id of /list-space?edit={id}, when the page is in edit mode. */
export function readEditId(): number | undefined {
  if (typeof window === 'undefined') return undefined;
  const raw = new URLSearchParams(window.location.search).get('edit');
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}
