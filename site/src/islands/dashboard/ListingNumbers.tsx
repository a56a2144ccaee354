// A listing's numbers for its owner (issue 19): page views, card opens, inquiries and saves per day over its
// life, and the farmers' saved searches it matches now and matched when published (issue 29), read when the
// owner opens the disclosure (one request per listing asked for, not per listing shown), through the islands'
// one fetcher (useApiData). A small inline SVG chart with both axes (bars per day for short lives, so the first
// day shows; lines for long ones) and the same numbers as a table for screen readers.
import { useCallback, useRef, useState } from 'react';
import type { DemandCount } from '#contracts/demand';
import type { ListingStats } from '#contracts/listing-stats';
import { useApiData } from '../shared/use-api-data';

const SERIES = [
  { key: 'pageViews', label: 'Page views', color: '#1c663c' },
  { key: 'cardOpens', label: 'Card opens', color: '#b7791f' },
  { key: 'inquiries', label: 'Inquiries', color: '#2b6cb0' },
  { key: 'saves', label: 'Saves', color: '#9b2c6f' },
] as const;

/** 1, 2, 5, 10, 20, 50…: the smallest of these at or above `v`, so the value axis reads in round steps. */
function niceCeiling(v: number): number {
  if (v <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(v));
  return ([1, 2, 5, 10].find((m) => m * power >= v) ?? 10) * power;
}

/** "26 Nov": a day of the chart's date axis (the dates are UTC days). */
const dayLabel = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Up to `room` evenly spaced indexes of n days, always the first and the last. */
function labelIndexes(n: number, room: number): number[] {
  if (n <= room) return [...Array(n).keys()];
  const step = Math.ceil((n - 1) / Math.max(1, room - 1));
  const out = [];
  for (let i = 0; i < n - 1; i += step) out.push(i);
  // The last day is always labelled; a label too close before it gives way.
  if (out.length && n - 1 - out.at(-1)! < step / 2) out.pop();
  out.push(n - 1);
  return out;
}

/** The width the chart has on this screen, followed as it changes (phone rotation, window resize). */
function useWidth(): [(el: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    setWidth(el.clientWidth);
    observer.current = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.current.observe(el);
  }, []);
  return [ref, width];
}

/** Days up to this many are drawn as bars per day (a first day is one visible group); longer ranges as lines. */
const BAR_DAYS = 31;

/**
 * The numbers per day with a value axis and a date axis, always: on a listing's first day one group of bars
 * over its date, over a long life one line per number. Drawn in the container's own pixels so the axes'
 * text stays readable on a phone.
 */
