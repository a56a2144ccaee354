// This instance's Prometheus metrics (docs/decisions/1400): GET /metrics in the text format, answered only
// with `Authorization: Bearer $METRICS_TOKEN`, before Express (no host check, no request log line, not in its
// own request histogram). Every label value comes from a closed set — route templates, never URLs — so the
// number of series stays bounded whatever the traffic. Counters count this instance since it started.
import { createHash, timingSafeEqual } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '#db/client';
import type { PhotoProcessor } from './ports';
import { within } from './within';

export const METRICS_PATH = '/metrics';
/** The API router's mount point: a route matched inside it names its path without it. */
const API_PREFIX = '/api';
/** Routes no Express route matched: the API's 404s and refusals before routing, and any 404. */
export const UNMATCHED_ROUTE = 'unmatched';
/** Site files and pages (static files, pre-rendered and on-demand pages): one label for all of them. */
export const SITE_ROUTE = 'site';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** How long a scrape waits for the database (ping and backlog queries) before it answers without them. */
const SCRAPE_DATABASE_TIMEOUT_MS = 2_000;

/** A job's work waiting: rows due and the age of the oldest one (0 when none). */
export type Backlog = { depth: number; lagSeconds: number };
/** A backlog from a count and the oldest due time (a Date from the builder, a string from raw SQL). */
export function toBacklog(row: { n: number | string; oldest: Date | string | null } | undefined, now: Date): Backlog {
  const depth = Number(row?.n ?? 0);
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
  return { depth, lagSeconds: depth > 0 && oldest !== undefined ? Math.max(0, (now.getTime() - oldest) / 1000) : 0 };
}

export type BacklogSource = { job: string; backlog: () => Promise<Backlog> };
/** Running totals a cache keeps itself (they never go down). */
export type CacheTotals = { hits: number; misses: number };

export type Metrics = ReturnType<typeof createMetrics>;

/** The route label a request's answer is counted under, set by whoever knows it before Express (0705). */
const routeOfAnswer = new WeakMap<ServerResponse, string>();

/** The fast path replays an answer the full path gave: it is counted under that answer's route. */
export function labelRoute(res: ServerResponse, route: string): void {
  routeOfAnswer.set(res, route);
}

/** The Express route template that matched (as declared in code, `/api/spaces/:id`), or undefined. */
export function routeTemplate(req: IncomingMessage): string | undefined {
  const path = (req as IncomingMessage & { route?: { path?: unknown } }).route?.path;
  if (typeof path !== 'string') return undefined;
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
  // Inside the /api router a route is declared without the prefix; after an error left that router,
  // Express has already restored baseUrl, so the prefix is added from the URL's own start.
  return url.startsWith(`${API_PREFIX}/`) && !path.startsWith(`${API_PREFIX}/`) ? `${API_PREFIX}${path}` : path;
}

