// Browse Spaces (spec 2.5): filters kept in the URL query (shareable, the back button restores them,
// ?city= from the home search arrives prefilled), 6 skeletons while loading, the result count, cards,
// Load more through the keyset cursor, the empty state with Clear Filters, and the detail dialog.
// Growing (issue 10): the growing-fact filters, the farmer's growing system (in the URL and, signed in,
// their preferences) with a fit on every card, sort by fit (of the loaded results), and "Alert me".
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AMENITIES, describeAmenity } from '../../../contracts/amenities';
import { COUNTRIES, SPACE_TYPES } from '../../../contracts/constants';
import { appendFilterFields, EMPTY_FILTER_FIELDS, FILTER_LABELS as LABEL, filterFieldsFromSearch, parseSpaceFilters, REPEATED_FILTER_PARAMS, SINGLE_FILTER_PARAMS, TYPED_FILTER_PARAMS, type SpaceFilterFields, type SpaceFilterParam } from '../../../contracts/space-filters';
import type { Space } from '../../../contracts/spaces';
import { SPACE_SORTS, SPACES_HEADERS, type SpaceSort } from '../../../contracts/spaces-constants';
import { apiFetch, ApiRequestError, errorMessage } from '../lib/api-client';
import { $user, loadUser } from '../lib/user-store';
import { countryName, formatPrice, formatSize, isFeaturedNow, SPACE_TYPE_LABELS } from '../lib/space-display';
import { showToast } from '../lib/toast-store';
import { AmenityIcon } from './spaces/AmenityIcon';
import { SpaceActions, type SpaceViewer } from './spaces/SpaceActions';
import { FeaturedBadge, TypeBadge } from './spaces/SpaceDetail';
import { SpaceDetailDialog } from './spaces/SpaceDetailDialog';
import { SpaceImage } from './spaces/SpaceImage';
import { HydrationGate } from './HydrationGate';
import { DisplayRating } from './spaces/DisplayRating';
import { Field } from './FormField';
import { fitRank, growingSystem, kgM2ToPsf, metresToFeet, type GrowingSystem } from '../../../contracts/growing';
import type { SavedSearch } from '../../../contracts/saved-searches';
import { SAVED_SEARCH_TEXTS } from '../../../contracts/saved-searches';
import { $growingSystem, initGrowingSystem, pickGrowingSystem } from '../lib/growing-store';
import { fitOf, FitSummary, SystemPicker } from './spaces/GrowingFit';

// site/src/pages/spaces/index.astro preloads the first unfiltered page with this size: change both together.
const PAGE_SIZE = 12;
const TEXT_DEBOUNCE_MS = 400;
const SKELETONS = 6;
const CARD_AMENITIES = 3;

/** "fit" sorts the loaded results by the fit for the picked system; the API is asked for the newest. */
type BrowseSort = SpaceSort | 'fit';
type Filters = SpaceFilterFields & { sort: BrowseSort };
const EMPTY: Filters = { ...EMPTY_FILTER_FIELDS, sort: 'newest' };
const SORTS: BrowseSort[] = [...SPACE_SORTS, 'fit'];
const SORT_LABELS: Record<BrowseSort, string> = { newest: 'Newest first', price_asc: 'Price: low to high', price_desc: 'Price: high to low', size: 'Largest first', fit: 'Best fit first' };

function fromSearch(search: string): Filters {
  const p = new URLSearchParams(search);
  const sort = p.get('sort') as BrowseSort | null;
  return { ...filterFieldsFromSearch(p), sort: sort && SORTS.includes(sort) ? sort : 'newest' };
}

/** The query string of the filters; with `system`, the page URL (the API is asked without it). */
function toSearch(f: Filters, system: string | null = null): string {
  const p = appendFilterFields(new URLSearchParams(), f);
  if (system) p.set('system', system);
  if (f.sort !== 'newest') p.set('sort', system === null && f.sort === 'fit' ? 'newest' : f.sort);
  return p.toString().replace(/(^|&)sort=newest(&|$)/, '$1').replace(/&$/, '');
}

