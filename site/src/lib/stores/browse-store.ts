// The state of Browse Spaces (spec 2.5), outside React so the small components under islands/spaces/ share
// it: the filters as typed ($draft) and as applied ($applied, = the URL query: shareable, restored by the
// back button, ?city= from the home search arrives prefilled), the first page of results and the pages
// Load more added ($results). Every filter comes from the registry (contracts/space-filters.ts): a filter
// added there is kept in the URL, checked, debounced (when `typed`) and sent to the API without a change here.
// Growing (issue 10): ?system= lives in the page URL beside the filters (not in the API query) and "fit"
// sorts the loaded results by the fit for the picked system.
// One location box (issue 25): a place typed and not picked (the home page's search, Enter in the box) arrives
// as `place` without a centre; it is looked up here, the most populous place of that name applied, or the page
// says there is no such place instead of listing everything as if it were filtered.
import { atom, computed } from 'nanostores';
import { computeFit, fitRank, type GrowingSystem } from '#contracts/growing';
import { DEFAULT_RADIUS_KM, placeLabel } from '#contracts/places';
import {
  appendFilterFields,
  EMPTY_FILTER_FIELDS,
  FILTER_LABELS,
  filterFieldsFromSearch,
  parseSpaceFilters,
  REPEATED_FILTER_PARAMS,
  SPACE_FILTER_GROUPS,
  TYPED_FILTER_PARAMS,
  type SpaceFilterFields,
  type SpaceFilterParam,
} from '#contracts/space-filters';
import type { Space } from '#contracts/spaces.schemas';
import { SPACE_SORTS, type SpaceSort } from '#contracts/spaces';
import { FEW_RESULTS, type WidenSearchAnswer } from '#contracts/demand';
import { $growingSystem } from './growing-store';
import { errorMessage } from '../api/api-client';
import { createFetcherStore } from '../api/fetcher';
import { searchPlaces } from '../api/places-client';
import { fetchSpacesPage, fetchSpacesPageAt, spacesPageUrl, type ServedPage, type SpacesPage } from '../api/spaces-page';
import { showToast } from './toast-store';

export const BROWSE_PAGE_SIZE = 12;
export const TEXT_DEBOUNCE_MS = 400;

/** "fit" sorts the loaded results by the fit for the picked system; the API is asked for the newest. */
export type BrowseSort = SpaceSort | 'fit';
export type Filters = SpaceFilterFields & { sort: BrowseSort };
export const EMPTY_FILTERS: Filters = { ...EMPTY_FILTER_FIELDS, sort: 'newest' };
export const BROWSE_SORTS: BrowseSort[] = [...SPACE_SORTS, 'fit'];
export const SORT_LABELS: Record<BrowseSort, string> = { newest: 'Newest first', price_asc: 'Price: low to high', price_desc: 'Price: high to low', size: 'Largest first', distance: 'Nearest first', fit: 'Best fit first' };

export function filtersFromSearch(search: string): Filters {
  const p = new URLSearchParams(search);
  const sort = p.get('sort') as BrowseSort | null;
  return { ...filterFieldsFromSearch(p), sort: sort && BROWSE_SORTS.includes(sort) ? sort : 'newest' };
}

/** The query string of the filters; with `system`, the page URL (the API is asked without it). */
export function filtersToSearch(f: Filters, system: string | null = null): string {
  const p = appendFilterFields(new URLSearchParams(), f);
  if (system) p.set('system', system);
  if (f.sort !== 'newest') p.set('sort', system === null && f.sort === 'fit' ? 'newest' : f.sort);
  return p.toString().replace(/(^|&)sort=newest(&|$)/, '$1').replace(/&$/, '');
}

export type FilterErrors = Partial<Record<SpaceFilterParam, string>>;

/** What the API would refuse in these filters, per field, in the registry's words: checked in the form, so
 *  an impossible filter (max below min, a negative price) gets a message on its field and no request. */
export function filterErrors(f: Filters): FilterErrors {
  const { errors } = parseSpaceFilters(appendFilterFields(new URLSearchParams(), f));
  const named = (message: string) => message.replace(/\b[a-z]+[A-Z]\w*\b/g, (key) => (key in FILTER_LABELS ? FILTER_LABELS[key as SpaceFilterParam].toLowerCase() : key));
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, `${FILTER_LABELS[key as SpaceFilterParam]} ${named(message)}`]));
}

