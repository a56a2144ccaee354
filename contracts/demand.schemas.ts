// GET /api/demand and GET /api/demand/widen-search (issue 29): the query schemas. The facts of a space that may
// not exist yet are read with the listing form's own field schemas (same bounds, same messages), as query text.
import { z } from './zod';
import { growingFactsFields } from './growing.schemas';
import { spaceFields } from './spaces.schemas';

export * from './demand';

const blank = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const listOf = (v: unknown) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]);
const flagText = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : blank(v));
const degrees = (label: string, max: number) =>
  z.preprocess(blank, z.coerce.number({ error: `${label} must be a number` }).min(-max, `${label} must be between -${max} and ${max}`).max(max, `${label} must be between -${max} and ${max}`).optional());

/** The facts of a space as the list-space form holds them; the place is the city (and country) or a pin. */
export const demandQuerySchema = z
  .object({
    city: z.preprocess(blank, spaceFields.city.optional()),
    country: z.preprocess((v) => blank(v) ?? 'US', spaceFields.country),
    lat: degrees('lat', 90),
    lng: degrees('lng', 180),
    spaceType: spaceFields.spaceType,
    size: z.preprocess(blank, spaceFields.size.optional()),
    pricePerMonth: z.preprocess(blank, spaceFields.pricePerMonth.optional()),
    currency: z.preprocess((v) => blank(v) ?? 'USD', spaceFields.currency),
    amenities: z.preprocess(listOf, spaceFields.amenities),
    ceilingHeightM: growingFactsFields.ceilingHeightM.optional(),
    floorLoadKgM2: growingFactsFields.floorLoadKgM2.optional(),
    powerKw: growingFactsFields.powerKw.optional(),
    powerAmps: growingFactsFields.powerAmps.optional(),
    powerPhase: growingFactsFields.powerPhase.optional(),
    water: growingFactsFields.water.optional(),
    access24h: z.preprocess(flagText, growingFactsFields.access24h.optional()),
    availableFrom: growingFactsFields.availableFrom.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.lat === undefined) !== (v.lng === undefined)) ctx.addIssue({ code: 'custom', path: [v.lat === undefined ? 'lat' : 'lng'], message: 'A position needs both lat and lng' });
    if (v.city === undefined && v.lat === undefined) ctx.addIssue({ code: 'custom', path: ['city'], message: 'Give the city (or lat and lng) of the space' });
  });
export type DemandQuery = z.output<typeof demandQuerySchema>;

/** GET /api/demand/cities takes no parameters: an unknown one is refused rather than cached under another key. */
export const demandCitiesQuerySchema = z.strictObject({});
