// The overview (issue 19): new users, listings published, inquiries, messages and revenue per day over 30
// or 90 days, series computed on the server from daily totals. Charts are uPlot (a small, kept canvas
// chart library), loaded only here; each chart has the same numbers as a table for screen readers.
import { useEffect, useRef, useState } from 'react';
// Its small stylesheet goes with the console page's CSS (a lazily imported stylesheet is not emitted for a
// client-only island); the library's code itself loads only when a chart is drawn.
import 'uplot/dist/uPlot.min.css';
import { OVERVIEW_METRICS, OVERVIEW_METRIC_LABELS, type Overview, type OverviewMetric } from '#contracts/moderation';
import { useApiData } from '../shared/use-api-data';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const formatValue = (metric: OverviewMetric, v: number) => (metric === 'revenue_cents' ? money(v) : String(v));

function Chart({ metric, overview }: { metric: OverviewMetric; overview: Overview }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    const resize = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height: 180 }));
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const xs = overview.dates.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
      const ys = overview.series[metric].map((v) => (metric === 'revenue_cents' ? v / 100 : v));
      plot = new UPlot(
        {
          width: el.clientWidth || 320,
          height: 180,
          legend: { show: false },
          cursor: { show: true },
          scales: { x: { time: true } },
          axes: [{ stroke: '#4d5b53' }, { stroke: '#4d5b53', size: 50 }],
          series: [{}, { label: OVERVIEW_METRIC_LABELS[metric], stroke: '#1c663c', width: 2, fill: 'rgba(28,102,60,0.12)', points: { show: overview.days <= 30 } }],
        },
        [xs, ys],
        el,
      );
      resize.observe(el);
    });
    return () => {
      cancelled = true;
      resize.disconnect();
      plot?.destroy();
    };
  }, [metric, overview]);
  return <div ref={box} className="w-full" aria-hidden="true" data-chart={metric} />;
}

export function OverviewPanel() {
  const [days, setDays] = useState<30 | 90>(30);
  const { data, error } = useApiData<Overview>(`/api/admin/overview?days=${days}`);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <fieldset className="flex gap-2">
          <legend className="sr-only">Period</legend>
          {([30, 90] as const).map((d) => (
            <label key={d} className={`cursor-pointer rounded-full border px-3 py-1 text-sm ${days === d ? 'border-brand-700 bg-brand-100 font-semibold' : ''}`}>
              <input type="radio" name="period" className="sr-only" checked={days === d} onChange={() => setDays(d)} />
              Last {d} days
            </label>
          ))}
        </fieldset>
        {data && (
          <p className="text-sm text-ink">
            <a className="underline" href="?tab=reports">
              Open reports: <strong data-open-reports>{data.openReports}</strong>
            </a>
            {' · '}Waiting for review: <strong>{data.awaitingReview}</strong> · Listing page views: <strong>{data.totals.page_views}</strong> · Card opens:{' '}
            <strong>{data.totals.card_opens}</strong> · Saves: <strong>{data.totals.saves}</strong>
          </p>
        )}
      </div>
      {error && <p className="text-[var(--color-danger)]">{error}</p>}
      {!data && !error && <p role="status">Loading the overview…</p>}
      {data && (
        <div className="grid gap-4 lg:grid-cols-2">
          {OVERVIEW_METRICS.map((metric) => (
            <section key={metric} className="card p-4" aria-labelledby={`chart-${metric}`}>
              <h3 id={`chart-${metric}`} className="font-semibold text-ink">
                {OVERVIEW_METRIC_LABELS[metric]}: {formatValue(metric, data.totals[metric])}
              </h3>
              <Chart metric={metric} overview={data} />
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer">Numbers per day</summary>
                <table className="mt-2 w-full text-left">
                  <caption className="sr-only">{OVERVIEW_METRIC_LABELS[metric]} per day</caption>
                  <thead>
                    <tr>
                      <th scope="col">Day</th>
                      <th scope="col">{OVERVIEW_METRIC_LABELS[metric]}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.dates.map((d, i) => (
                      <tr key={d}>
                        <th scope="row" className="font-normal">
                          {d}
                        </th>
                        <td>{formatValue(metric, data.series[metric][i]!)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
