// Request schemas of the growing features (zod; API side and forms that already load zod): the growing
// facts of a listing with bounds and messages, the growing system of the browse query, and saved searches.
import { z } from './zod';
import {
  CLIMATE_CONTROLS,
  GOODS_ACCESS,
  GROWING_BOUNDS as B,
  GROWING_SYSTEM_IDS,
  ORIENTATIONS,
  POWER_PHASES,
  WATER_SUPPLIES,
} from './growing';
import { isDate } from './space-filters';

const blank = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

/** An optional number with bounds; null / empty clears it. Messages name the field and the unit. */
function measured(label: string, unit: string, min: number, max: number, opts: { int?: boolean } = {}) {
  let n = z.coerce.number({ error: `${label} must be a number` }).refine(Number.isFinite, `${label} must be a number`);
  if (opts.int) n = n.refine(Number.isInteger, `${label} must be a whole number`);
  return z.preprocess(
    blank,
    n
      .refine((v) => v >= min, `${label} must be at least ${min} ${unit}`)
      .refine((v) => v <= max, `${label} must be at most ${max} ${unit}`)
      .nullable(),
  );
}

const choice = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.preprocess(blank, z.enum(values, { error: `${label} must be one of ${values.join(', ')}` }).nullable());
const flag = (label: string) => z.preprocess(blank, z.boolean({ error: `${label} must be true or false` }).nullable());
const shortText = (label: string, max: number) => z.preprocess(blank, z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`).nullable());

const dateText = (label: string) => z.preprocess(blank, z.string({ error: `${label} must be a date` }).trim().refine(isDate, `${label} must be a date (YYYY-MM-DD)`).nullable());

/** The growing facts in a create or update body; each optional, null clears it. */
export const growingFactsFields = {
  floorLoadKgM2: measured('Floor load', 'kg/m²', B.floorLoadKgM2.min, B.floorLoadKgM2.max, { int: true }),
  ceilingHeightM: measured('Ceiling height', 'm', B.ceilingHeightM.min, B.ceilingHeightM.max),
  powerAmps: measured('Electrical service', 'A', B.powerAmps.min, B.powerAmps.max, { int: true }),
  powerPhase: choice('Phase', POWER_PHASES),
  powerKw: measured('Power available', 'kW', B.powerKw.min, B.powerKw.max),
  water: choice('Water', WATER_SUPPLIES),
  floorDrain: flag('Floor drain'),
  sunHours: measured('Direct sun', 'hours a day', B.sunHours.min, B.sunHours.max),
  orientation: choice('Orientation', ORIENTATIONS),
  climateControl: choice('Climate control', CLIMATE_CONTROLS),
  access24h: flag('24/7 access'),
  accessHours: shortText('Access hours', B.accessHours.max),
  goodsAccess: z.preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z.array(z.enum(GOODS_ACCESS, { error: `Goods access must be among ${GOODS_ACCESS.join(', ')}` }), { error: 'Goods access must be a list' }).transform((l) => [...new Set(l)]),
  ),
  foodSafetyStatus: shortText('Food-safety / zoning status', B.foodSafetyStatus.max),
  minLeaseMonths: measured('Minimum lease', 'months', B.minLeaseMonths.min, B.minLeaseMonths.max, { int: true }),
  availableFrom: dateText('Available from'),
};

export const growingFactsSchema = z.object(growingFactsFields);
/** The same fields, each optional (absent = unchanged in an update, null in a create). */
export const partialGrowingFactsFields = Object.fromEntries(Object.entries(growingFactsFields).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof growingFactsFields]: z.ZodOptional<(typeof growingFactsFields)[K]>;
};

// ---- browse query ------------------------------------------------------------------------------

// The growing filters themselves are in the filter registry (contracts/space-filters.ts).
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The picked growing system in the browse query: carried for the fit display and saved searches; it does not filter. */
export const growingSystemQueryField = {
  system: z.preprocess(blankToUndefined, z.enum(GROWING_SYSTEM_IDS, { error: `must be one of ${GROWING_SYSTEM_IDS.join(', ')}` }).optional()),
};

/** PUT /api/growing-system: the system a signed-in farmer picked on /spaces, or null to forget it. */
export const growingSystemRequestSchema = z.object({
  system: z.enum(GROWING_SYSTEM_IDS, { error: `system must be one of ${GROWING_SYSTEM_IDS.join(', ')}` }).nullable(),
});

// ---- saved searches ----------------------------------------------------------------------------

export const SAVED_SEARCH_MAX_PER_USER = 20;
export const SAVED_SEARCH_NAME_MAX = 100;

const savedName = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`);

/** POST /api/saved-searches: a name and the browse query string of /spaces (filters and system). */
export const createSavedSearchSchema = z.object({
  name: savedName,
  query: z.string({ error: 'query must be the search as a query string' }).max(2000, 'query is too long'),
});
export const renameSavedSearchSchema = z.object({ name: savedName });
export type CreateSavedSearch = z.infer<typeof createSavedSearchSchema>;