/** The filters with every field in error left out (what a page opened with a bad address still shows). */
export function withoutErrors(f: Filters, errors: FilterErrors): Filters {
  return { ...f, ...Object.fromEntries(Object.keys(errors).map((key) => [key, EMPTY_FILTERS[key as SpaceFilterParam]])) };
}

export const hasFilters = (f: Filters) => filtersToSearch({ ...f, sort: 'newest' }) !== '';
/** The filters in use as a person counts them (issue 43 item 14): a place is one, not its 3 keys; a size range
 *  one; each amenity picked one. */
export const activeFilterCount = (f: Filters) =>
  SPACE_FILTER_GROUPS.reduce((n, keys) => {
    const repeated = keys.filter((k): k is (typeof REPEATED_FILTER_PARAMS)[number] => (REPEATED_FILTER_PARAMS as string[]).includes(k));
    if (repeated.length) return n + repeated.reduce((m, k) => m + f[k].length, 0);
    return n + (keys.some((k) => (f[k] as string).trim() !== '') ? 1 : 0);
  }, 0);

/** The loaded results in the order shown: by fit for the picked system when sorted so, else as the API sent them. */
export function shownInOrder(spaces: Space[], sort: BrowseSort, system: GrowingSystem | undefined): Space[] {
  if (sort !== 'fit' || !system) return spaces;
  return spaces
    .map((space, i) => ({ space, i, rank: fitRank(computeFit(system, { ...space, sizeSqFt: space.size }).level) }))
    .sort((a, b) => b.rank - a.rank || a.i - b.i)
    .map((x) => x.space);
}

/** A place typed but not picked from the suggestions: its name, when the filters have no centre for it. */
export function typedPlace(f: Filters): string {
  return f.near === '' && f.lat === '' ? f.place.trim() : '';
}

/** The first page's API address for the filters of a page address, as the browse store will ask it; null
 *  while a typed place has no centre (it is looked up first). */
export function firstPageUrlOf(search: string): string | null {
  const f = filtersFromSearch(search);
  const applied = withoutErrors(f, filterErrors(f));
  return typedPlace(applied) ? null : spacesPageUrl(filtersToSearch(applied), BROWSE_PAGE_SIZE);
}

/**
 * The first page the server renders into /spaces's HTML (issue 32), or null where the island's first render
 * could not be the same: a typed place is looked up in the browser, "fit" orders by the system the browser
 * knows, and a distance is written in the browser's language.
 */
export function serverPageUrlOf(search: string): string | null {
  const f = filtersFromSearch(search);
  if (f.sort === 'fit' || f.near !== '' || f.lat !== '') return null;
  return firstPageUrlOf(search);
}

/** The results of one page, ready. */
export function resultsOf(page: SpacesPage): BrowseResults {
  return { status: 'ready', spaces: page.spaces, total: page.total ?? page.spaces.length, capped: page.capped, nextCursor: page.nextCursor, loadingMore: false };
}

// ---- the state -----------------------------------------------------------------------------------

/** The filters as the form shows them (typed text included before it applies). */
export const $draft = atom<Filters>(EMPTY_FILTERS);
/** The filters the results are for (= the URL). */
export const $applied = atom<Filters>(EMPTY_FILTERS);
/** The draft's fields the API would refuse, with their messages. */
export const $draftErrors = computed($draft, filterErrors);
/** The API's query string for the applied filters (no system, "fit" asked as newest). */
export const $apiSearch = computed($applied, (f) => filtersToSearch(f));

/** Set once the URL has been read: nothing is asked before, so a filtered page never asks for the unfiltered list. */
const $started = atom(false);
/** The typed place being looked up, or found to match no place; null when there is none. */
export type PlaceLookup = { place: string; state: 'looking' | 'unknown' } | null;
export const $placeLookup = atom<PlaceLookup>(null);
/**
 * The address of the first page of results; null until the URL has been read, and while a typed place has no
 * centre (being looked up, or unknown): the list is never shown as if it were filtered by it.
 */
export const $firstPageUrl = computed([$started, $apiSearch, $applied], (started, search, applied) => (started && !typedPlace(applied) ? spacesPageUrl(search, BROWSE_PAGE_SIZE) : null));

/** The first page the server rendered with the HTML: shown until $firstPage has its own, and taken by its
 *  first fetch for that address instead of asking the API again. */
const $servedPage = atom<ServedPage | null>(null);
let servedTaken = false;

/** Hands the browse store the page the server rendered (before the island's first render). */
export function serveFirstPage(served: ServedPage): void {
  $servedPage.set(served);
  servedTaken = false;
}

