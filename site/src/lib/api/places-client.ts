// The islands' reads of the places API (issue 18), through the api-client like every other read: the
// autocomplete and the city hints ask `searchPlaces`; the maps share one ask for their tile settings.
import type { Place } from '#contracts/places';
import { cutText, wellFormedText } from '#contracts/text';
import { apiFetch } from './api-client';

/** The longest query the islands send (the API refuses longer ones with a 400). */
const MAX_QUERY = 100;

/** Places whose name starts with `q` (accent-insensitive), most populous first; [] when the ask fails. */
export function searchPlaces(q: string, limit: number, signal?: AbortSignal): Promise<Place[]> {
  const path = `/api/places?q=${encodeURIComponent(wellFormedText(cutText(q.trim(), MAX_QUERY, { ellipsis: '' })))}&limit=${limit}`;
  return apiFetch<Place[]>(path, { signal }).catch(() => []);
}

export type MapTiles = { tileUrl: string; attribution: string };

/** OpenStreetMap's tiles, used when the settings cannot be read (docs/places.md notes their usage policy). */
const DEFAULT_TILES: MapTiles = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

let tiles: Promise<MapTiles> | undefined;

/** The tile URL and credit the server is configured with (MAP_TILE_URL), asked once per page. */
export function loadMapTiles(): Promise<MapTiles> {
  tiles ??= apiFetch<MapTiles>('/api/places/map').catch(() => DEFAULT_TILES);
  return tiles;
}
