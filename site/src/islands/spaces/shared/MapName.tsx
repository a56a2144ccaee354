// A map's name for screen readers (issue 43 item 6): react-leaflet's MapContainer passes only id, class and
// style on to its element, so an aria-label given to it never reaches the page. Placed inside the map, this
// makes Leaflet's own element (focusable, with the keyboard handler) a named region, and keeps the name in
// step with what the map shows.
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

export function MapName({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-roledescription', 'map');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}
