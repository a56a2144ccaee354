// A listing's numbers for its owner (issue 19): page views, card opens, inquiries and saves per day over its
// life, read when the owner opens the disclosure (one request per listing asked for, not per listing
// shown), through the islands' fetcher context. A small inline SVG chart with the same numbers as a table for screen readers.
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useMemo } from 'react';
import type { ListingStats } from '#contracts/moderation';
import { errorMessage } from '../../lib/api-client';
import { createFetcherStore } from '../../lib/fetcher';

const SERIES = [
  { key: 'pageViews', label: 'Page views', color: '#1c663c' },
  { key: 'cardOpens', label: 'Card opens', color: '#b7791f' },
  { key: 'inquiries', label: 'Inquiries', color: '#2b6cb0' },
  { key: 'saves', label: 'Saves', color: '#9b2c6f' },
] as const;

function Sparkline({ stats }: { stats: ListingStats }) {
  const width = 280;
  const height = 64;
  const max = Math.max(1, ...SERIES.flatMap((s) => stats[s.key]));
  const n = stats.dates.length;
  const x = (i: number) => (n <= 1 ? width / 2 : (i / (n - 1)) * (width - 4) + 2);
  const y = (v: number) => height - 2 - (v / max) * (height - 6);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-16 w-full max-w-xs" aria-hidden="true">
      {SERIES.map((s) => (
        <polyline key={s.key} fill="none" stroke={s.color} strokeWidth="2" points={stats[s.key].map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
      ))}
    </svg>
  );
}

export function ListingNumbers({ spaceId }: { spaceId: number }) {
  // Read through the fetcher context once the owner opens the disclosure (the key is null until then).
  const key = useMemo(() => atom<string | null>(null), []);
  const store = useMemo(() => createFetcherStore<ListingStats>([key]), [key]);
  const { data, error, loading } = useStore(store);
  const state = data ? ({ kind: 'ready', stats: data } as const) : error ? ({ kind: 'error', message: errorMessage(error, 'Failed to load the numbers') } as const) : loading ? ({ kind: 'loading' } as const) : ({ kind: 'idle' } as const);
  const load = () => key.set(`/api/spaces/${spaceId}/stats`);
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
          <Sparkline stats={state.stats} />
          <table className="sr-only">
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
      )}
    </details>
  );
}
