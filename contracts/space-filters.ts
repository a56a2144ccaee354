// The browse filter registry, plain half: one declaration per filter of /spaces and GET /api/spaces — the
// URL keys (spec 7's query fields) it reads, how each is parsed and checked, its label, how it describes
// itself in words. No zod here, so small islands can import it: the API's zod schema is built from it in
// space-filters.schemas.ts, and the SQL of browse, saved searches and alerts is keyed by the same names in
// api/src/modules/spaces/space-filter-sql.ts. See docs/decisions/0503-one-filter-registry.md.
import { AMENITY_IDS, describeAmenity } from './amenities';
import { SPACE_TYPES } from './constants';
import { GROWING_BOUNDS as B } from './growing';
import { MAX_RADIUS_KM } from './places';
import { LISTING_COUNTRIES, MAX_PRICE_PER_MONTH, MAX_SIZE_SQFT } from './spaces';

// ---- parsing one URL value ---------------------------------------------------------------------

/** A parsed value (undefined = not given), or a message a person understands; `index` names a list item. */
export type ParamResult<T> = { ok: true; value: T } | { ok: false; message: string; index?: number };

/** One URL key of a filter. `repeated` keys may appear several times (?amenities=a&amenities=b). */
export type FilterParam<T> = { label: string; parse: (raw: unknown) => ParamResult<T>; repeated?: true };

const ok = <T>(value: T): ParamResult<T> => ({ ok: true, value });
const fail = (message: string, index?: number): ParamResult<never> => ({ ok: false, message, index });
const isBlank = (raw: unknown) => raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');

/** A calendar date written YYYY-MM-DD that exists (no 2026-02-30). */
export function isDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A value given once, as text; blank counts as absent (an untouched form field). */
function single<T>(label: string, notText: string, parse: (text: string) => ParamResult<T>): FilterParam<T | undefined> {
  return {
    label,
    parse: (raw) => {
      if (isBlank(raw)) return ok(undefined);
      if (Array.isArray(raw)) return fail('must be given once');
      if (typeof raw !== 'string') return fail(notText);
      return parse(raw.trim());
    },
  };
}

const text = (label: string, max: number) =>
  single(label, 'must be text', (v) => (v.length > max ? fail(`must be at most ${max} characters`) : ok(v)));

const wholeNumber = (label: string, max: number) =>
  single(label, 'must be a whole number', (v) => (!/^\d+$/.test(v) ? fail('must be a whole number') : Number(v) > max ? fail(`must be at most ${max}`) : ok(Number(v))));

const decimal = (label: string, max: number) =>
  single(label, 'must be a number', (v) => (!/^\d+(\.\d+)?$/.test(v) ? fail('must be a number') : Number(v) > max ? fail(`must be at most ${max}`) : ok(Number(v))));

/** A signed number within ±max (latitude, longitude). */
const degrees = (label: string, max: number) =>
  single(label, 'must be a number', (v) =>
    !/^-?\d{1,3}(\.\d{1,15})?$/.test(v) || Math.abs(Number(v)) > max ? fail(`must be a number between -${max} and ${max}`) : ok(Number(v)),
  );

const radius = (label: string) =>
  single(label, 'must be a number', (v) =>
    !/^\d{1,6}(\.\d{1,6})?$/.test(v) || Number(v) <= 0 || Number(v) > MAX_RADIUS_KM ? fail(`must be a number above 0 and at most ${MAX_RADIUS_KM}`) : ok(Number(v)),
  );

/** A map box: minLat,minLng,maxLat,maxLng; never across the antimeridian (minLng ≤ maxLng). */
export type Bbox = { minLat: number; minLng: number; maxLat: number; maxLng: number };
const box = (label: string) =>
  single(label, 'must be minLat,minLng,maxLat,maxLng', (v) => {
    const parts = v.split(',').map((x) => x.trim());
    if (parts.length !== 4 || parts.some((x) => !/^-?\d{1,3}(\.\d{1,15})?$/.test(x))) return fail('must be four numbers: minLat,minLng,maxLat,maxLng');
    const [minLat, minLng, maxLat, maxLng] = parts.map(Number) as [number, number, number, number];
    if ([minLat, maxLat].some((x) => Math.abs(x) > 90) || [minLng, maxLng].some((x) => Math.abs(x) > 180)) return fail('latitudes must be within ±90 and longitudes within ±180');
    if (minLat > maxLat) return fail('minLat must not be above maxLat');
    if (minLng > maxLng) return fail('minLng must not be above maxLng (a box across the antimeridian is not supported)');
    return ok({ minLat, minLng, maxLat, maxLng });
  });