function servedPageAt(url: string): SpacesPage | undefined {
  const served = $servedPage.get();
  if (servedTaken || served?.url !== url) return undefined;
  servedTaken = true;
  return served.page;
}

/** The first page, through the islands' fetcher (lib/api/fetcher.ts): asked when the filters change, cached per address. */
export const $firstPage = createFetcherStore<SpacesPage>([$firstPageUrl], {
  fetcher: async (url) => servedPageAt(String(url)) ?? fetchSpacesPageAt(String(url)),
  onError: (error) => showToast({ title: 'Failed to fetch spaces', description: errorMessage(error, '') || undefined, variant: 'destructive' }),
});

/** The pages Load more added below the first page of `url`. */
type MorePages = { url: string | null; spaces: Space[]; nextCursor: string | null; loading: boolean };
const $more = atom<MorePages>({ url: null, spaces: [], nextCursor: null, loading: false });

export type BrowseResults = {
  status: 'loading' | 'ready' | 'error';
  spaces: Space[];
  total: number | null;
  capped: boolean;
  nextCursor: string | null;
  loadingMore: boolean;
};

/** The results before anything is known (what the server renders). */
export const NO_RESULTS: BrowseResults = { status: 'loading', spaces: [], total: null, capped: false, nextCursor: null, loadingMore: false };

/** What the results show: the first page (skeletons until it arrives, the error if it failed) and the pages added to it. */
export const $results = computed([$firstPage, $more, $firstPageUrl, $servedPage], (first, more, url, served): BrowseResults => {
  // Until the store has the first page itself, the server's (when it is for this address): the cards the
  // HTML came with stay as they are, no skeletons in between.
  const page = first.data ?? (served && served.url === url ? served.page : undefined);
  if (!page) return { ...NO_RESULTS, status: first.error && !first.loading ? 'error' : 'loading' };
  const added = more.url !== null && more.url === url ? more : null;
  if (!added) return resultsOf(page);
  const seen = new Set(page.spaces.map((s) => s.id));
  return {
    status: 'ready',
    spaces: [...page.spaces, ...added.spaces.filter((s) => !seen.has(s.id) && (seen.add(s.id), true))],
    total: page.total ?? page.spaces.length,
    capped: page.capped,
    nextCursor: added.nextCursor,
    loadingMore: added.loading,
  };
});

/**
 * A search with few results (issue 29): the single widenings that would show more listings, counted by the
 * API with browse's own predicate (GET /api/demand/widen-search). Asked only then, and only with filters set.
 */
export const $widenUrl = computed([$results, $apiSearch], (results, search) =>
  results.status === 'ready' && (results.total ?? 0) < FEW_RESULTS && search.replace(/(^|&)sort=[^&]*/, '') !== '' ? `/api/demand/widen-search?${search}` : null,
);
export const $widen = createFetcherStore<WidenSearchAnswer>([$widenUrl]);

/** List or map (`view=map`, issue 18): a page parameter beside the filters, not a filter (never saved). */
export const $view = atom<'list' | 'map'>('list');
/** The page URL's query: the filters, the system and the view. */
function pageQuery(f: Filters): string {
  const qs = filtersToSearch(f, $growingSystem.get());
  return $view.get() === 'map' ? (qs ? `${qs}&view=map` : 'view=map') : qs;
}
export function setView(view: 'list' | 'map'): void {
  $view.set(view);
  const qs = pageQuery($applied.get());
  if (qs !== pageSearch()) window.history.replaceState(null, '', qs ? `/spaces?${qs}` : '/spaces');
}

function pageSearch(): string {
  return window.location.search.replace(/^\?/, '');
}

function commit(next: Filters, history: 'push' | 'replace' = 'push'): void {
  const qs = pageQuery(next);
  if (qs !== pageSearch()) window.history[history === 'push' ? 'pushState' : 'replaceState'](null, '', qs ? `/spaces?${qs}` : '/spaces');
  $applied.set(next);
}

let lookups = 0;
/**
 * Looks a typed place up: the most populous place whose name starts with it is applied in its stead (the URL
 * is replaced, so Back does not land on the typed name again), with the radius chosen or the default; when
 * no place matches, $placeLookup says so and nothing is listed.
 */
