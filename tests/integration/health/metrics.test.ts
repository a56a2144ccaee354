// GET /metrics (docs/decisions/1400): only with the bearer token, Prometheus's text format, and a number of
// series that does not grow with the URLs asked for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '#api/modules/email/index';
import { sql } from 'drizzle-orm';
import { startJobs } from '#api/jobs/job-runner';
import { QUERY_OPERATIONS, queryOperation } from '#db/query-timing';
import { outboxBacklog } from '#api/modules/email/outbox';
import { MINUTE } from '#api/lib/clock';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { createSignedInUser } from '../../fixtures/users';
import { DEEP } from '../../setup/depth';

const TOKEN = 'test-metrics-token-0123456789abcdef-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The sample lines of an exposition (one per series), without comments. */
function seriesOf(text: string): string[] {
  return text.split('\n').filter((line) => line && !line.startsWith('#'));
}

/** The value of one series, by its name and labels as written (`name{a="b"}`). */
function valueOf(text: string, series: string): number | undefined {
  const line = seriesOf(text).find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Distinct values of one label across the series of a metric. */
function labelValues(text: string, metric: string, label: string): Set<string> {
  const values = new Set<string>();
  for (const line of seriesOf(text)) {
    if (!line.startsWith(metric)) continue;
    const match = new RegExp(`${label}="([^"]*)"`).exec(line);
    if (match) values.add(match[1]!);
  }
  return values;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('is 404, with or without an Authorization header, and measures nothing', async () => {
    expect((await t.request('/metrics')).status).toBe(404);
    expect((await t.request('/metrics', { headers: bearer(TOKEN) })).status).toBe(404);
    expect(t.context.metrics.enabled).toBe(false);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => t.close());

  const scrape = async () => {
    const res = await t.request('/metrics', { headers: bearer(TOKEN) });
    expect(res.status).toBe(200);
    return res.text;
  };

  it('answers 404 without the header (as if unset), 401 with a wrong token, 200 with the token, never cached', async () => {
    const none = await t.request('/metrics');
    expect(none.status).toBe(404);
    expect(none.text).not.toContain('farmspace_');
    for (const wrong of [bearer('x'.repeat(40)), bearer(`${TOKEN}x`), bearer(TOKEN.slice(0, -1)), { authorization: `Basic ${TOKEN}` }, { authorization: TOKEN }]) {
      const res = await t.request('/metrics', { headers: wrong });
      expect(res.status, JSON.stringify(wrong)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(res.text).not.toContain('farmspace_');
    }
    const ok = await t.request('/metrics', { headers: bearer(TOKEN) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    for (const name of [
      'farmspace_http_request_duration_seconds_bucket',
      'farmspace_http_requests_in_flight',
      'farmspace_cache_lookups_total',
      'farmspace_database_up',
      'farmspace_db_pool_connections',
      'farmspace_photo_workers_busy',
      'farmspace_data_dir_free_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_user_seconds_total',
    ]) {
      expect(ok.text, name).toContain(name);
    }
    expect(valueOf(ok.text, 'farmspace_database_up')).toBe(1);
    // A POST is no scrape: it goes on to the app (CSRF, then 404), the token notwithstanding.
    expect((await t.request('/metrics', { method: 'POST', body: {}, headers: bearer(TOKEN) })).status).not.toBe(200);
  });

  it('counts requests by route template and status class, fast-path replays under their route', async () => {
    await t.request('/api/spaces?city=Metricstown');
    await t.request('/api/spaces?city=Metricstown');
    await t.request('/api/spaces?city=Metricstown');
    expect(t.context.fastPath?.served, 'the third request took the fast path').toBeGreaterThan(0);
    await t.request('/api/no-such-route/123');
    const text = await scrape();
    expect(valueOf(text, 'farmspace_http_request_duration_seconds_count{method="GET",route="/api/spaces",status_class="2xx"}')).toBeGreaterThanOrEqual(3);
    expect(valueOf(text, 'farmspace_http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'farmspace_cache_lookups_total{cache="public_read",outcome="hit"}')).toBeGreaterThanOrEqual(2);
    expect(valueOf(text, 'farmspace_cache_lookups_total{cache="public_read",outcome="miss"}')).toBeGreaterThanOrEqual(1);
    // Scrapes themselves are not requests of the site.
    expect(labelValues(text, 'farmspace_http_request_duration_seconds_count', 'route').has('/metrics')).toBe(false);
  });

  it('times database queries by statement kind and outcome, in and out of transactions', async () => {
    const count = (text: string, operation: string, outcome: string) => valueOf(text, `farmspace_db_query_duration_seconds_count{operation="${operation}",outcome="${outcome}"}`) ?? 0;
    const before = await scrape();
    await t.request('/api/spaces?city=Querytown');
    await createSignedInUser(t, { email: 'metrics-queries@example.com' });
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`/* a comment first */ select 1`);
    });
    await expect(t.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    const after = await scrape();
    expect(count(after, 'select', 'ok') - count(before, 'select', 'ok'), 'the listing read and the select inside a transaction').toBeGreaterThanOrEqual(2);
    expect(count(after, 'insert', 'ok')).toBeGreaterThan(count(before, 'insert', 'ok'));
    expect(count(after, 'select', 'failed') - count(before, 'select', 'failed')).toBe(1);
    // Only the closed set of kinds ever appears as a label (never query text).
    for (const operation of labelValues(after, 'farmspace_db_query_duration_seconds_count', 'operation')) expect(QUERY_OPERATIONS).toContain(operation);
    expect(queryOperation('  -- why\n  WITH x as (select 1) select * from x')).toBe('with');
    expect(queryOperation('BEGIN')).toBe('transaction');
    expect(queryOperation("drop table users; -- 'whatever'")).toBe('other');
  });

  it('counts session cache hits and misses', async () => {
    const user = await createSignedInUser(t, { email: 'metrics-session@example.com' });
    const before = await scrape();
    await t.request('/api/auth/user', { cookie: user.cookie });
    await t.request('/api/auth/user', { cookie: user.cookie });
    const after = await scrape();
    const hits = (text: string) => valueOf(text, 'farmspace_cache_lookups_total{cache="session",outcome="hit"}') ?? 0;
    const misses = (text: string) => valueOf(text, 'farmspace_cache_lookups_total{cache="session",outcome="miss"}') ?? 0;
    expect(hits(after) + misses(after) - hits(before) - misses(before)).toBeGreaterThanOrEqual(2);
    expect(hits(after)).toBeGreaterThan(hits(before));
  });

  // The 10,000 in the deep run (CI, on PostgreSQL); 2,000 in npm test, where it took 18 s of the 10 minutes.
  const REQUESTS = DEEP ? 10_000 : 2_000;
  it(`keeps the number of series bounded after ${REQUESTS.toLocaleString('en-US')} requests to as many different listing ids`, { timeout: 120_000 }, async () => {
    const owner = await createSignedInUser(t, { email: 'metrics-owner@example.com' });
    const now = t.clock.now();
    const live = await insertSpaces(t.db, Array.from({ length: 50 }, (_, i) => spaceRow(owner.id, now, { title: `Metrics listing ${i}` })));
    // Every kind of address, for a listing that exists and one that does not, so every series these
    // requests can make exists before the count is taken.
    const shapes = (id: number) => [`/api/spaces/${id}`, `/api/spaces/${id}/photos/${id}`, `/media/photos/${id}-480.webp`, `/spaces/${id}`, `/api/unknown/${id}`];
    for (const id of [live[0]!.id, 999_999_999]) for (const url of shapes(id)) await t.request(url);
    const farmspaceSeries = (text: string) => seriesOf(text).filter((l) => l.startsWith('farmspace_'));
    const warm = await scrape();

    // REQUESTS different ids: the 50 listings that exist, then ids no listing has.
    const ids = [...live.map((s) => s.id), ...Array.from({ length: REQUESTS - live.length }, (_, i) => 1_000_000 + i * 7919)];
    expect(new Set(ids).size).toBe(REQUESTS);
    let next = 0;
    const statuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < ids.length) {
          const n = next++;
          const url = shapes(ids[n]!)[n % 5]!;
          const res = await fetch(`${t.baseUrl}${url}`);
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    const text = await scrape();
    const routes = labelValues(text, 'farmspace_http_request_duration_seconds_count', 'route');
    console.log(
      `metrics: ${farmspaceSeries(warm).length} farmspace_ series (${seriesOf(warm).length} in all) after warm-up, ` +
        `${farmspaceSeries(text).length} (${seriesOf(text).length} in all) after ${REQUESTS} requests to ${REQUESTS} listing ids ` +
        `(answers ${JSON.stringify(Object.fromEntries(statuses))}); route labels (${routes.size}): ${[...routes].slice(0, 12).join(', ')}`,
    );
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS);
    // The product's series are the same as before: only their values moved.
    expect(farmspaceSeries(text).map((l) => l.split(' ')[0]).sort()).toEqual(farmspaceSeries(warm).map((l) => l.split(' ')[0]).sort());
    for (const route of routes) expect(route, 'a route label is a template, never an id').not.toMatch(/\d{3,}/);
    // prom-client's process series grow only with what Node has (GC kinds, handle types), not with requests.
    expect(seriesOf(text).length).toBeLessThan(seriesOf(warm).length + 60);
  });

  it('counts job runs and failures, and reads each job’s backlog and lag at the scrape', async () => {
    const jobs = startJobs(
      [
        { name: 'email-outbox', intervalMs: 60_000, run: async () => undefined, backlog: () => outboxBacklog(t.context) },
        { name: 'always-failing', intervalMs: 60_000, run: async () => Promise.reject(new Error('smtp refused')) },
      ],
      t.context.logger,
      { metrics: t.context.metrics, clock: t.clock },
    );
    try {
      await enqueueEmail(t.context, { userId: null, type: 'password_reset', recipient: 'lag@example.com', content: { subject: 's', text: 't', html: '<p>t</p>' } });
      t.clock.advance(6 * MINUTE);
      await expect.poll(() => jobs.status().find((j) => j.name === 'always-failing')?.failures).toBe(1);
      const text = await scrape();
      expect(valueOf(text, 'farmspace_job_runs_total{job="always-failing",outcome="failed"}')).toBe(1);
      expect(valueOf(text, 'farmspace_job_runs_total{job="email-outbox",outcome="ok"}')).toBe(1);
      expect(valueOf(text, 'farmspace_job_backlog{job="email-outbox"}')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'farmspace_job_lag_seconds{job="email-outbox"}')).toBeGreaterThanOrEqual(6 * 60);
      expect(jobs.status().find((j) => j.name === 'always-failing')?.lastError).toBe('smtp refused');
    } finally {
      await jobs.stop();
    }
  });

  it('says the database is down when it is, and still answers', async () => {
    const other = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
    await other.database.close();
    const res = await other.request('/metrics', { headers: bearer(TOKEN) });
    expect(res.status).toBe(200);
    expect(valueOf(res.text, 'farmspace_database_up')).toBe(0);
    await other.close();
  });
});
