// The demand for the listing being written (issue 29): the list-space form's facts as the query of GET
// /api/demand, asked after the owner pauses typing (debounced), read through the one fetcher context. Loaded
// with the demand panel (islands/spaces/edit/DemandPanel.tsx), not with the form. See docs/decisions/1601.
import { atom, computed, onMount } from 'nanostores';
import type { DemandAnswer } from '#contracts/demand';
import { createFetcherStore } from '../api/fetcher';
import { growingBody, type GrowingForm } from '../display/growing-form';
import { $listingDraft, type ListingForm, type Pin } from './listing-draft-store';

export const DEMAND_DEBOUNCE_MS = 500;

/** The facts the demand reads, as a query string; null until the form names a place (a city or a pin) and a valid size or rent. */
export function demandQuery(form: ListingForm, growing: GrowingForm, pin: Pin | null): string | null {
  const city = form.city.trim();
  if (!city && !pin) return null;
  const p = new URLSearchParams({ spaceType: form.spaceType, country: form.country, currency: form.currency });
  if (city) p.set('city', city);
  if (pin) {
    p.set('lat', String(pin.latitude));
    p.set('lng', String(pin.longitude));
  }
  const size = form.size.trim();
  if (/^\d+$/.test(size) && Number(size) > 0) p.set('size', size);
  const price = form.pricePerMonth.trim();
  if (/^\d+(\.\d{1,2})?$/.test(price) && Number(price) > 0) p.set('pricePerMonth', price);
  for (const a of form.amenities) p.append('amenities', a);
  // The growing facts only while the form holds them all valid (one out of bounds would be refused).
  const { body, errors } = growingBody(growing);
  for (const key of ['ceilingHeightM', 'floorLoadKgM2', 'powerKw', 'powerAmps', 'powerPhase', 'water', 'access24h', 'availableFrom'] as const) {
    const value = body[key];
    if (value !== null && value !== undefined && !Object.keys(errors).length) p.set(key, String(value));
  }
  return p.toString();
}

const $typed = computed($listingDraft, (s) => demandQuery(s.form, s.growing, s.pin));
/** The query after the owner paused typing for DEMAND_DEBOUNCE_MS. */
export const $demandQuery = atom<string | null>(null);
onMount($demandQuery, () => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = $typed.subscribe((query) => {
    clearTimeout(timer);
    timer = setTimeout(() => $demandQuery.set(query), DEMAND_DEBOUNCE_MS);
  });
  return () => {
    clearTimeout(timer);
    stop();
  };
});

export const $demand = createFetcherStore<DemandAnswer>(['/api/demand?', $demandQuery]);