type FilterErrors = Partial<Record<SpaceFilterParam, string>>;

/** What the API would refuse in these filters, per field, in the registry's words: checked in the form, so
 *  an impossible filter (max below min, a negative price) gets a message on its field and no request. */
function filterErrors(f: Filters): FilterErrors {
  const { errors } = parseSpaceFilters(appendFilterFields(new URLSearchParams(), f));
  const named = (message: string) => message.replace(/\b[a-z]+[A-Z]\w*\b/g, (key) => (key in LABEL ? LABEL[key as SpaceFilterParam].toLowerCase() : key));
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, `${LABEL[key as SpaceFilterParam]} ${named(message)}`]));
}

/** The filters with every field in error left out (what a page opened with a bad address still shows). */
function withoutErrors(f: Filters, errors: FilterErrors): Filters {
  return { ...f, ...Object.fromEntries(Object.keys(errors).map((key) => [key, EMPTY[key as SpaceFilterParam]])) };
}

const hasFilters = (f: Filters) => toSearch({ ...f, sort: 'newest' }) !== '';
const activeCount = (f: Filters) => SINGLE_FILTER_PARAMS.filter((k) => f[k].trim() !== '').length + REPEATED_FILTER_PARAMS.reduce((n, k) => n + f[k].length, 0);

/** A name for a new saved search, from what it filters on. */
function searchName(f: Filters, system: GrowingSystem | undefined): string {
  const parts = [system?.name ?? (f.spaceType ? SPACE_TYPE_LABELS[f.spaceType] : 'Spaces'), f.city.trim() ? `in ${f.city.trim()}` : '', f.minCeilingM ? `≥ ${f.minCeilingM} m ceiling` : ''];
  return parts.filter(Boolean).join(' ').slice(0, 100);
}

type Results = {
  status: 'loading' | 'ready' | 'error';
  spaces: Space[];
  total: number | null;
  capped: boolean;
  nextCursor: string | null;
  loadingMore: boolean;
};

