// BENCH_TRACE=<path> on a bench:spaces server (bench/spaces-server.ts): where the time of each request went,
// written to <path>-<port>.json when the server stops. Per request: when it arrived, how long the server took
// (arrival to `finish`), and what served it — the fast path (a fresh hit answered before Express), a hit of
// the public-read cache on the full path (fresh, or stale while one refresh runs), a miss that started a load,
// or a miss that joined one in flight — and whether its query is one of the workload's unique ones. Per 100 ms
// of the run: the loads started (misses and background refreshes), requests waiting for a pool connection,
// the event loop's longest delay and the time spent in garbage collection. For finding a tail, never for figures.
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';
import type { AppContext } from '#api/app-context';
import type { RequestHandler } from '#api/app';

export type TracedKind = 'fast-path' | 'hit' | 'stale-hit' | 'miss-load' | 'miss-joined' | 'other';
/** `waits`: each query's wait for a pool connection (ms), in order; a load shared by several requests counts for the one that started it. */
export type TracedRequest = { at: number; ms: number; kind: TracedKind; unique: boolean; waits: number[] };
export type TraceSlice = { at: number; loads: number; waitingMax: number; loopDelayMaxMs: number; gcMs: number; majorGcMaxMs: number };

/** Wraps the app's handler so each request is recorded; the trace is written to `file` on SIGTERM. */
export function traceRequests(handler: RequestHandler, context: AppContext, file: string): RequestHandler {
  const started = performance.now();
  const requests: TracedRequest[] = [];
  const slices: TraceSlice[] = [];
  const current = new AsyncLocalStorage<TracedRequest>();
  const cache = context.publicCache;
  // What the cache did for the request that asked: read from its counters around the call (get runs its
  // lookup synchronously before its first await, so nothing else moves them in between).
  const get = cache.get.bind(cache);
  cache.get = (key, load) => {
    const record = current.getStore();
    const [hits, loads] = [cache.lookups.hits, cache.loads];
    const answer = get(key, load);
    if (record && cache.lookups.hits > hits) void answer.then((a) => (record.kind = cache.holdsFresh(key, a) ? 'hit' : 'stale-hit'));
    else if (record) record.kind = cache.loads > loads ? 'miss-load' : 'miss-joined';
    return answer;
  };
  const delay = monitorEventLoopDelay({ resolution: 2 });
  delay.enable();
  let gcMs = 0;
  let majorGcMaxMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      if ((entry as unknown as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorGcMaxMs = Math.max(majorGcMaxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  // Each query's wait for one of the pool's connections (pg-pool's query() asks connect() with a callback).
  type Connect = (this: pg.Pool, ...args: unknown[]) => unknown;
  const connect = pg.Pool.prototype.connect as Connect;
  (pg.Pool.prototype as unknown as { connect: Connect }).connect = function (this: pg.Pool, ...args: unknown[]) {
    const record = current.getStore();
    const asked = performance.now();
    const [callback] = args;
    if (!record || typeof callback !== 'function') return connect.apply(this, args);
    return connect.call(this, (...result: unknown[]) => {
      record.waits.push(performance.now() - asked);
      (callback as (...result: unknown[]) => void)(...result);
    });
  };
  let loadsBefore = cache.loads;
  let waitingMax = 0;
  const poll = setInterval(() => (waitingMax = Math.max(waitingMax, context.database.poolStats().waiting ?? 0)), 5);
  const slice = setInterval(() => {
    slices.push({ at: performance.now() - started, loads: cache.loads - loadsBefore, waitingMax, loopDelayMaxMs: delay.max / 1e6, gcMs, majorGcMaxMs });
    loadsBefore = cache.loads;
    waitingMax = 0;
    gcMs = 0;
    majorGcMaxMs = 0;
    delay.reset();
  }, 100);
  process.once('SIGTERM', () => {
    clearInterval(poll);
    clearInterval(slice);
    writeFileSync(file, JSON.stringify({ requests, slices }));
    process.exit(0);
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    const record: TracedRequest = { at: performance.now() - started, ms: 0, kind: 'other', unique: /maxPrice=\d+\.\d\d/.test(req.url ?? ''), waits: [] };
    res.once('finish', () => {
      record.ms = performance.now() - started - record.at;
      requests.push(record);
    });
    current.run(record, () => handler(req, res));
    // The fast path answers synchronously, before Express (docs/decisions/0705).
    if (record.kind === 'other' && res.writableEnded) record.kind = 'fast-path';
  };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

/** `npx tsx bench/spaces-trace.ts <trace.json>`: the requests by what served them, and the slowest 100 ms slices. */
export function summarize(file: string, print: (line: string) => void = console.log) {
  const { requests, slices } = JSON.parse(readFileSync(file, 'utf8')) as { requests: TracedRequest[]; slices: TraceSlice[] };
  const all = requests.map((r) => r.ms).sort((a, b) => a - b);
  const p99 = percentile(all, 99);
  print(`${requests.length} requests: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (server time, arrival to finish)`);
  const groups = new Map<string, number[]>();
  for (const r of requests) {
    const name = `${r.kind}${r.unique ? ' (unique query)' : ''}`;
    groups.set(name, [...(groups.get(name) ?? []), r.ms]);
  }
  for (const [name, times] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    times.sort((a, b) => a - b);
    const slow = times.filter((t) => t > 50).length;
    print(`  ${name.padEnd(28)} ${String(times.length).padStart(7)} (${((100 * times.length) / requests.length).toFixed(1).padStart(5)}%)  p50 ${percentile(times, 50).toFixed(1).padStart(6)}  p99 ${percentile(times, 99).toFixed(1).padStart(6)}  max ${times.at(-1)!.toFixed(0).padStart(5)} ms  > 50 ms: ${slow} (${((100 * slow) / requests.length).toFixed(2)}% of all)`);
  }
  // The requests that started a load: how much of their time went waiting for a pool connection, per query.
  const loaders = requests.filter((r) => r.kind === 'miss-load' && r.waits.length);
  // A stale hit's refresh runs after its answer: its waits are the background refresh's.
  const refreshWaits = requests.filter((r) => r.kind === 'stale-hit').flatMap((r) => r.waits).sort((a, b) => a - b);
  if (refreshWaits.length) print(`background refreshes: ${refreshWaits.length} queries, wait for a connection p50 ${percentile(refreshWaits, 50).toFixed(1)} ms, p99 ${percentile(refreshWaits, 99).toFixed(1)} ms`);
  if (loaders.length) {
    const queries = Math.max(...loaders.map((r) => r.waits.length));
    const share = loaders.reduce((n, r) => n + r.waits.reduce((a, b) => a + b, 0), 0) / loaders.reduce((n, r) => n + r.ms, 0);
    const nth = (i: number) => loaders.filter((r) => r.waits.length > i).map((r) => r.waits[i]!).sort((a, b) => a - b);
    print(`misses that ran their load: ${loaders.length}, up to ${queries} queries each; ${(share * 100).toFixed(0)}% of their time waiting for a pool connection`);
    for (let i = 0; i < queries; i++) print(`  query ${i + 1}: wait for a connection p50 ${percentile(nth(i), 50).toFixed(1)} ms, p99 ${percentile(nth(i), 99).toFixed(1)} ms (${nth(i).length} queries)`);
  }
  // Each 100 ms slice: the requests that arrived in it, their p99, and what the server was doing.
  const bySlice = new Map<number, number[]>();
  for (const r of requests) bySlice.set(Math.floor(r.at / 100), [...(bySlice.get(Math.floor(r.at / 100)) ?? []), r.ms]);
  const rows = slices.map((s) => {
    const times = (bySlice.get(Math.floor((s.at - 1) / 100)) ?? []).sort((a, b) => a - b);
    return { ...s, n: times.length, p99: percentile(times, 99) };
  });
  print('slowest 100 ms slices (by the p99 of the requests that arrived in them):');
  for (const r of [...rows].sort((a, b) => b.p99 - a.p99).slice(0, 15)) {
    print(`  t=${(r.at / 1000).toFixed(1).padStart(6)} s  ${String(r.n).padStart(4)} req  p99 ${r.p99.toFixed(0).padStart(4)} ms  loads started ${String(r.loads).padStart(4)}  waiting for a connection ≤ ${String(r.waitingMax).padStart(4)}  loop delay ≤ ${r.loopDelayMaxMs.toFixed(0).padStart(4)} ms  GC ${r.gcMs.toFixed(0).padStart(3)} ms (longest major ${r.majorGcMaxMs.toFixed(0)} ms)`);
  }
  const loads = rows.reduce((n, r) => n + r.loads, 0);
  print(`loads started: ${loads} in ${(rows.length / 10).toFixed(1)} s; GC ${rows.reduce((n, r) => n + r.gcMs, 0).toFixed(0)} ms in all, longest major pause ${Math.max(0, ...rows.map((r) => r.majorGcMaxMs)).toFixed(0)} ms; loop delay over 50 ms in ${rows.filter((r) => r.loopDelayMaxMs > 50).length} slices`);
}

if (import.meta.url === `file://${process.argv[1]}`) summarize(process.argv[2]!);
