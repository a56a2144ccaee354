// The browse workloads of `npm run bench:spaces` (issue 12): a mixed one, as real visitors ask — queries
// drawn from a Zipf distribution over a few hundred filter combinations (the unfiltered first page,
// featured, a popular city first) plus 10% unique random ones — and a fully random one (every query new).
// Deterministic (seeded), so the cache-on and cache-off servers get the same sequence.

const CITIES = ['New York', 'Los Angeles', 'Chicago', 'Toronto', 'Vancouver', 'London', 'Manchester', 'Sydney', 'Melbourne', 'Berlin', 'Munich', 'Paris', 'Lyon', 'Amsterdam', 'Rotterdam', 'Tokyo', 'Osaka', 'Singapore'];
const TYPES = ['rooftop', 'basement', 'warehouse', 'greenhouse', 'other'];
const AMENITIES = ['natural_light', 'water_access', 'power', 'climate_control', 'led_lighting', 'security', 'parking'];
const SORTS = ['newest', 'price_asc', 'price_desc', 'size'];
const PRICES = ['1000', '2500', '5000'];

/** A small seeded generator (mulberry32): the same run every time. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The popular questions, most asked first: the plain first page and featured, then cities, then more filters. */
export function filterCombinations(count = 300): string[] {
  const out = ['', 'featured=true', 'sort=price_asc', 'sort=newest&featured=false'];
  for (const city of CITIES) out.push(`city=${encodeURIComponent(city)}`);
  for (const type of TYPES) out.push(`spaceType=${type}`);
  const random = seededRandom(42);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  while (out.length < count) {
    const parts = [`city=${encodeURIComponent(pick(CITIES))}`];
    if (random() < 0.6) parts.push(`spaceType=${pick(TYPES)}`);
    if (random() < 0.4) parts.push(`maxPrice=${pick(PRICES)}`);
    if (random() < 0.3) parts.push(`amenities=${pick(AMENITIES)}`);
    if (random() < 0.3) parts.push(`sort=${pick(SORTS)}`);
    const query = parts.join('&');
    if (!out.includes(query)) out.push(query);
  }
  return out;
}

/** A query nobody asked before: a price to the cent and a size bound drawn at random. */
export function uniqueRandomQuery(random: () => number): string {
  const price = (500 + random() * 9000).toFixed(2);
  const minSize = Math.floor(random() * 3000);
  const parts = [`maxPrice=${price}`, `minSize=${minSize}`];
  if (random() < 0.5) parts.push(`spaceType=${TYPES[Math.floor(random() * TYPES.length)]}`);
  if (random() < 0.5) parts.push(`city=${encodeURIComponent(CITIES[Math.floor(random() * CITIES.length)]!)}`);
  return parts.join('&');
}

/** Zipf (s = 1) over `n` ranks: rank k (0-based) is asked with probability ∝ 1/(k+1). */
function zipfSampler(n: number, random: () => number): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 1; k <= n; k++) cumulative.push((total += 1 / k));
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export type Workload = { name: string; nextPath: () => string };

export function mixedWorkload(seed = 7, uniqueShare = 0.1): Workload {
  const random = seededRandom(seed);
  const combos = filterCombinations();
  const zipf = zipfSampler(combos.length, random);
  return {
    name: `mixed (Zipf over ${combos.length} filter combinations + ${Math.round(uniqueShare * 100)}% unique)`,
    nextPath: () => `/api/spaces?${random() < uniqueShare ? uniqueRandomQuery(random) : combos[zipf()]!}`,
  };
}

export function randomWorkload(seed = 11): Workload {
  const random = seededRandom(seed);
  return { name: 'fully random (every query new)', nextPath: () => `/api/spaces?${uniqueRandomQuery(random)}` };
}
