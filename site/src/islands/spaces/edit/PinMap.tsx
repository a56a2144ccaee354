// The map of PinPicker: a click sets the pin, the marker can be dragged (and moved with the keyboard by
// focusing it and using the map's arrow keys then clicking). Tiles as MapView's (GET /api/places/map).
import L from 'leaflet';
import { useEffect, useState } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { Pin } from './PinPicker';
import { loadMapTiles, type MapTiles } from '../../../lib/api/places-client';
import { MapName } from '../shared/MapName';

const icon = L.divIcon({ className: 'fs-pin', html: '<span aria-hidden="true"></span>', iconSize: [24, 24], iconAnchor: [12, 24] });
/** Where the map starts (the city) before there is a pin: drag it onto the space, or tap the map (issue 25). */
const startIcon = L.divIcon({ className: 'fs-pin fs-pin-start', html: '<span aria-hidden="true"></span>', iconSize: [24, 24], iconAnchor: [12, 24] });
const rounded = (ll: L.LatLng): Pin => ({ latitude: Number(ll.lat.toFixed(6)), longitude: Number(ll.lng.toFixed(6)) });

function Clicks({ onPin }: { onPin: (pin: Pin) => void }) {
  useMapEvents({ click: (e) => onPin({ latitude: Number(e.latlng.lat.toFixed(6)), longitude: Number(e.latlng.lng.toFixed(6)) }) });
  return null;
}

function Recentre({ at }: { at: Pin | null }) {
  const map = useMap();
  useEffect(() => {
    if (at) map.setView([at.latitude, at.longitude], 13);
  }, [map, at]);
  return null;
}

export default function PinMap({ pin, start, onPin }: { pin: Pin | null; start: Pin | null; onPin: (pin: Pin) => void }) {
  const [tiles, setTiles] = useState<MapTiles | null>(null);
  useEffect(() => {
    void loadMapTiles().then(setTiles);
  }, []);
  const centre = pin ?? start;
  return (
    <div className="mt-3 h-72" data-testid="pin-map" data-pin-start={!pin && start ? `${start.latitude},${start.longitude}` : undefined}>
      <MapContainer center={centre ? [centre.latitude, centre.longitude] : [30, 0]} zoom={centre ? 13 : 2} minZoom={2} maxZoom={19} className="h-full w-full rounded-lg">
        <MapName label="Map to place your space's pin: tap where the space is, or drag the pin" />
        {tiles && <TileLayer url={tiles.tileUrl} attribution={tiles.attribution} />}
        <Clicks onPin={onPin} />
        <Recentre at={pin ? null : start} />
        {!pin && start && (
          <Marker
            position={[start.latitude, start.longitude]}
            icon={startIcon}
            draggable
            title="Drag this marker onto your space"
            eventHandlers={{ dragend: (e) => onPin(rounded((e.target as L.Marker).getLatLng())) }}
          />
        )}
        {pin && (
          <Marker
            position={[pin.latitude, pin.longitude]}
            icon={icon}
            draggable
            title="Your pin (drag to move)"
            eventHandlers={{ dragend: (e) => { const ll = (e.target as L.Marker).getLatLng(); onPin({ latitude: Number(ll.lat.toFixed(6)), longitude: Number(ll.lng.toFixed(6)) }); } }}
          />
        )}
      </MapContainer>
    </div>
  );
}