/** Money stays a string, as numeric(10,2) is read (spec 3). */
const amount = (label: string) =>
  single(label, 'must be a number such as 1500 or 1500.50', (v) =>
    !/^\d+(\.\d{1,2})?$/.test(v) ? fail('must be a number such as 1500 or 1500.50') : Number(v) > MAX_PRICE_PER_MONTH ? fail(`must be at most ${MAX_PRICE_PER_MONTH}`) : ok(v),
  );

const oneOf = <const T extends readonly string[]>(label: string, values: T) =>
  single(label, `must be one of ${values.join(', ')}`, (v) => ((values as readonly string[]).includes(v) ? ok(v as T[number]) : fail(`must be one of ${values.join(', ')}`)));

const date = (label: string) => single(label, 'must be a date', (v) => (isDate(v) ? ok(v) : fail('must be a date (YYYY-MM-DD)')));

/** A checkbox: only "true" is a filter; unticked is absent. */
const onlyTrue = (label: string) => single(label, 'must be true', (v) => (v === 'true' ? ok(true as const) : fail('must be true')));

/** A repeated key; empties dropped; every value among `values`. */
function listOf<const T extends readonly string[]>(label: string, values: T): FilterParam<T[number][]> & { repeated: true } {
  return {
    label,
    repeated: true,
    parse: (raw) => {
      const list = raw === undefined || raw === '' ? [] : Array.isArray(raw) ? raw.filter((x) => x !== '') : [raw];
      const bad = list.findIndex((x) => !(values as readonly unknown[]).includes(x));
      if (bad >= 0) return fail(`must be among ${values.join(', ')}`, bad);
      if (list.length > values.length) return fail('too many values');
      return ok(list as T[number][]);
    },
  };
}

// ---- the declarations ----------------------------------------------------------------------------

type Params = Record<string, FilterParam<any>>;
/** The parsed values of a filter's keys (each may be absent). */
export type FilterValues<P extends Params> = { [K in keyof P]?: P[K] extends FilterParam<infer T> ? T : never };

type FilterDeclaration<P extends Params> = {
  /** The URL keys (= API query fields) this filter reads, in the order the URL writes them. */
  params: P;
  /** Typed into a text box: the form applies it after a pause instead of at once. */
  typed?: boolean;
  /** The filter in words for a saved search ("ceiling ≥ 3 m"); nothing when not set. */
  describe: (v: FilterValues<P>) => string | undefined;
  /** A rule across the filter's own keys, reported on one of them. */
  check?: (v: FilterValues<P>) => { param: keyof P & string; message: string } | undefined;
};
const filter = <P extends Params>(declaration: FilterDeclaration<P>) => declaration;

/**
 * Every browse filter, in the order the /spaces URL writes them. Adding one here makes the type checker ask
 * for its SQL in api/src/modules/spaces/space-filter-sql.ts (browse predicate, saved-search columns, alert
 * predicate); the saved-search columns also need their migration.
 */
