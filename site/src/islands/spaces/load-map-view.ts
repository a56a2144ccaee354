// Loads the map component on demand. leaflet.markercluster is a UMD plugin that extends the global `L`, so
// Leaflet is made global first, then the plugin runs, then the component (which uses L.markerClusterGroup).
export async function loadMapView() {
  const L = (await import('leaflet')).default;
  (globalThis as unknown as { L: typeof L }).L = L;
  await import('leaflet.markercluster');
  return import('./MapView');
}