async function fetchSpaces(search: string, cursor: string | null, signal: AbortSignal) {
  const qs = [search, `limit=${PAGE_SIZE}`, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&');
  const res = await fetch(`/api/spaces?${qs}`, { credentials: 'include', headers: { accept: 'application/json' }, signal });
  const text = await res.text();
  if (!res.ok) throw new ApiRequestError(res.status, text, res.statusText);
  const total = res.headers.get(SPACES_HEADERS.total);
  return {
    spaces: JSON.parse(text) as Space[],
    total: total === null ? null : Number(total),
    capped: res.headers.get(SPACES_HEADERS.capped) === 'true',
    nextCursor: res.headers.get(SPACES_HEADERS.nextCursor),
  };
}

export default function SpaceBrowser() {
  const viewer = useStore($user);
  const [applied, setApplied] = useState<Filters>(EMPTY);
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [ready, setReady] = useState(false);
  const [results, setResults] = useState<Results>({ status: 'loading', spaces: [], total: null, capped: false, nextCursor: null, loadingMore: false });
  const [selected, setSelected] = useState<Space | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const moreController = useRef<AbortController | null>(null);
  const systemId = useStore($growingSystem);
  const system = growingSystem(systemId);
  const [saving, setSaving] = useState(false);

  // The URL is the source of truth: read it on load and on every back/forward step.
  useEffect(() => {
    void loadUser();
    void initGrowingSystem();
    const sync = () => {
      const f = fromSearch(window.location.search);
      setApplied(withoutErrors(f, filterErrors(f)));
      setDraft(f);
    };
    sync();
    setReady(true);
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  const commit = useCallback((next: Filters) => {
    const qs = toSearch(next, $growingSystem.get());
    if (qs !== window.location.search.replace(/^\?/, '')) window.history.pushState(null, '', qs ? `/spaces?${qs}` : '/spaces');
    setApplied(next);
  }, []);

  // Typed fields apply after a pause; choices apply at once.
  useEffect(() => {
    if (!ready) return;
    if (TYPED_FILTER_PARAMS.every((k) => draft[k] === applied[k])) return;
    // An impossible filter is not asked for: its field says why, and the last results stay.
    if (Object.keys(filterErrors(draft)).length > 0) return;
    const timer = setTimeout(() => commit({ ...applied, ...Object.fromEntries(TYPED_FILTER_PARAMS.map((k) => [k, draft[k]])) }), TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, applied, ready, commit]);

  const search = toSearch(applied);
  // The system lives in the page URL beside the filters (shareable), not in the API query.
  useEffect(() => {
    if (!ready) return;
    const qs = toSearch(applied, systemId);
    if (qs !== window.location.search.replace(/^\?/, '')) window.history.replaceState(null, '', qs ? `/spaces?${qs}` : '/spaces');
  }, [systemId, applied, ready]);
  const shown = applied.sort === 'fit' && system
    ? results.spaces
        .map((space, i) => ({ space, i, rank: fitRank(fitOf(system, space).level) }))
        .sort((a, b) => b.rank - a.rank || a.i - b.i)
        .map((x) => x.space)
    : results.spaces;

  async function alertMe() {
    if (viewer.status !== 'signed-in') {
      showToast({ title: 'Sign in first', description: SAVED_SEARCH_TEXTS.signInFirst });
      window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      return;
    }
    setSaving(true);
    try {
      await apiFetch<SavedSearch>('/api/saved-searches', { body: { name: searchName(applied, system), query: toSearch({ ...applied, sort: 'newest' }, systemId) } });
      showToast(SAVED_SEARCH_TEXTS.saved);
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, 'Failed to save the search'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    moreController.current?.abort();
    setResults((r) => ({ ...r, status: 'loading', loadingMore: false }));
    fetchSpaces(search, null, controller.signal).then(
      (page) => setResults({ status: 'ready', spaces: page.spaces, total: page.total ?? page.spaces.length, capped: page.capped, nextCursor: page.nextCursor, loadingMore: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResults({ status: 'error', spaces: [], total: null, capped: false, nextCursor: null, loadingMore: false });
        showToast({ title: 'Failed to fetch spaces', description: error instanceof ApiRequestError && error.serverMessage ? error.serverMessage : undefined, variant: 'destructive' });
      },
    );
    return () => controller.abort();
  }, [search, ready, reloadKey]);

  function loadMore() {
    if (!results.nextCursor || results.loadingMore) return;
    const controller = new AbortController();
    moreController.current = controller;
    setResults((r) => ({ ...r, loadingMore: true }));
    fetchSpaces(search, results.nextCursor, controller.signal).then(
      (page) =>
        setResults((r) => {
          const seen = new Set(r.spaces.map((s) => s.id));
          return { ...r, spaces: [...r.spaces, ...page.spaces.filter((s) => !seen.has(s.id))], nextCursor: page.nextCursor, loadingMore: false };
        }),
      () => {
        if (controller.signal.aborted) return;
        setResults((r) => ({ ...r, loadingMore: false }));
        showToast({ title: 'Failed to fetch spaces', variant: 'destructive' });
      },
    );
  }

  const errors = filterErrors(draft);
  const setChoice = (patch: Partial<Filters>) => {
    const next = { ...applied, ...Object.fromEntries(TYPED_FILTER_PARAMS.map((k) => [k, draft[k]])), ...patch };
    setDraft(next);
    // Typed fields still in error stay out of the query until they are put right.
    commit(withoutErrors(next, filterErrors(next)));
  };
  /** A typed field's error, on its Field and tied to its input. */
  const invalid = (key: SpaceFilterParam, id: string) => ({ 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': errors[key] ? `${id}-error` : undefined });
  const clearFilters = () => {
    setDraft(EMPTY);
    commit({ ...EMPTY, sort: applied.sort });
  };
  const toggleAmenity = (id: string) => setChoice({ amenities: draft.amenities.includes(id) ? draft.amenities.filter((a) => a !== id) : [...draft.amenities, id] });

  const count = results.total ?? 0;
  const countText = `${count.toLocaleString('en-US')}${results.capped ? '+' : ''} space(s) found`;

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[280px_1fr]">
      <form role="search" aria-label="Filter spaces" className="card h-fit p-5 lg:sticky lg:top-20" onSubmit={(e) => e.preventDefault()}>
        <HydrationGate>
        <div className="flex items-center justify-between">
          <h2 className="text-base font-semibold text-ink">
            {/* On small screens the panel folds away so the results come first. */}
            <button type="button" className="flex items-center gap-2 lg:pointer-events-none" aria-expanded={filtersOpen} aria-controls="filter-fields" onClick={() => setFiltersOpen((o) => !o)}>
              Filters
              {activeCount(draft) > 0 && <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">{activeCount(draft)}</span>}
              <svg viewBox="0 0 24 24" className={`h-4 w-4 transition-transform lg:hidden ${filtersOpen ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
                <path d="m6 9 6 6 6-6" />
              </svg>
            </button>
          </h2>
          {hasFilters(draft) && (
            <button type="button" className="text-sm font-semibold text-brand-700 hover:underline" onClick={clearFilters}>
              Clear Filters
            </button>
          )}
        </div>
        <div id="filter-fields" className={`mt-5 space-y-5 ${filtersOpen ? '' : 'hidden lg:block'}`}>
        <Field label="Your growing system" id="filter-system" hint="Shows how well each space fits it.">
          <SystemPicker id="filter-system" value={systemId} onChange={(id) => void pickGrowingSystem(id)} />
        </Field>
        <Field label={LABEL.city} id="filter-city" error={errors.city}>
          <input id="filter-city" {...invalid('city', 'filter-city')} type="search" className="input" placeholder="e.g. Berlin" value={draft.city} onChange={(e) => setDraft({ ...draft, city: e.target.value })} autoComplete="address-level2" />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label={LABEL.minSize} id="filter-min-size" error={errors.minSize}>
            <input id="filter-min-size" {...invalid('minSize', 'filter-min-size')} type="number" inputMode="numeric" min={0} step={1} className="input" value={draft.minSize} onChange={(e) => setDraft({ ...draft, minSize: e.target.value })} />
          </Field>
          <Field label={LABEL.maxSize} id="filter-max-size" error={errors.maxSize}>
            <input id="filter-max-size" {...invalid('maxSize', 'filter-max-size')} type="number" inputMode="numeric" min={0} step={1} className="input" value={draft.maxSize} onChange={(e) => setDraft({ ...draft, maxSize: e.target.value })} />
          </Field>
        </div>
        <Field label={LABEL.maxPrice} id="filter-max-price" error={errors.maxPrice}>
          <input id="filter-max-price" {...invalid('maxPrice', 'filter-max-price')} type="number" inputMode="decimal" min={0} step="any" className="input" value={draft.maxPrice} onChange={(e) => setDraft({ ...draft, maxPrice: e.target.value })} />
        </Field>
        <Field label={LABEL.country} id="filter-country">
          <select id="filter-country" className="input" value={draft.country} onChange={(e) => setChoice({ country: e.target.value })}>
            <option value="">Any country</option>
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {countryName(c)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={LABEL.spaceType} id="filter-type">
          <select id="filter-type" className="input" value={draft.spaceType} onChange={(e) => setChoice({ spaceType: e.target.value })}>
            <option value="">Any type</option>
            {SPACE_TYPES.map((t) => (
              <option key={t} value={t}>
                {SPACE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        <fieldset className="space-y-4">
          <legend className="text-sm font-medium text-ink">Growing needs</legend>
          <div className="grid grid-cols-2 gap-3">
            <Field label={LABEL.minCeilingM} id="filter-min-ceiling" error={errors.minCeilingM} hint={draft.minCeilingM && Number(draft.minCeilingM) > 0 ? `≈ ${metresToFeet(Number(draft.minCeilingM)).toFixed(1)} ft` : 'metres'}>
              <input id="filter-min-ceiling" {...invalid('minCeilingM', 'filter-min-ceiling')} type="number" inputMode="decimal" min={0} step="0.1" className="input" value={draft.minCeilingM} onChange={(e) => setDraft({ ...draft, minCeilingM: e.target.value })} />
            </Field>
            <Field label={LABEL.minFloorLoadKgM2} id="filter-min-load" error={errors.minFloorLoadKgM2} hint={draft.minFloorLoadKgM2 && Number(draft.minFloorLoadKgM2) > 0 ? `≈ ${Math.round(kgM2ToPsf(Number(draft.minFloorLoadKgM2)))} lb/sq ft` : 'kg per m²'}>
              <input id="filter-min-load" {...invalid('minFloorLoadKgM2', 'filter-min-load')} type="number" inputMode="numeric" min={0} step={10} className="input" value={draft.minFloorLoadKgM2} onChange={(e) => setDraft({ ...draft, minFloorLoadKgM2: e.target.value })} />
            </Field>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Field label={LABEL.minPowerKw} id="filter-min-power" error={errors.minPowerKw}>
              <input id="filter-min-power" {...invalid('minPowerKw', 'filter-min-power')} type="number" inputMode="decimal" min={0} step="any" className="input" value={draft.minPowerKw} onChange={(e) => setDraft({ ...draft, minPowerKw: e.target.value })} />
            </Field>
            <Field label={LABEL.water} id="filter-water">
              <select id="filter-water" className="input" value={draft.water} onChange={(e) => setChoice({ water: e.target.value })}>
                <option value="">Any</option>
                <option value="tap">Water on site</option>
                <option value="dedicated">Dedicated line</option>
              </select>
            </Field>
          </div>
          <Field label={LABEL.availableBy} id="filter-available-by">
            <input id="filter-available-by" type="date" className="input" value={draft.availableBy} onChange={(e) => setChoice({ availableBy: e.target.value })} />
          </Field>
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" className="h-4 w-4 accent-[var(--color-brand-700)]" checked={draft.access24h === 'true'} onChange={(e) => setChoice({ access24h: e.target.checked ? 'true' : '' })} />
            {LABEL.access24h}
          </label>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-ink">{LABEL.amenities}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {AMENITIES.map((a) => {
              const checked = draft.amenities.includes(a.id);
              return (
                <label key={a.id} className={`inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500 ${checked ? 'border-brand-700 bg-brand-700 text-white' : 'border-line bg-white text-ink hover:bg-brand-50'}`}>
                  <input type="checkbox" className="sr-only" checked={checked} onChange={() => toggleAmenity(a.id)} />
                  <AmenityIcon icon={a.icon} className="h-3.5 w-3.5" />
                  {a.label}
                </label>
              );
            })}
          </div>
        </fieldset>
        </div>
        </HydrationGate>
      </form>

      <section aria-label="Results" className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-muted" role="status" aria-live="polite" data-testid="result-count">
            {results.status === 'loading' ? 'Loading spaces…' : results.status === 'ready' ? countText : ''}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className="btn-outline py-1.5 text-sm" onClick={() => void alertMe()} disabled={saving}>
              <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
                <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
              </svg>
              {saving ? 'Saving…' : 'Alert me'}
            </button>
            <label className="flex items-center gap-2 text-sm text-muted">
              Sort by
              <select className="input w-auto py-1.5" value={applied.sort} onChange={(e) => setChoice({ sort: e.target.value as BrowseSort })}>
                {SORTS.filter((s) => s !== 'fit' || system).map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>

        {results.status === 'loading' && (
          <ul className="mt-5 grid gap-6 sm:grid-cols-2 2xl:grid-cols-3" aria-hidden="true" data-testid="skeletons">
            {Array.from({ length: SKELETONS }, (_, i) => (
              <li key={i} className="card overflow-hidden" data-skeleton>
                <div className="aspect-[3/2] animate-pulse bg-brand-50" />
                <div className="space-y-3 p-5">
                  <div className="h-5 w-3/4 animate-pulse rounded bg-brand-50" />
                  <div className="h-4 w-1/2 animate-pulse rounded bg-brand-50" />
                  <div className="h-4 w-2/3 animate-pulse rounded bg-brand-50" />
                  <div className="h-9 w-full animate-pulse rounded bg-brand-50" />
                </div>
              </li>
            ))}
          </ul>
        )}

        {results.status === 'error' && (
          <div className="card mt-5 p-10 text-center">
            <p className="font-semibold text-ink">We couldn’t load spaces right now.</p>
            <button type="button" className="btn-outline mt-4" onClick={() => setReloadKey((k) => k + 1)}>
              Try Again
            </button>
          </div>
        )}

        {results.status === 'ready' && results.spaces.length === 0 && (
          <div className="card mt-5 flex flex-col items-center p-12 text-center">
            <svg viewBox="0 0 24 24" className="h-10 w-10 text-brand-500" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </svg>
            <h2 className="mt-4 text-xl font-semibold text-ink">No spaces found</h2>
            <p className="mt-1 text-sm text-muted">Try a different city or widen the size and price range.</p>
            <button type="button" className="btn-primary mt-5" onClick={clearFilters}>
              Clear Filters
            </button>
          </div>
        )}

        {results.status === 'ready' && results.spaces.length > 0 && (
          <>
            <ul className="mt-5 grid gap-6 sm:grid-cols-2 2xl:grid-cols-3" data-testid="space-grid">
              {shown.map((space, i) => (
                <SpaceCard key={space.id} space={space} viewer={viewer} system={system} onOpen={() => setSelected(space)} eager={i === 0} />
              ))}
            </ul>
            {results.nextCursor && (
              <div className="mt-8 text-center">
                <button type="button" className="btn-outline px-8" onClick={loadMore} disabled={results.loadingMore}>
                  {results.loadingMore ? 'Loading…' : 'Load more'}
                </button>
              </div>
            )}
          </>
        )}
      </section>
      <SpaceDetailDialog space={selected} viewer={viewer} system={system} onClose={() => setSelected(null)} />
    </div>
  );
}


// The first card's picture is the page's largest content (LCP): eager, high priority; the rest lazy.
function SpaceCard({ space, viewer, onOpen, system, eager }: { space: Space; viewer: SpaceViewer; onOpen: () => void; system?: GrowingSystem; eager: boolean }) {
  const featured = isFeaturedNow(space);
  const extra = space.amenities.length - CARD_AMENITIES;
  return (
    <li className="card flex flex-col overflow-hidden" data-space-card={space.id}>
      <div className="relative">
        <SpaceImage space={space} eager={eager} className="aspect-[16/10] w-full bg-brand-50 object-cover" sizes="(min-width: 1024px) 380px, (min-width: 640px) 45vw, 100vw" />
        <div className="absolute top-3 left-3 flex flex-wrap gap-2">
          {featured && <FeaturedBadge />}
          <TypeBadge spaceType={space.spaceType} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-lg leading-snug font-semibold text-ink">
            <button type="button" className="text-left hover:text-brand-700 hover:underline" onClick={onOpen} title={space.title}>
              <span className="line-clamp-2 wrap-anywhere">{space.title}</span>
            </button>
          </h2>
          <DisplayRating />
        </div>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
          <span>{space.city}</span>
          <span aria-hidden="true">·</span>
          <span>{formatSize(space.size)}</span>
        </p>
        {space.amenities.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Amenities">
            {space.amenities.slice(0, CARD_AMENITIES).map((a) => {
              const amenity = describeAmenity(a);
              return (
                <li key={a} className="inline-flex items-center gap-1 rounded-full bg-soil-100 px-2 py-0.5 text-xs text-ink">
                  <AmenityIcon icon={amenity.icon} className="h-3 w-3" />
                  {amenity.label}
                </li>
              );
            })}
            {extra > 0 && <li className="rounded-full bg-soil-100 px-2 py-0.5 text-xs font-medium text-muted">+{extra} more</li>}
          </ul>
        )}
        {system && <FitSummary fit={fitOf(system, space)} system={system} />}
        <p className="text-xl font-bold text-ink">
          {formatPrice(space.pricePerMonth)}
          <span className="text-sm font-normal text-muted">/month</span>
        </p>
        <div className="mt-auto pt-1">
          <SpaceActions space={space} viewer={viewer} variant="card" />
        </div>
      </div>
    </li>
  );
}