export const SPACE_FILTERS = {
  city: filter({ params: { city: text('City', 100) }, typed: true, describe: (v) => v.city }),
  /**
   * Where (issue 18): within radiusKm of a place (`near`, a gazetteer id) or of lat/lng, and/or inside a map box.
   * `place` is the place's name as the location box showed it, kept for the words only. A centre without a
   * radius filters nothing (it orders sort=distance and gives each space its distanceKm).
   */
  place: filter({
    params: {
      near: wholeNumber('Place', 99_999_999),
      place: text('Place name', 100),
      lat: degrees('Latitude', 90),
      lng: degrees('Longitude', 180),
      radiusKm: radius('Radius (km)'),
      bbox: box('Map area'),
    },
    describe: ({ near, place, lat, lng, radiusKm, bbox }) =>
      [
        radiusKm !== undefined && (near !== undefined || lat !== undefined) ? `within ${radiusKm} km of ${place || (lat !== undefined ? `${lat}, ${lng}` : 'the chosen place')}` : undefined,
        bbox ? 'in the map area' : undefined,
      ]
        .filter(Boolean)
        .join(', ') || undefined,
    check: ({ near, lat, lng, radiusKm }) =>
      lat !== undefined && lng === undefined
        ? { param: 'lng', message: 'is required with lat' }
        : lng !== undefined && lat === undefined
          ? { param: 'lat', message: 'is required with lng' }
          : near !== undefined && lat !== undefined
            ? { param: 'near', message: 'give either near or lat and lng, not both' }
            : radiusKm !== undefined && near === undefined && lat === undefined
              ? { param: 'radiusKm', message: 'needs a place: near, or lat and lng' }
              : undefined,
  }),
  size: filter({
    params: { minSize: wholeNumber('Min size (sq ft)', MAX_SIZE_SQFT), maxSize: wholeNumber('Max size (sq ft)', MAX_SIZE_SQFT) },
    typed: true,
    describe: ({ minSize: min, maxSize: max }) =>
      min !== undefined && max !== undefined ? `${min}–${max} sq ft` : min !== undefined ? `≥ ${min} sq ft` : max !== undefined ? `≤ ${max} sq ft` : undefined,
    check: ({ minSize, maxSize }) => (minSize !== undefined && maxSize !== undefined && minSize > maxSize ? { param: 'maxSize', message: 'must be at least minSize' } : undefined),
  }),
  maxPrice: filter({ params: { maxPrice: amount('Max price ($/month)') }, typed: true, describe: (v) => v.maxPrice && `≤ $${v.maxPrice}/month` }),
  country: filter({ params: { country: oneOf('Country', LISTING_COUNTRIES) }, describe: (v) => v.country }),
  spaceType: filter({ params: { spaceType: oneOf('Space type', SPACE_TYPES) }, describe: (v) => v.spaceType }),
  minCeilingM: filter({ params: { minCeilingM: decimal('Min ceiling (m)', B.ceilingHeightM.max) }, typed: true, describe: (v) => v.minCeilingM !== undefined ? `ceiling ≥ ${v.minCeilingM} m` : undefined }),
  minFloorLoadKgM2: filter({
    params: { minFloorLoadKgM2: decimal('Min load (kg/m²)', B.floorLoadKgM2.max) },
    typed: true,
    describe: (v) => (v.minFloorLoadKgM2 !== undefined ? `floor ≥ ${v.minFloorLoadKgM2} kg/m²` : undefined),
  }),
  minPowerKw: filter({ params: { minPowerKw: decimal('Min power (kW)', B.powerKw.max) }, typed: true, describe: (v) => (v.minPowerKw !== undefined ? `power ≥ ${v.minPowerKw} kW` : undefined) }),
  /** "tap" means any water on site; "dedicated" a dedicated line. */
  water: filter({ params: { water: oneOf('Water', ['tap', 'dedicated'] as const) }, describe: (v) => v.water && (v.water === 'dedicated' ? 'dedicated water' : 'water') }),
  access24h: filter({ params: { access24h: onlyTrue('24/7 access') }, describe: (v) => (v.access24h ? '24/7' : undefined) }),
  availableBy: filter({ params: { availableBy: date('Available by') }, describe: (v) => v.availableBy && `available by ${v.availableBy}` }),
  /** Last, as the URL has always written the repeated key. */
  amenities: filter({
    params: { amenities: listOf('Amenities', AMENITY_IDS) },
    describe: (v) => (v.amenities?.length ? v.amenities.map((a) => describeAmenity(a).label).join(', ') : undefined),
  }),
};

export type SpaceFilterName = keyof typeof SPACE_FILTERS;
export type SpaceFilterParams<N extends SpaceFilterName> = (typeof SPACE_FILTERS)[N]['params'];
/** The parsed values one filter reads. */
export type SpaceFilterValues<N extends SpaceFilterName> = FilterValues<SpaceFilterParams<N>>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type AllParams = UnionToIntersection<SpaceFilterParams<SpaceFilterName>>;
/** Every filter key of the browse query. */
export type SpaceFilterParam = keyof AllParams & string;
/** All filters' parsed values (what GET /api/spaces filters on). */
export type SpaceFilterQuery = FilterValues<AllParams>;
/** The filters as the site keeps them: strings as in the URL, a list for repeated keys. */
export type SpaceFilterFields = { [K in SpaceFilterParam]: AllParams[K] extends { repeated: true } ? string[] : string };

