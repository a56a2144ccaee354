// Listings for the list-space form's end-to-end tests (issue 25), made through the API as their owner's
// browser context would: a listing with every field set (pin, growing facts, photos), read back as the
// owner sees it (exact pin) to compare before and after the form saves.
import { expect, type APIRequestContext } from '@playwright/test';
import { UPLOAD_HEADER } from '#contracts/photos';
import { smallPhoto } from '#tests/fixtures/photos';

export type StoredSpace = Record<string, unknown> & { id: number; photos: { id: string; alt: string }[]; latitude: number | null; longitude: number | null };

/** Every field the form edits, set to something other than its default. */
export const FULL_LISTING = {
  title: 'Pinned rooftop in Flatbush',
  description: 'A flat roof with full sun, a water line and a freight elevator.',
  location: '2300 Bedford Ave',
  city: 'New York',
  state: 'NY',
  zipCode: '11226',
  country: 'US',
  size: 2400,
  pricePerMonth: '1850.50',
  spaceType: 'rooftop',
  amenities: ['water_access', 'natural_light'],
  images: 'https://example.com/roof-a.jpg, https://example.com/roof-b.jpg',
  latitude: 40.65321,
  longitude: -73.94527,
  floorLoadKgM2: 480,
  ceilingHeightM: 3.2,
  powerAmps: 200,
  powerPhase: 'three',
  water: 'dedicated',
  floorDrain: true,
  sunHours: 7.5,
  orientation: 'S',
  climateControl: 'heating',
  access24h: false,
  accessHours: 'Mon–Sat 6:00–20:00',
  goodsAccess: ['freight_elevator'],
  foodSafetyStatus: 'Zoned M1, kitchen licence applied',
  minLeaseMonths: 12,
  availableFrom: '2027-03-01',
};

export async function createListing(request: APIRequestContext, baseURL: string, fields: Record<string, unknown>): Promise<StoredSpace> {
  const res = await request.post('/api/spaces', { headers: { origin: baseURL }, data: fields });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as StoredSpace;
}

export async function uploadPhoto(request: APIRequestContext, baseURL: string, spaceId: number, color: number): Promise<{ id: string; alt: string }> {
  const res = await request.post(`/api/spaces/${spaceId}/photos`, {
    headers: { origin: baseURL, [UPLOAD_HEADER]: '1' },
    multipart: { photo: { name: `photo-${color}.png`, mimeType: 'image/png', buffer: await smallPhoto(color) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; alt: string };
}

/** The listing as its owner reads it (the pin exact, not rounded). */
export async function ownListing(request: APIRequestContext, spaceId: number): Promise<StoredSpace> {
  const res = await request.get(`/api/spaces/${spaceId}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as StoredSpace;
}

