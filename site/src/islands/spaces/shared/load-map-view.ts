// Loads the map component on demand. leaflet.markercluster is a UMD plugin that extends the global `L`, so
// Leaflet is made global first, then the plugin runs, then the component (which uses L.markerClusterGroup).
// Their stylesheets load beside them (map-styles.ts) and are in place before the map draws.
import { loadClusterMapStyles } from './map-styles';

export async function loadMapView() {
  const styles = loadClusterMapStyles();
  const L = (await import('leaflet')).default;
  (globalThis as unknown as { L: typeof L }).L = L;
  await import('leaflet.markercluster');
  const view = await import('./MapView');
  await styles;
  return view;
}