export const SPACE_FILTER_NAMES = Object.keys(SPACE_FILTERS) as SpaceFilterName[];
const paramsOf = (n: SpaceFilterName) => Object.entries(SPACE_FILTERS[n].params as Params) as [SpaceFilterParam, FilterParam<unknown>][];
/** Every filter key with its declaration, in URL order. */
export const SPACE_FILTER_PARAMS = SPACE_FILTER_NAMES.flatMap(paramsOf).map(([key, param]) => ({ key, ...param }));
export const FILTER_LABELS = Object.fromEntries(SPACE_FILTER_PARAMS.map((p) => [p.key, p.label])) as Record<SpaceFilterParam, string>;
export const REPEATED_FILTER_PARAMS = SPACE_FILTER_PARAMS.filter((p) => p.repeated).map((p) => p.key) as RepeatedParam[];
type RepeatedParam = { [K in SpaceFilterParam]: AllParams[K] extends { repeated: true } ? K : never }[SpaceFilterParam];
/** Each filter's keys: a place (near, place, radius…) or a size range is one filter, however many keys it writes. */
export const SPACE_FILTER_GROUPS = SPACE_FILTER_NAMES.map((n) => paramsOf(n).map(([key]) => key));
/** Keys typed into text boxes (applied after a pause). */
export const TYPED_FILTER_PARAMS = SPACE_FILTER_NAMES.filter((n) => (SPACE_FILTERS[n] as { typed?: boolean }).typed).flatMap(paramsOf).map(([key]) => key) as Exclude<SpaceFilterParam, RepeatedParam>[];
export const EMPTY_FILTER_FIELDS = Object.fromEntries(SPACE_FILTER_PARAMS.map((p) => [p.key, p.repeated ? [] : ''])) as unknown as SpaceFilterFields;

/** The filters of a query string as the site keeps them. */
export function filterFieldsFromSearch(params: URLSearchParams): SpaceFilterFields {
  return Object.fromEntries(SPACE_FILTER_PARAMS.map((p) => [p.key, p.repeated ? params.getAll(p.key) : (params.get(p.key) ?? '')])) as SpaceFilterFields;
}

/** Writes the set filters into `into` in URL order (trimmed; blanks left out). */
export function appendFilterFields(into: URLSearchParams, fields: SpaceFilterFields): URLSearchParams {
  for (const p of SPACE_FILTER_PARAMS) {
    const value = fields[p.key];
    if (Array.isArray(value)) for (const v of value) into.append(p.key, v);
    else if (value.trim()) into.set(p.key, value.trim());
  }
  return into;
}

/** The raw value of a key as the API's query parser hands it over: a string, or a list when repeated. */
function rawOf(params: URLSearchParams, key: string, repeated?: boolean): unknown {
  const all = params.getAll(key);
  return repeated || all.length > 1 ? all : all[0];
}

/**
 * Parses and checks every filter of a query string: the values, and a message per bad key. The API does the
 * same through its zod schema (space-filters.schemas.ts), with the same messages.
 */
export function parseSpaceFilters(params: URLSearchParams): { values: SpaceFilterQuery; errors: Partial<Record<SpaceFilterParam, string>> } {
  const values: Record<string, unknown> = {};
  const errors: Partial<Record<SpaceFilterParam, string>> = {};
  for (const p of SPACE_FILTER_PARAMS) {
    const result = p.parse(rawOf(params, p.key, p.repeated));
    if (result.ok) values[p.key] = result.value;
    else errors[p.key] = result.message;
  }
  for (const issue of checkSpaceFilters(values as SpaceFilterQuery)) errors[issue.param] ??= issue.message;
  return { values: values as SpaceFilterQuery, errors };
}

/** The cross-key rules of every filter (min ≤ max), over parsed values. */
export function checkSpaceFilters(values: SpaceFilterQuery): { param: SpaceFilterParam; message: string }[] {
  const issues: { param: SpaceFilterParam; message: string }[] = [];
  for (const name of SPACE_FILTER_NAMES) {
    const declaration = SPACE_FILTERS[name] as FilterDeclaration<Params>;
    const issue = declaration.check?.(values as FilterValues<Params>);
    if (issue) issues.push(issue as { param: SpaceFilterParam; message: string });
  }
  return issues;
}

/** "Berlin · ceiling ≥ 3 m · water": the set filters of a (saved) query string, in words. */
export function describeSpaceFilters(query: string): string[] {
  const { values } = parseSpaceFilters(new URLSearchParams(query));
  return SPACE_FILTER_NAMES.map((n) => (SPACE_FILTERS[n] as FilterDeclaration<Params>).describe(values as FilterValues<Params>)).filter((s): s is string => !!s);
}
