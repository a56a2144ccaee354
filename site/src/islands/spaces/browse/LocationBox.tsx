// The location box of /spaces (issue 18): a place autocomplete from GET /api/places as an ARIA 1.2 combobox
// (arrow keys move through the suggestions, Enter picks, Escape closes), a radius choice and "near me" from the
// browser's geolocation. It reports a pick; the browser writes it into the URL through the filter registry's
// place keys (near/place/lat/lng/radiusKm). Enter on text the suggestions do not (yet) answer reports the text
// alone, `{ place }`: the browse store looks it up and applies the place or says there is none.
import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_RADIUS_KM, placeLabel, RADIUS_CHOICES_KM, usesMiles, type Place } from '#contracts/places';
import { searchPlaces } from '../../../lib/api/places-client';

export type PlacePick = { near: string; place: string } | { lat: string; lng: string; place: string } | { place: string };
const SUGGEST_DEBOUNCE_MS = 150;

export function LocationBox({ label, value, onPick, onClear }: { label: string; value: string; onPick: (pick: PlacePick) => void; onClear: () => void }) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value);
  const [options, setOptions] = useState<Place[]>([]);
  /** The text the suggestions answer (the box may already hold more letters than they were asked for). */
  const [optionsFor, setOptionsFor] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [locating, setLocating] = useState(false);
  const [note, setNote] = useState('');
  const typed = useRef(false);

  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (!typed.current) return;
    const q = text.trim();
    if (!q) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void searchPlaces(q, 8, controller.signal).then((list) => {
        if (controller.signal.aborted) return;
        setOptions(list);
        setOptionsFor(q);
        setActive(list.length ? 0 : -1);
        setOpen(true);
      });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  function pick(p: Place) {
    typed.current = false;
    const name = placeLabel(p);
    setText(name);
    setOpen(false);
    setOptions([]);
    onPick({ near: String(p.id), place: name });
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open && options.length) setOpen(true);
      setActive((a) => (options.length ? (a + 1) % options.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (options.length ? (a <= 0 ? options.length - 1 : a - 1) : -1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const q = text.trim();
      const chosen = optionsFor === q ? (options[active] ?? options[0]) : undefined;
      if (open && chosen) pick(chosen);
      else if (q && q !== value) {
        typed.current = false;
        setOpen(false);
        setOptions([]);
        onPick({ place: q });
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
      }
    }
  }

  function nearMe() {
    if (!('geolocation' in navigator)) {
      setNote('Your browser cannot share its location.');
      return;
    }
    setLocating(true);
    setNote('');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        typed.current = false;
        setText('Near me');
        onPick({ lat: pos.coords.latitude.toFixed(4), lng: pos.coords.longitude.toFixed(4), place: 'Near me' });
      },
      () => {
        setLocating(false);
        setNote('Location not shared: type a place instead.');
      },
      { timeout: 10_000, maximumAge: 600_000 },
    );
  }

  const expanded = open && options.length > 0;
  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
          className="input min-w-0 flex-1"
          placeholder="City or neighbourhood"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            typed.current = true;
            setText(e.target.value);
            if (!e.target.value.trim() && value) onClear();
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        {value && (
          <button
            type="button"
            className="btn-outline px-2 py-1 text-xs"
            aria-label="Clear the place"
            onClick={() => {
              typed.current = false;
              setText('');
              setOptions([]);
              onClear();
            }}
          >
            ✕
          </button>
        )}
      </div>
      <ul id={listId} role="listbox" aria-label="Places" className={`absolute z-(--z-dropdown) mt-1 max-h-72 w-full overflow-auto rounded-md border border-line bg-white shadow-lg ${expanded ? '' : 'hidden'}`}>
        {options.map((p, i) => (
          <li
            key={p.id}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50'}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(p)}
          >
            {p.name}
            <span className={i === active ? 'text-white' : 'text-muted'}>{[p.admin, p.country].filter(Boolean).map((x) => `, ${x}`).join('')}</span>
          </li>
        ))}
      </ul>
      <button type="button" className="mt-2 text-sm font-semibold text-brand-700 hover:underline" onClick={nearMe} disabled={locating}>
        {locating ? 'Finding you…' : 'Near me'}
      </button>
      {note && <p className="mt-1 text-xs text-muted" role="status">{note}</p>}
    </div>
  );
}

/** The radius choice; the label and options in miles where the visitor's locale uses them (values stay km). */
export function RadiusSelect({ value, onChange }: { value: string; onChange: (km: string) => void }) {
  const [miles, setMiles] = useState(false);
  useEffect(() => setMiles(usesMiles(navigator.language)), []);
  const choices = RADIUS_CHOICES_KM as readonly number[];
  const current = value || String(DEFAULT_RADIUS_KM);
  return (
    <div>
      <label htmlFor="filter-radius" className="block text-sm font-medium text-ink">
        Within
      </label>
      <select id="filter-radius" className="input mt-1.5" value={current} onChange={(e) => onChange(e.target.value)}>
        {!choices.includes(Number(current)) && <option value={current}>{current} km</option>}
        {choices.map((km) => (
          <option key={km} value={String(km)}>
            {miles ? `${Math.round(km / 1.609344)} mi (${km} km)` : `${km} km`}
          </option>
        ))}
      </select>
    </div>
  );
}
