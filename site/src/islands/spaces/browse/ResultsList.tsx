// The results side of Browse Spaces: the count, Alert me and the sort above; then skeletons while loading,
// the error with Try Again, the empty state with Clear Filters, or the cards with Load more (keyset paging).
import { lazy, Suspense, useEffect, useState } from 'react';
import { DEFAULT_RADIUS_KM, placeLabel, type Place } from '#contracts/places';
import { loadMapView } from '../shared/load-map-view';
import type { GrowingSystem } from '#contracts/growing';
import type { Space } from '#contracts/spaces.schemas';
import { useHydratedStore } from '../../../lib/stores/use-hydrated-store';
import { $applied, $placeLookup, $view, $widen, setView, $results, BROWSE_SORTS, EMPTY_FILTERS, clearFilters, loadMore, reloadResults, shownInOrder, SORT_LABELS, updateFilters, type BrowseResults, type BrowseSort } from '../../../lib/stores/browse-store';
import { HydrationGate } from '../../shared/HydrationGate';
import { SaveSearchButton } from './SaveSearchButton';
import type { SpaceViewer } from '../shared/SpaceActions';
import { SpaceCard } from './SpaceCard';
import { searchPlaces } from '../../../lib/api/places-client';

const SKELETONS = 6;
/** Leaflet and its clustering load only when the map view is opened (/spaces keeps its weight). */
const MapView = lazy(loadMapView);

/**
 * A city typed as text (or from the home page's search, spec 2.4) matches the listings' city exactly; the
 * place of that name is offered as a distance search, which also finds neighbourhoods and other spellings
 * (Brooklyn, York, münchen).
 */
function CityPlaceHint({ city, radiusKm }: { city: string; radiusKm: string }) {
  const [place, setPlace] = useState<Place | null>(null);
  useEffect(() => {
    setPlace(null);
    if (!city.trim()) return;
    const controller = new AbortController();
    void searchPlaces(city, 1, controller.signal).then((list) => setPlace(list[0] ?? null));
    return () => controller.abort();
  }, [city]);
  if (!place) return null;
  const km = radiusKm || String(DEFAULT_RADIUS_KM);
  return (
    <p className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-ink">
      Looking for the area around {placeLabel(place)}?{' '}
      <button type="button" className="font-semibold text-brand-800 underline" onClick={() => updateFilters({ city: '', near: String(place.id), place: placeLabel(place), lat: '', lng: '', radiusKm: km })}>
        Show spaces within {km} km
      </button>
    </p>
  );
}

