// The map of /spaces?view=map and of a listing's page (issue 18): Leaflet through react-leaflet with marker
// clustering, loaded only when a map shows (through load-map-view.ts, which also installs the clustering plugin and the stylesheets). Tiles come from the
// server's MAP_TILE_URL (GET /api/places/map); when they fail the markers and the list still work. Markers are
// focusable (Tab, Enter opens the listing); "Search this area" hands the visible box to the browse filters.
// The mouse wheel zooms as Leaflet maps in a page usually do (issue 25): once the map has focus (a click or Tab
// into it) or with Ctrl/⌘ held; otherwise the page scrolls on and a hint says how to zoom.
/// <reference types="leaflet.markercluster" />
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import type { Space } from '#contracts/spaces.schemas';
import { loadMapTiles, type MapTiles } from '../../../lib/api/places-client';
import { MapName } from './MapName';


const pinIcon = (label: string) =>
  L.divIcon({ className: 'fs-pin', html: `<span aria-hidden="true"></span><span class="sr-only">${label.replace(/[<>&"]/g, '')}</span>`, iconSize: [24, 24], iconAnchor: [12, 24] });

function Markers({ spaces, onOpen, fit }: { spaces: Space[]; onOpen?: (space: Space) => void; fit: boolean }) {
  const map = useMap();
  const fitted = useRef('');
  useEffect(() => {
    const group = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 50 });
    const placed = spaces.filter((s) => s.latitude !== null && s.longitude !== null);
    for (const s of placed) {
      const marker = L.marker([s.latitude!, s.longitude!], { icon: pinIcon(s.title), title: s.title, alt: s.title, keyboard: true });
      if (onOpen) marker.on('click', () => onOpen(s));
      group.addLayer(marker);
    }
    map.addLayer(group);
    // Follow the results when they change (list and map in step), not when the visitor pans.
    const key = placed.map((s) => s.id).join(',');
    if (fit && placed.length && key !== fitted.current) {
      fitted.current = key;
      map.fitBounds(L.latLngBounds(placed.map((s) => [s.latitude!, s.longitude!] as [number, number])), { padding: [40, 40], maxZoom: 13 });
    }
    return () => {
      map.removeLayer(group);
    };
  }, [map, spaces, onOpen, fit]);
  return null;
}

function SearchArea({ onSearchArea }: { onSearchArea: (bbox: string) => void }) {
  const map = useMap();
  const search = () => {
    const b = map.getBounds();
    const r = (v: number) => Math.round(v * 10_000) / 10_000;
    const clampLng = (v: number) => Math.max(-180, Math.min(180, v));
    const clampLat = (v: number) => Math.max(-90, Math.min(90, v));
    onSearchArea([r(clampLat(b.getSouth())), r(clampLng(b.getWest())), r(clampLat(b.getNorth())), r(clampLng(b.getEast()))].join(','));
  };
  return (
    <div className="leaflet-top leaflet-right">
      <div className="leaflet-control">
        <button type="button" className="btn-primary px-3 py-1.5 text-sm shadow" onClick={search}>
          Search this area
        </button>
      </div>
    </div>
  );
}

/** How long the "Ctrl + scroll" hint stays after the last wheel turn that scrolled the page past the map. */
const WHEEL_HINT_MS = 1500;

/**
 * The wheel over the map: a zoom when the map (or a marker in it) has focus or Ctrl/⌘ is held, handed to
 * Leaflet's own wheel zoom; otherwise stopped before Leaflet sees it (the page scrolls) and the hint shows.
 */
function WheelZoom({ onHint }: { onHint: (show: boolean) => void }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const frame = container.parentElement!;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey || e.metaKey || container.contains(document.activeElement)) {
        clearTimeout(timer);
        onHint(false);
        return;
      }
      e.stopPropagation();
      onHint(true);
      clearTimeout(timer);
      timer = setTimeout(() => onHint(false), WHEEL_HINT_MS);
    };
    // A click on the map gives it focus (Leaflet focuses it only for its keyboard handler's own reasons).
    const onDown = () => {
      if (!container.contains(document.activeElement)) container.focus({ preventScroll: true });
    };
    frame.addEventListener('wheel', onWheel, { capture: true });
    container.addEventListener('pointerdown', onDown);
    return () => {
      clearTimeout(timer);
      frame.removeEventListener('wheel', onWheel, { capture: true });
      container.removeEventListener('pointerdown', onDown);
    };
  }, [map, onHint]);
  return null;
}

export default function MapView({ spaces, onOpen, onSearchArea, className, label, zoom }: { spaces: Space[]; onOpen?: (space: Space) => void; onSearchArea?: (bbox: string) => void; className?: string; label: string; zoom?: number }) {
  const [tiles, setTiles] = useState<MapTiles | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [wheelHint, setWheelHint] = useState(false);
  const [mac, setMac] = useState(false);
  useEffect(() => setMac(/Mac|iPhone|iPad/.test(navigator.platform)), []);
  useEffect(() => {
    void loadMapTiles().then(setTiles);
  }, []);
  const first = spaces.find((s) => s.latitude !== null);
  const center: [number, number] = first ? [first.latitude!, first.longitude!] : [30, 0];
  return (
    <div className={`relative ${className ?? ''}`} data-testid="space-map">
      <MapContainer center={center} zoom={zoom ?? (first ? 11 : 2)} minZoom={2} maxZoom={19} className="h-full w-full rounded-lg" keyboard>
        <MapName label={label} />
        {tiles && <TileLayer url={tiles.tileUrl} attribution={tiles.attribution} eventHandlers={{ tileerror: () => setTilesFailed(true) }} />}
        <Markers spaces={spaces} onOpen={onOpen} fit={!zoom} />
        <WheelZoom onHint={setWheelHint} />
        {onSearchArea && <SearchArea onSearchArea={onSearchArea} />}
      </MapContainer>
      {/* Later siblings of the map's own stacking context (global.css), so they paint over it without a z-index. */}
      {tilesFailed && (
        <p className="absolute bottom-2 left-2 rounded bg-white/90 px-2 py-1 text-xs text-muted" role="status">
          Map tiles could not load; the markers and the list still work.
        </p>
      )}
      <p className={`pointer-events-none absolute inset-0 flex items-center justify-center rounded-lg bg-ink/40 text-base font-semibold text-white transition-opacity ${wheelHint ? 'opacity-100' : 'opacity-0'}`} aria-hidden={!wheelHint} data-testid="wheel-hint">
        {mac ? 'Use ⌘ + scroll to zoom the map' : 'Use Ctrl + scroll to zoom the map'}
      </p>
    </div>
  );
}