function lookUpTypedPlace(applied: Filters): void {
  const typed = typedPlace(applied);
  const n = ++lookups;
  if (!typed) {
    if ($placeLookup.get()) $placeLookup.set(null);
    return;
  }
  $placeLookup.set({ place: typed, state: 'looking' });
  void searchPlaces(typed, 1).then(([found]) => {
    if (n !== lookups) return;
    if (!found) {
      $placeLookup.set({ place: typed, state: 'unknown' });
      return;
    }
    const centre = { near: String(found.id), place: placeLabel(found), lat: '', lng: '', radiusKm: $draft.get().radiusKm || String(DEFAULT_RADIUS_KM) };
    $placeLookup.set(null);
    $draft.set({ ...$draft.get(), ...centre });
    commit({ ...$applied.get(), ...centre }, 'replace');
  });
}

const typedOf = (f: Filters) => Object.fromEntries(TYPED_FILTER_PARAMS.map((k) => [k, f[k]])) as Partial<Filters>;

/**
 * A change from the form. Fields typed into a text box (the registry's `typed`) apply after a pause;
 * choices apply at once, with the typed text as it stands (fields still in error stay out of the query).
 */
export function updateFilters(patch: Partial<Filters>): void {
  const keys = Object.keys(patch);
  if (keys.length > 0 && keys.every((k) => (TYPED_FILTER_PARAMS as string[]).includes(k))) {
    $draft.set({ ...$draft.get(), ...patch });
    return;
  }
  const next = { ...$applied.get(), ...typedOf($draft.get()), ...patch };
  $draft.set(next);
  commit(withoutErrors(next, filterErrors(next)));
}

export function clearFilters(): void {
  $draft.set(EMPTY_FILTERS);
  commit({ ...EMPTY_FILTERS, sort: $applied.get().sort });
}

/** The next page (keyset cursor), appended below; a space already shown is not shown twice. */
export async function loadMore(): Promise<void> {
  const results = $results.get();
  const url = $firstPageUrl.get();
  if (!url || !results.nextCursor || results.loadingMore || results.status !== 'ready') return;
  const held = $more.get().url === url ? $more.get() : { url, spaces: [], nextCursor: results.nextCursor, loading: false };
  $more.set({ ...held, loading: true });
  try {
    const page = await fetchSpacesPage($apiSearch.get(), BROWSE_PAGE_SIZE, results.nextCursor);
    if ($firstPageUrl.get() !== url) return;
    $more.set({ url, spaces: [...held.spaces, ...page.spaces], nextCursor: page.nextCursor, loading: false });
  } catch {
    if ($firstPageUrl.get() !== url) return;
    $more.set({ ...held, loading: false });
    showToast({ title: 'Failed to fetch spaces', variant: 'destructive' });
  }
}

/** "Try Again" after a failed load. */
export function reloadResults(): void {
  $firstPage.invalidate();
}

let running = false;

/**
 * Starts browsing on this page, once (the page's own script starts it before the island hydrates, so the
 * first page is asked while the island's JavaScript loads; the island's call then changes nothing): reads
 * the URL (and again on every back/forward step), applies typed fields after their pause, keeps ?system=
 * in the URL, and from then on the first page follows the applied filters.
 */
export function startBrowse(): void {
  if (running) return;
  running = true;
  const sync = () => {
    $view.set(new URLSearchParams(window.location.search).get('view') === 'map' ? 'map' : 'list');
    const f = filtersFromSearch(window.location.search);
    $applied.set(withoutErrors(f, filterErrors(f)));
    $draft.set(f);
  };
  sync();
  window.addEventListener('popstate', sync);

  // Typed fields apply after a pause; an impossible filter is not asked for (its field says why, and the
  // last results stay). Any change of either side starts the pause again.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    const draft = $draft.get();
    const applied = $applied.get();
    if (TYPED_FILTER_PARAMS.every((k) => draft[k] === applied[k])) return;
    if (Object.keys(filterErrors(draft)).length > 0) return;
    timer = setTimeout(() => commit({ ...$applied.get(), ...typedOf($draft.get()) }), TEXT_DEBOUNCE_MS);
  };
  $draft.listen(schedule);
  $applied.listen(schedule);

  // The system lives in the page URL beside the filters (shareable), not in the API query.
  const keepSystemInUrl = () => {
    const qs = pageQuery($applied.get());
    if (qs !== pageSearch()) window.history.replaceState(null, '', qs ? `/spaces?${qs}` : '/spaces');
  };
  $growingSystem.listen(keepSystemInUrl);
  $applied.listen(keepSystemInUrl);
  $applied.subscribe(lookUpTypedPlace);

  $started.set(true);
}