/** Few results: "N more spaces would match if you widened the radius to 25 km", each a button that does it (issue 29). */
function WidenHint() {
  const { data } = useHydratedStore($widen, { loading: false });
  if (!data?.widen.length) return null;
  return (
    <ul className="mt-4 space-y-1 rounded-lg bg-brand-50 px-4 py-3 text-sm text-ink" data-widen-hint>
      {data.widen.map((w) => (
        <li key={w.change}>
          {w.extraSpaces.toLocaleString('en-US')} more {w.extraSpaces === 1 ? 'owner’s space' : 'owners’ spaces'} would match if you{' '}
          <button type="button" className="font-semibold text-brand-800 underline" onClick={() => updateFilters(Object.fromEntries(Object.entries(w.params).map(([k, v]) => [k, v ?? (k === 'amenities' ? [] : '')])))}>
            {w.change}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** `initial`: the results the server rendered (the first page, or none: skeletons). */
export function ResultsList({ initial, viewer, system, onOpen }: { initial: BrowseResults; viewer: SpaceViewer; system: GrowingSystem | undefined; onOpen: (space: Space) => void }) {
  const results = useHydratedStore($results, initial);
  const applied = useHydratedStore($applied, EMPTY_FILTERS);
  const view = useHydratedStore($view, 'list');
  const lookup = useHydratedStore($placeLookup, null);
  // A typed place that matches no place: said so in place of the results, never a list as if filtered by it.
  const unknownPlace = lookup?.state === 'unknown' ? lookup.place : null;
  const hasCenter = applied.near !== '' || applied.lat !== '';
  const count = results.total ?? 0;
  const countText = `${count.toLocaleString('en-US')}${results.capped ? '+' : ''} space(s) found`;

  return (
    <section aria-label="Results" className="min-w-0">
      {/* The server renders the first page's cards (decision 0707): their buttons, the sort and Load more wait
          for the island, so that a press before it has taken over is not lost. */}
      <HydrationGate>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-muted" role="status" aria-live="polite" data-testid="result-count">
          {unknownPlace !== null ? '' : results.status === 'loading' ? 'Loading spaces…' : results.status === 'ready' ? countText : ''}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          {unknownPlace === null && <SaveSearchButton viewer={viewer} system={system} />}
          <div className="inline-flex rounded-md border border-line" role="group" aria-label="Show results as">
            {(['list', 'map'] as const).map((v) => (
              <button key={v} type="button" aria-pressed={view === v} className={`px-3 py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md ${view === v ? 'bg-brand-700 text-white' : 'bg-white text-ink hover:bg-brand-50'}`} onClick={() => setView(v)}>
                {v === 'list' ? 'List' : 'Map'}
              </button>
            ))}
          </div>
          <label className="flex items-center gap-2 text-sm text-muted">
            Sort by
            <select className="input w-auto py-1.5" value={applied.sort} onChange={(e) => updateFilters({ sort: e.target.value as BrowseSort })}>
              {BROWSE_SORTS.filter((s) => (s !== 'fit' || system) && (s !== 'distance' || hasCenter)).map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      {applied.city.trim() && !hasCenter && <CityPlaceHint city={applied.city} radiusKm={applied.radiusKm} />}
      {unknownPlace === null && <WidenHint />}

      {view === 'map' && (
        <Suspense fallback={<div className="mt-5 h-[60vh] min-h-80 animate-pulse rounded-lg bg-brand-50" />}>
          <MapView
            className="mt-5 h-[60vh] min-h-80"
            label="Map of the spaces found"
            spaces={results.spaces}
            onOpen={onOpen}
            // The box replaces the radius; the place stays as the centre of Nearest first and of the distances.
            onSearchArea={(bbox) => updateFilters({ bbox, radiusKm: '' })}
          />
        </Suspense>
      )}

      {unknownPlace !== null && (
        <div className="card mt-5 flex flex-col items-center p-12 text-center" role="alert" data-testid="unknown-place">
          <h2 className="text-xl font-semibold wrap-anywhere text-ink">No place called “{unknownPlace}”</h2>
          <p className="mt-1 text-sm text-muted">Check the spelling, or type the first letters of a city and pick it from the suggestions.</p>
          <button type="button" className="btn-outline mt-5" onClick={() => updateFilters({ place: '' })}>
            Show spaces everywhere
          </button>
        </div>
      )}

      {unknownPlace === null && results.status === 'loading' && <Skeletons />}

      {results.status === 'error' && (
        <div className="card mt-5 p-10 text-center">
          <p className="font-semibold text-ink">We couldn’t load spaces right now.</p>
          <button type="button" className="btn-outline mt-4" onClick={reloadResults}>
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
            {shownInOrder(results.spaces, applied.sort, system).map((space, i) => (
              <SpaceCard key={space.id} space={space} viewer={viewer} system={system} onOpen={onOpen} eager={i === 0} />
            ))}
          </ul>
          {results.nextCursor && (
            <div className="mt-8 text-center">
              <button type="button" className="btn-outline px-8" onClick={() => void loadMore()} disabled={results.loadingMore}>
                {results.loadingMore ? 'Loading…' : 'Load more'}
              </button>
            </div>
          )}
        </>
      )}
      </HydrationGate>
    </section>
  );
}

function Skeletons() {
  return (
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
  );
}
