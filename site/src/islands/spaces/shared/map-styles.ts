// Leaflet's stylesheets, linked when a map first loads (issue 32). Imported as CSS by the map components, Astro
// linked them render-blocking from every page whose island may open a map (/spaces, /list-space, a listing's
// page) although most visits never do; here they are files the map's loader links and waits for.
import leafletCss from 'leaflet/dist/leaflet.css?url';
import clusterCss from 'leaflet.markercluster/dist/MarkerCluster.css?url';
import clusterDefaultCss from 'leaflet.markercluster/dist/MarkerCluster.Default.css?url';

const linked = new Map<string, Promise<void>>();

/** Links a stylesheet once (after the page's own, as Astro linked it) and resolves when it has loaded or failed:
 *  a map without its styles still works, so a failure does not stop it. */
function linkStylesheet(href: string): Promise<void> {
  let done = linked.get(href);
  if (!done) {
    done = new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => resolve();
      document.head.append(link);
    });
    linked.set(href, done);
  }
  return done;
}

/** Leaflet's own styles (the pin picker's map). */
export const loadLeafletStyles = () => linkStylesheet(leafletCss);

/** Leaflet's and the marker clusters' styles (the browse and listing maps). */
export const loadClusterMapStyles = () => Promise.all([loadLeafletStyles(), linkStylesheet(clusterCss), linkStylesheet(clusterDefaultCss)]).then(() => undefined);