function routeLabel(req: IncomingMessage, res: ServerResponse): string {
  const known = routeOfAnswer.get(res) ?? routeTemplate(req);
  if (known) return known;
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
  return res.statusCode === 404 || url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`) ? UNMATCHED_ROUTE : SITE_ROUTE;
}

function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

function methodLabel(method: string | undefined): string {
  return method && METHODS.has(method) ? method : 'OTHER';
}

/** sha256 of both sides, then a constant-time compare: neither the token's bytes nor its length leak. */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * `token`: METRICS_TOKEN; without it nothing is measured and /metrics is left to Express (404).
 * `defaultMetrics`: prom-client's process metrics (CPU, memory, GC, event-loop delay); off for tests that
 * start many apps in one process.
 */
export function createMetrics(options: { token?: string; defaultMetrics?: boolean }) {
  const registry = new Registry();
  const enabled = options.token !== undefined;
  if (enabled && options.defaultMetrics !== false) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const requestDuration = new Histogram({
    name: 'farmspace_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by route template (never the URL) and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({ name: 'farmspace_http_requests_in_flight', help: 'Requests being answered now.', registers: [registry] });

  // Counters whose totals live elsewhere (the caches count their own lookups): each scrape adds what was
  // counted since the last one, so the series stays a counter to Prometheus (rate() works, resets at restart).
  const cacheSources = new Map<string, () => CacheTotals>();
  const cacheSeen = new Map<string, number>();
  new Counter({
    name: 'farmspace_cache_lookups_total',
    help: 'Lookups of the in-process caches (public_read: anonymous public reads, fast path included; session: signed-in sessions), by outcome.',
    labelNames: ['cache', 'outcome'] as const,
    registers: [registry],
    collect() {
      for (const [cache, read] of cacheSources) {
        const totals = read();
        for (const outcome of ['hit', 'miss'] as const) {
          const key = `${cache}:${outcome}`;
          const total = outcome === 'hit' ? totals.hits : totals.misses;
          const delta = total - (cacheSeen.get(key) ?? 0);
          // inc(0) makes the series exist from the first scrape.
          this.inc({ cache, outcome }, Math.max(0, delta));
          cacheSeen.set(key, Math.max(total, cacheSeen.get(key) ?? 0));
        }
      }
    },
  });

  const jobRuns = new Counter({ name: 'farmspace_job_runs_total', help: 'Background job runs on this instance, by outcome (ok or failed).', labelNames: ['job', 'outcome'] as const, registers: [registry] });
  const jobDuration = new Histogram({
    name: 'farmspace_job_run_duration_seconds',
    help: 'How long one run of a background job took on this instance.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const jobLastSuccess = new Gauge({ name: 'farmspace_job_last_success_timestamp_seconds', help: 'When a run of the job last ended without an error on this instance (Unix time).', labelNames: ['job'] as const, registers: [registry] });

  const queryDuration = new Histogram({
    name: 'farmspace_db_query_duration_seconds',
    help: 'Time from sending a database query to its answer, by statement kind (its first word: select, insert, update, delete, with, transaction or other) and outcome.',
    labelNames: ['operation', 'outcome'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 15],
    registers: [registry],
  });

  let database: DatabaseHandle | undefined;
  let backlogSources: BacklogSource[] = [];
  let photoProcessor: PhotoProcessor | undefined;
  let dataDir: string | undefined;

  const databaseUp = new Gauge({ name: 'farmspace_database_up', help: '1 when the database answered this scrape within 2 s, else 0.', registers: [registry] });
  const poolConnections = new Gauge({ name: 'farmspace_db_pool_connections', help: 'Database connections of this instance by state (total, idle); PGlite: one, always open.', labelNames: ['state'] as const, registers: [registry] });
  const poolWaiting = new Gauge({ name: 'farmspace_db_pool_waiting_requests', help: 'Queries waiting for a free pooled connection (PostgreSQL; always 0 on PGlite, which has no pool).', registers: [registry] });
  const poolMax = new Gauge({ name: 'farmspace_db_pool_max_connections', help: 'The pool’s upper bound of connections.', registers: [registry] });
  const databaseInfo = new Gauge({ name: 'farmspace_database_info', help: 'Which database this instance uses (always 1).', labelNames: ['kind'] as const, registers: [registry] });
  const backlogDepth = new Gauge({ name: 'farmspace_job_backlog', help: 'Rows due for a background job and not yet claimed (the whole database’s, the same on every instance).', labelNames: ['job'] as const, registers: [registry] });
  const backlogLag = new Gauge({ name: 'farmspace_job_lag_seconds', help: 'Age of the oldest row due for a background job and not yet claimed; 0 when none (the whole database’s).', labelNames: ['job'] as const, registers: [registry] });
  const photoBusy = new Gauge({ name: 'farmspace_photo_workers_busy', help: 'Photo workers resizing an upload now.', registers: [registry] });
  const photoQueued = new Gauge({ name: 'farmspace_photo_queue', help: 'Uploads waiting for a photo worker.', registers: [registry] });
  const photoWorkers = new Gauge({ name: 'farmspace_photo_workers_max', help: 'Photo workers this instance runs at most at once (PHOTO_CONCURRENCY).', registers: [registry] });
  const dataDirFree = new Gauge({ name: 'farmspace_data_dir_free_bytes', help: 'Bytes free for this process on the file system of DATA_DIR.', registers: [registry] });
  const dataDirSize = new Gauge({ name: 'farmspace_data_dir_size_bytes', help: 'Size of the file system of DATA_DIR.', registers: [registry] });

  /** Everything read at scrape time, in one pass before the registry renders. */
  async function refresh() {
    if (photoProcessor) {
      photoBusy.set(photoProcessor.busy);
      photoQueued.set(photoProcessor.pending);
      photoWorkers.set(photoProcessor.concurrency);
    }
    if (dataDir) {
      const fs = await statfs(dataDir).catch(() => undefined);
      if (fs) {
        dataDirFree.set(fs.bavail * fs.bsize);
        dataDirSize.set(fs.blocks * fs.bsize);
      }
    }
    if (!database) return;
    databaseInfo.reset();
    databaseInfo.set({ kind: database.kind }, 1);
    const pool = database.poolStats();
    poolConnections.set({ state: 'total' }, pool.total);
    if (pool.idle !== undefined) poolConnections.set({ state: 'idle' }, pool.idle);
    if (pool.waiting !== undefined) poolWaiting.set(pool.waiting);
    poolMax.set(pool.max);
    const db = database;
    const up = await within(db.ping().then(() => true), SCRAPE_DATABASE_TIMEOUT_MS);
    databaseUp.set(up ? 1 : 0);
    // A backlog that cannot be read this time is left out rather than reported as empty.
    backlogDepth.reset();
    backlogLag.reset();
    if (!up) return;
    const backlogs = await within(Promise.all(backlogSources.map(async (s) => [s.job, await s.backlog().catch(() => undefined)] as const)), SCRAPE_DATABASE_TIMEOUT_MS);
    for (const [job, backlog] of backlogs ?? []) {
      if (!backlog) continue;
      backlogDepth.set({ job }, backlog.depth);
      backlogLag.set({ job }, backlog.lagSeconds);
    }
  }

  let scraping: Promise<string> | undefined;
  /** One scrape at a time: scrapers that ask together share its answer (a slow database costs one wait). */
  function render(): Promise<string> {
    scraping ??= (async () => {
      try {
        await refresh();
        return await registry.metrics();
      } finally {
        scraping = undefined;
      }
    })();
    return scraping;
  }

  /**
   * Answers GET /metrics when the request is for it: true when answered. No Authorization header → false
   * (Express then answers its 404, as with no token configured); a wrong token → 401.
   */
  function answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (!enabled || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const header = req.headers.authorization;
    if (header === undefined) return false;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
    if (!match || !sameToken(match[1]!, options.token!)) {
      res.writeHead(401, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer realm="metrics"' });
      res.end('Unauthorized\n');
      return true;
    }
    render().then(
      (text) => {
        res.writeHead(200, { ...headers, 'Content-Type': registry.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => {
        res.writeHead(500, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Metrics could not be collected\n');
      },
    );
    return true;
  }

  return {
    enabled,
    registry,
    /**
     * The node:http handler with /metrics answered in front of it and every other request measured
     * (in flight, duration by route template and status class). Without a token: `handler` itself.
     */
    instrument(handler: (req: IncomingMessage, res: ServerResponse) => void) {
      if (!enabled) return handler;
      return (req: IncomingMessage, res: ServerResponse) => {
        const url = req.url ?? '';
        if ((url === METRICS_PATH || url.startsWith(`${METRICS_PATH}?`)) && answer(req, res)) return;
        const started = performance.now();
        inFlight.inc();
        res.once('close', () => {
          inFlight.dec();
          requestDuration.observe({ method: methodLabel(req.method), route: routeLabel(req, res), status_class: statusClass(res.statusCode) }, (performance.now() - started) / 1000);
        });
        handler(req, res);
      };
    },
    /** A cache's running totals, read at each scrape. */
    watchCache(cache: string, read: () => CacheTotals) {
      cacheSources.set(cache, read);
    },
    watchDatabase(handle: DatabaseHandle) {
      database = handle;
      handle.observeQueries((operation, seconds, outcome) => queryDuration.observe({ operation, outcome }, seconds));
    },
    watchPhotoProcessor(processor: PhotoProcessor) {
      photoProcessor = processor;
    },
    watchDataDir(dir: string) {
      dataDir = dir;
    },
    /** The jobs whose waiting rows are counted at each scrape. */
    watchBacklogs(sources: BacklogSource[]) {
      backlogSources = sources;
    },
    /** One run of a background job ended. */
    jobRan(job: string, outcome: 'ok' | 'failed', seconds: number, endedAt: Date) {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, seconds);
      if (outcome === 'ok') jobLastSuccess.set({ job }, endedAt.getTime() / 1000);
    },
    /** Makes a job's series exist before its first run ends (a job that never succeeds still shows). */
    registerJob(job: string) {
      jobRuns.inc({ job, outcome: 'ok' }, 0);
      jobRuns.inc({ job, outcome: 'failed' }, 0);
    },
    render,
  };
}
