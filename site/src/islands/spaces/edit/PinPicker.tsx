// The owner's pin in the listing form (issue 18): optional; a map (loaded only when opened) starting at the
// city, where a click or dragging the marker sets the pin. The API places the listing from its address when
// no pin is given; a pin outside the stated country comes back refused, and the owner confirms it here.
import { lazy, Suspense, useEffect, useState } from 'react';
import { searchPlaces } from '../../../lib/api/places-client';
import { loadLeafletStyles } from '../shared/map-styles';

export type Pin = { latitude: number; longitude: number };
// The map and Leaflet's stylesheet (map-styles.ts) load together when the map is first shown.
const PinMap = lazy(() => Promise.all([import('./PinMap'), loadLeafletStyles()]).then(([map]) => map));

export function PinPicker({ city, country, pin, onPin, problem, confirmed, onConfirm }: { city: string; country: string; pin: Pin | null; onPin: (pin: Pin | null) => void; problem?: string; confirmed: boolean; onConfirm: (yes: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState<Pin | null>(null);
  useEffect(() => {
    if (!open || pin || !city.trim()) return;
    const controller = new AbortController();
    void searchPlaces(city, 10, controller.signal).then((list) => {
      const p = list.find((x) => x.country === country) ?? list[0];
      if (p) setStart({ latitude: p.latitude, longitude: p.longitude });
    });
    return () => controller.abort();
  }, [open, city, country, pin]);
  return (
    <div className="sm:col-span-2" data-testid="pin-picker">
      <p className="text-sm text-muted">We place the listing on the map from its address. {pin ? `Your pin: ${pin.latitude.toFixed(5)}, ${pin.longitude.toFixed(5)}.` : ''}</p>
      <div className="mt-2 flex flex-wrap gap-3">
        <button type="button" className="btn-outline py-1.5 text-sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide the map' : pin ? 'Move the pin on a map' : 'Correct the pin on a map'}
        </button>
        {pin && (
          <button type="button" className="text-sm font-semibold text-brand-700 hover:underline" onClick={() => onPin(null)}>
            Remove my pin
          </button>
        )}
      </div>
      {open && (
        <p className="mt-3 text-sm font-medium text-ink" data-pin-hint>
          {pin ? 'Drag your pin, or tap the map to move it.' : 'Tap the map where the space is to place the pin, or drag the grey marker onto it.'}
        </p>
      )}
      {open && (
        <Suspense fallback={<div className="mt-3 h-72 animate-pulse rounded-lg bg-brand-50" />}>
          <PinMap pin={pin} start={start} onPin={onPin} />
        </Suspense>
      )}
      {problem && (
        <div className="mt-3 rounded-lg border border-[var(--color-danger)] px-4 py-3 text-sm" role="alert">
          <p className="text-ink">{problem}</p>
          <label className="mt-2 flex items-center gap-2 font-medium text-ink">
            <input type="checkbox" className="h-4 w-4" checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} />
            Yes, the space is where the pin is
          </label>
        </div>
      )}
    </div>
  );
}