function DailyChart({ stats }: { stats: ListingStats }) {
  const [ref, measured] = useWidth();
  const width = Math.max(240, measured || 320);
  const height = 168;
  const pad = { top: 10, right: 10, bottom: 24, left: 34 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const n = stats.dates.length;
  const top = niceCeiling(Math.max(...SERIES.flatMap((s) => stats[s.key])));
  const ticks = top === 1 ? [0, 1] : [0, top / 2, top];
  const y = (v: number) => pad.top + plotH - (v / top) * plotH;
  const slot = plotW / Math.max(n, 1);
  const center = (i: number) => pad.left + slot * (i + 0.5);
  const bars = n <= BAR_DAYS;
  const barW = Math.max(2, Math.min(14, (slot * 0.8) / SERIES.length));
  const labels = labelIndexes(n, Math.max(2, Math.floor(plotW / 56)));
  return (
    <div ref={ref} className="mt-2 w-full max-w-xl">
      <svg width={width} height={height} role="img" aria-label={`Numbers per day from ${stats.dates[0] ?? ''} to ${stats.dates.at(-1) ?? ''}`} data-listing-chart={bars ? 'bars' : 'lines'}>
        <g data-axis="value" fontSize="11" fill="#4d5b53">
          {ticks.map((t) => (
            <g key={t}>
              <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} stroke={t === 0 ? '#4d5b53' : '#e3e0d3'} strokeWidth={1} />
              <text x={pad.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
                {t}
              </text>
            </g>
          ))}
        </g>
        <g data-axis="date" fontSize="11" fill="#4d5b53">
          {labels.map((i) => (
            <text key={stats.dates[i]} x={center(i)} y={height - 6} textAnchor={n > 1 && i === 0 ? 'start' : n > 1 && i === n - 1 ? 'end' : 'middle'} data-date={stats.dates[i]}>
              {dayLabel(stats.dates[i]!)}
            </text>
          ))}
        </g>
        {bars
          ? SERIES.map((s, k) =>
              stats[s.key].map((v, i) =>
                v > 0 ? (
                  <rect key={`${s.key}-${i}`} x={center(i) - (barW * SERIES.length) / 2 + k * barW} y={y(v)} width={barW - 1} height={y(0) - y(v)} fill={s.color} data-series={s.key} data-value={v}>
                    <title>{`${s.label} on ${dayLabel(stats.dates[i]!)}: ${v}`}</title>
                  </rect>
                ) : null,
              ),
            )
          : SERIES.map((s) => <polyline key={s.key} fill="none" stroke={s.color} strokeWidth="2" strokeLinejoin="round" points={stats[s.key].map((v, i) => `${center(i)},${y(v)}`).join(' ')} data-series={s.key} />)}
      </svg>
    </div>
  );
}

/** "about 5" or "fewer than 5": people, rounded down to 5 (the release rule's own words, decision 1603). */
const countText = (n: DemandCount) => (typeof n === 'number' ? `about ${n.toLocaleString('en-US')}` : n);

/** The farmers whose saved searches this listing matches now, beside those it matched when published (issue 29). */
function SearchesMatched({ searches }: { searches: ListingStats['searches'] }) {
  return (
    <p className="mt-2 text-ink" data-listing-searches>
      Farmers whose saved searches it matches: <strong data-searches-now={searches.matchingNow}>{countText(searches.matchingNow)} now</strong>
      {' · '}
      <strong data-searches-published={searches.matchedWhenPublished}>{countText(searches.matchedWhenPublished)} when published</strong>
    </p>
  );
}

export function ListingNumbers({ spaceId }: { spaceId: number }) {
  // Read through the fetcher context once the owner opens the disclosure (the key is null until then).
  const [path, setPath] = useState<string | null>(null);
  const { data, error, loading } = useApiData<ListingStats>(path, 'Failed to load the numbers');
  const state = data ? ({ kind: 'ready', stats: data } as const) : error ? ({ kind: 'error', message: error } as const) : loading ? ({ kind: 'loading' } as const) : ({ kind: 'idle' } as const);
  const load = () => setPath(`/api/spaces/${spaceId}/stats`);
  const total = (k: (typeof SERIES)[number]['key']) => (state.kind === 'ready' ? state.stats[k].reduce((a, b) => a + b, 0) : 0);
  return (
    <details className="mt-2 text-sm" onToggle={(e) => (e.currentTarget.open ? load() : undefined)} data-listing-numbers={spaceId}>
      <summary className="cursor-pointer font-semibold text-brand-800">Numbers</summary>
      {state.kind === 'loading' && <p role="status" className="text-muted">Loading…</p>}
      {state.kind === 'error' && <p className="text-[var(--color-danger)]">{state.message}</p>}
      {state.kind === 'ready' && (
        <div className="mt-2">
          <p className="flex flex-wrap gap-3">
            {SERIES.map((s) => (
              <span key={s.key}>
                <span aria-hidden="true" style={{ color: s.color }}>
                  ●{' '}
                </span>
                {s.label}: <strong>{total(s.key)}</strong>
              </span>
            ))}
          </p>
          <SearchesMatched searches={state.stats.searches} />
          <DailyChart stats={state.stats} />
          {/* sr-only on a div: a table is never narrower than its content, so an sr-only table stuck out of a phone's screen (419 px). */}
          <div className="sr-only">
          <table>
            <caption>Numbers per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {SERIES.map((s) => (
                  <th key={s.key} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.stats.dates.map((d, i) => (
                <tr key={d}>
                  <th scope="row">{d}</th>
                  {SERIES.map((s) => (
                    <td key={s.key}>{state.stats[s.key][i]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        </div>
      )}
    </details>
  );
}
