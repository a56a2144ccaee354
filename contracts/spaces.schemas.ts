// Contracts of the spaces calls (spec 5, 7, 9): the browse query, the create and update bodies, and the
// space as the API answers it. The site validates with these before sending; the API validates again.
import { z } from './zod';
import { AMENITY_IDS } from './amenities';
import { SPACE_TYPES } from './constants';
import type { GrowingFacts } from './growing';
import { isPhotoUrl, type PhotoView } from './photos';
import { growingSystemQueryField, partialGrowingFactsFields } from './growing.schemas';
import { spaceFilterFields, withFilterChecks } from './space-filters.schemas';

// The plain constants live in spaces.ts, so islands can import them without bundling zod.
export * from './spaces';
import { LISTING_COUNTRIES, LISTING_CURRENCIES, MAX_DESCRIPTION, MAX_IMAGES, MAX_LOCATION, MAX_PRICE_PER_MONTH, MAX_SIZE_SQFT, MAX_TITLE, OTHER_COUNTRY, SPACE_PAGE_DEFAULT, SPACE_PAGE_MAX, SPACE_SORTS } from './spaces';

// ---- query -------------------------------------------------------------------------------------

/** Query values arrive as strings; empty ones (an untouched form field) count as absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const single = (message: string) => z.string({ error: (iss) => (Array.isArray(iss.input) ? 'must be given once' : message) });

/** GET /api/spaces: the registry's filters (contracts/space-filters.ts), then display and paging fields. */
export const spaceQuerySchema = withFilterChecks(
  z.object({
    ...spaceFilterFields,
    /** The home page's Featured Spaces; not a farmer's filter, never saved. */
    featured: z.preprocess(blankToUndefined, z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true').optional()),
    sort: z.preprocess(blankToUndefined, z.enum(SPACE_SORTS, { error: `must be one of ${SPACE_SORTS.join(', ')}` }).default('newest')),
    limit: z.preprocess(
      blankToUndefined,
      single('must be a whole number')
        .regex(/^\d+$/, 'must be a whole number')
        .transform(Number)
        .pipe(z.number().min(1, 'must be at least 1').max(SPACE_PAGE_MAX, `must be at most ${SPACE_PAGE_MAX}`))
        .default(SPACE_PAGE_DEFAULT),
    ),
    cursor: z.preprocess(blankToUndefined, single('must be text').max(200, 'is not a valid cursor').optional()),
    ...growingSystemQueryField,
  }),
).superRefine((v, ctx) => {
  if (v.sort === 'distance' && v.near === undefined && v.lat === undefined) ctx.addIssue({ code: 'custom', path: ['sort'], message: 'distance needs a place: near, or lat and lng' });
});
export type SpaceQuery = z.output<typeof spaceQuerySchema>;

// ---- create / update ---------------------------------------------------------------------------

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`).optional(),
  );

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Images (spec 5): a comma-separated string or a list; split on commas, trimmed, empties dropped. The
 * uploaded photos' own URLs (which lead `images` as answered) are dropped too: a client that sends back
 * the list it read changes only the pasted URLs; the photos keep their own order (contracts/photos.ts).
 */
export function splitImageList(value: unknown): unknown {
  if (value === undefined || value === null) return [];
  const parts = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])) : value;
  return Array.isArray(parts) ? parts.map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '' && !(typeof p === 'string' && isPhotoUrl(p))) : parts;
}

const imagesSchema = z.preprocess(
  splitImageList,
  z
    .array(
      z
        .string({ error: 'Each image must be a URL' })
        .max(2048, 'Image URLs must be at most 2048 characters')
        .refine(isHttpUrl, { error: (iss) => `Not an http(s) URL: ${String(iss.input).slice(0, 80)}` }),
      { error: 'Images must be a list of URLs' },
    )
    .max(MAX_IMAGES, `At most ${MAX_IMAGES} images`),
);

/** Price per month: a number or numeric string, greater than 0, kept as a 2-decimal string (numeric(10,2)). */
const priceSchema = z
  .union([z.number(), z.string().trim()], { error: 'Monthly Rent must be a valid amount' })
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d+(\.\d{1,2})?$/.test(v) ? Number(v) : NaN;
    if (!Number.isFinite(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message: 'Monthly Rent must be a valid amount greater than 0' });
      return z.NEVER;
    }
    if (n > MAX_PRICE_PER_MONTH) {
      ctx.addIssue({ code: 'custom', message: `Monthly Rent must be at most ${MAX_PRICE_PER_MONTH}` });
      return z.NEVER;
    }
    return (Math.round(n * 100) / 100).toFixed(2);
  });

const sizeSchema = z.coerce
  .number({ error: 'Size must be a whole number of square feet' })
  .int('Size must be a whole number of square feet')
  .gt(0, 'Size must be greater than 0')
  .max(MAX_SIZE_SQFT, `Size must be at most ${MAX_SIZE_SQFT}`);

const amenitiesSchema = z
  .array(z.enum(AMENITY_IDS, { error: `Amenities must be among ${AMENITY_IDS.join(', ')}` }), { error: 'Amenities must be a list' })
  .max(AMENITY_IDS.length)
  .transform((list) => [...new Set(list)]);
const countrySchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim().toLowerCase() === 'other' ? OTHER_COUNTRY : v.trim().toUpperCase()) : v),
  z.enum(LISTING_COUNTRIES, { error: `Country must be one of ${LISTING_COUNTRIES.join(', ')}` }),
);
const availableSchema = z.boolean({ error: 'available must be true or false' });
const currencySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(LISTING_CURRENCIES, { error: `Currency must be one of ${LISTING_CURRENCIES.join(', ')}` }),
);

/** Fields without defaults: an update only touches what it names (also the facts GET /api/demand reads). */
export const spaceFields = {
  title: text('Space Title', MAX_TITLE),
  description: text('Description', MAX_DESCRIPTION),
  location: text('Full Address', MAX_LOCATION),
  city: text('City', 100),
  state: optionalText('State/Province', 50),
  zipCode: optionalText('ZIP/Postal Code', 20),
  country: countrySchema,
  size: sizeSchema,
  pricePerMonth: priceSchema,
  spaceType: z.enum(SPACE_TYPES, { error: `Space Type must be one of ${SPACE_TYPES.join(', ')}` }),
  amenities: amenitiesSchema,
  images: imagesSchema,
  available: availableSchema,
  currency: currencySchema,
};

/** Issue 25 item 7: true = the street address only for farmers in a conversation about the listing. */
const hideStreetAddressSchema = z.boolean({ error: 'hideStreetAddress must be true or false' });

/** The owner's pin (issue 18): both or neither; a pin outside the stated country needs confirmPin: true. */
const pinFields = {
  latitude: z.number({ error: 'latitude must be a number' }).min(-90, 'latitude must be between -90 and 90').max(90, 'latitude must be between -90 and 90').optional(),
  longitude: z.number({ error: 'longitude must be a number' }).min(-180, 'longitude must be between -180 and 180').max(180, 'longitude must be between -180 and 180').optional(),
  confirmPin: z.boolean({ error: 'confirmPin must be true or false' }).optional(),
};
const pinBoth = (v: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) => {
  if ((v.latitude === undefined) !== (v.longitude === undefined) || (v.latitude === null) !== (v.longitude === null))
    ctx.addIssue({ code: 'custom', path: [v.latitude === undefined ? 'latitude' : 'longitude'], message: 'A pin needs both latitude and longitude' });
};

/** POST /api/spaces (spec 5): the space without id, timestamps, ownerId, hasListingFee, expiresAt. */
export const createSpaceSchema = z.object({
  ...spaceFields,
  country: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'US' : v), countrySchema),
  amenities: amenitiesSchema.default([]),
  available: availableSchema.default(true),
  currency: currencySchema.default('USD'),
  hideStreetAddress: hideStreetAddressSchema.default(false),
  ...partialGrowingFactsFields,
  ...pinFields,
}).superRefine(pinBoth);
export type CreateSpaceInput = z.input<typeof createSpaceSchema>;
export type CreateSpace = z.output<typeof createSpaceSchema>;

/** PATCH /api/spaces/{id}: any subset of the fields, plus isActive to pause (false) or resume (true). */
export const updateSpaceSchema = z
  .object({
    title: spaceFields.title.optional(),
    description: spaceFields.description.optional(),
    location: spaceFields.location.optional(),
    city: spaceFields.city.optional(),
    state: z.union([z.null(), spaceFields.state]).optional(),
    zipCode: z.union([z.null(), spaceFields.zipCode]).optional(),
    country: spaceFields.country.optional(),
    size: spaceFields.size.optional(),
    pricePerMonth: spaceFields.pricePerMonth.optional(),
    spaceType: spaceFields.spaceType.optional(),
    amenities: spaceFields.amenities.optional(),
    images: z.preprocess((v) => (v === undefined ? undefined : splitImageList(v)), spaceFields.images.optional()),
    available: spaceFields.available.optional(),
    currency: spaceFields.currency.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    hideStreetAddress: hideStreetAddressSchema.optional(),
    ...partialGrowingFactsFields,
    ...pinFields,
    // null and null: remove the owner's pin, the listing is placed from its address again.
    latitude: z.union([z.null(), pinFields.latitude.unwrap()]).optional(),
    longitude: z.union([z.null(), pinFields.longitude.unwrap()]).optional(),
  })
  .superRefine(pinBoth)
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type UpdateSpace = z.output<typeof updateSpaceSchema>;

// ---- response ----------------------------------------------------------------------------------

export const SPACE_STATUSES = ['draft', 'active', 'paused', 'expired', 'demo', 'hidden', 'in_review'] as const;
export type SpaceStatus = (typeof SPACE_STATUSES)[number];

export const spaceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string(),
  size: z.number().int(),
  /** numeric(10,2) read as a string, e.g. "1250.00" (spec 3). */
  pricePerMonth: z.string(),
  spaceType: z.enum(SPACE_TYPES),
  amenities: z.array(z.string()),
  images: z.array(z.string()),
  available: z.boolean(),
  verified: z.boolean(),
  ownerId: z.number().int(),
  hasListingFee: z.boolean(),
  isFeatured: z.boolean(),
  featuredUntil: z.string().nullable(),
  expiresAt: z.string(),
  isActive: z.boolean(),
  isDemoListing: z.boolean(),
  currency: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Where the listing is (issue 18); public answers round to 3 decimals (about 100 m, decision 0902). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  locationPrecision: z.enum(['city', 'address']).nullable(),
  /** The owner's choice: the street address only for farmers in a conversation about this listing (issue 25 item 7). */
  hideStreetAddress: z.boolean(),
  /** This answer left the street address out: `location` then holds only the city (and state). */
  streetAddressWithheld: z.boolean(),
  /** Only when the browse query names a centre: great-circle km from it. */
  distanceKm: z.number().optional(),
  /**
   * The owner's published reviews (issue 28, decision 1503; replaces the spec's fixed 4.9): the average to one
   * decimal and the count, null while the owner has none ("New"). Public answers (browse, one listing) carry it.
   */
  ownerRating: z.object({ average: z.number(), count: z.number().int() }).nullable().optional(),
});
/** The space as answered: the spec's fields plus the growing facts (contracts/growing.ts). */
export type Space = z.infer<typeof spaceSchema> & GrowingFacts & { photos: PhotoView[] };
/** GET /api/spaces/my and the owner's own answers carry the derived status. */
export type OwnSpace = Space & { status: SpaceStatus; /** Why an operator hid it (status 'hidden'). */ hiddenReason?: string | null };
