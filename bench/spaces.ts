// `npm run bench:spaces`: GET /api/spaces on PostgreSQL at 100,000 and 1,000,000 listings, autocannon at
// 50 connections with 4 filters. Every browse figure stands beside the physical limit, measured in the
// same run: a node:http server answering the same bytes from memory (what one Node process can do here).
// Per size, side by side: the Express route with the public-read cache OFF (first page, tenth keyset page,
// growing filters) against a bare node:http handler running the same query, and the cache ON (anonymous
// first page, a cache hit) against the limit — the same bytes and headers from memory — in rounds of their
// own after PostgreSQL has gone idle, with each server's CPU time per request. Targets (issues 5 and 16):
// p99 ≤ 50 ms at 100k; first page at 1M ≤ 1.5× its cost at 100k; 10th page ≤ 2× the first; uncached Express
// ≥ 0.9× the bare handler's requests/s with a p99 ≤ 1.5× its p99; cached anonymous browse ≥ 0.8× the limit.
// Every run starts with PostgreSQL idle, and latencies are taken over the answers on open connections
// (each connection's first answer waits for the connection to open: its worst is printed apart; 0703).
// At 100k it also runs the workloads of issue 12 (bench/spaces-workloads.ts) side by side on two servers,
// the public-read cache on and off: mixed (Zipf + 10% unique): p99 ≤ 50 ms and ≥ 3× the requests/s of
// cache off; fully random: ≥ 0.95× of cache off. BENCH_PHASES=cache runs only those (100k, no 1M);
// BENCH_PHASES=100k runs those and the 100k side-by-side phase (no 1M: a quicker run on a busy machine).
// It creates its own databases (BENCH_DB_NAME, default perf_spaces_bench: `<name>_100k`, and `<name>_1m`
// copied from it and grown) and drops them at the end; BENCH_KEEP=1 keeps them and reuses them when
// they hold the right number of listings (seeding 1M takes minutes). Output is also written to bench/results/.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { openDatabase, schema, type Executor } from '#db/client';
import { ensureDemoOwner } from '#db/seed/demo-owner';
import { seedDemonstrationData } from '#db/seed/index';
import { generateSpaces } from '#db/seed/generate-spaces';
import { mixedWorkload, randomWorkload, type Workload } from './spaces-workloads';
import { cannon, type Cannon } from './cannon';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_DB_NAME ?? 'perf_spaces_bench';
const PHASES = process.env.BENCH_PHASES ?? 'all';
const KEEP = process.env.BENCH_KEEP === '1';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const EXPRESS_PORT = Number(process.env.BENCH_PORT ?? 4432);
const BARE_PORT = EXPRESS_PORT + 1;
const CACHED_PORT = EXPRESS_PORT + 4;
const LIMIT_PORT = EXPRESS_PORT + 5;
const LIMIT_WITH_HEADERS_PORT = EXPRESS_PORT + 6;
const QUERY = 'country=US&spaceType=rooftop&maxPrice=6000&amenities=power';
/** The growing filters of issue 10 in the mix: a farmer's minimums for racks, water and 24/7 access. */
const GROWING_QUERY = 'minCeilingM=4&minFloorLoadKgM2=800&minPowerKw=50&water=tap&access24h=true';

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.href;
}
const lines: string[] = [];
const results: Record<string, unknown> = { query: QUERY, connections: CONNECTIONS, durationSeconds: DURATION };
function log(line = '') {
  console.log(line);
  lines.push(line);
}

async function admin<T extends pg.QueryResultRow = pg.QueryResultRow>(statement: string, url = ADMIN_URL): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(statement)).rows;
  } finally {
    await client.end();
  }
}

/** Listings in a kept database, or null when there is none (or it is not a finished benchmark database). */
async function keptListings(name: string): Promise<number | null> {
  const [found] = await admin(`select 1 from pg_database where datname = '${name}'`);
  if (!found) return null;
  try {
    const [row] = await admin<{ n: string }>('select count(*) as n from spaces', databaseUrl(name));
    return Number(row!.n);
  } catch {
    return null;
  }
}

type ServerMode = 'express' | 'bare' | 'memory';
function startServer(mode: ServerMode, port: number, dbUrl: string, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, 'spaces-server.ts'), [mode, String(port)], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DATABASE_URL: dbUrl, NODE_ENV: 'production', ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

/** Stops the servers and waits for them to exit (their pools closed): the 1M copy needs the 100k database idle. */
async function stopServers(children: ChildProcess[]) {
  await Promise.all(
    children.map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      return exited;
    }),
  );
}

type Run = { label: string; rps: number; p50: number; p99: number; errors: number; non2xx: number; cpuMicrosPerRequest?: number; firstAnswerMax?: number };

/** Rounds of one line averaged into its figures (errors summed, the slowest first answer kept). */
function averaged(label: string, rounds: Cannon[]): Run {
  const avg = (f: (r: Cannon) => number) => rounds.reduce((n, r) => n + f(r), 0) / rounds.length;
  return {
    label,
    rps: avg((r) => r.result.requests.average),
    p50: avg((r) => r.p50),
    p99: avg((r) => r.p99),
    errors: rounds.reduce((n, r) => n + r.result.errors + r.result.timeouts, 0),
    non2xx: rounds.reduce((n, r) => n + r.result.non2xx, 0),
    firstAnswerMax: Math.max(...rounds.map((r) => r.firstAnswerMax)),
  };
}

/** The cursor of the n-th page (n ≥ 2) of the benchmark query. */
async function cursorOfPage(base: string, n: number): Promise<string> {
  let cursor = '';
  for (let page = 1; page < n; page++) {
    const res = await fetch(`${base}/api/spaces?${QUERY}${cursor ? `&cursor=${cursor}` : ''}`);
    await res.arrayBuffer();
    cursor = res.headers.get('x-next-cursor') ?? '';
    if (!cursor) throw new Error(`the benchmark query has fewer than ${n} pages`);
  }
  return cursor;
}

async function seedTo(dbUrl: string, ownerId: number, from: number, to: number) {
  const started = Date.now();
  // A client of its own: the API pool's 15 s statement timeout is too short for 100k-row batches here.
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await generateSpaces(drizzle({ client, schema }) as unknown as Executor, { count: to - from, ownerId, now: new Date(), startIndex: from, batch: 50_000 });
    await client.query('vacuum analyze spaces');
  } finally {
    await client.end();
  }
  log(`seeded ${from.toLocaleString('en-US')} → ${to.toLocaleString('en-US')} listings in ${((Date.now() - started) / 1000).toFixed(1)} s (incl. VACUUM ANALYZE)`);
}

/** The 100k database: migrated, the demonstration data, 100,000 generated listings (or kept from a run before). */
async function prepareSmallDatabase(name: string): Promise<number> {
  const kept = KEEP ? await keptListings(name) : null;
  const url = databaseUrl(name);
  const database = openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    if (kept !== null && kept >= 100_000 && kept < 101_000) {
      log(`reusing ${name} (${kept.toLocaleString('en-US')} listings)`);
      return await ensureDemoOwner(database.db);
    }
    await database.close();
    await admin(`drop database if exists "${name}" with (force)`);
    await admin(`create database "${name}"`);
    const fresh = openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      await fresh.migrate();
      await seedDemonstrationData(fresh.db, new Date());
      const ownerId = await ensureDemoOwner(fresh.db);
      await seedTo(url, ownerId, 0, 100_000);
      return ownerId;
    } finally {
      await fresh.close();
    }
  } finally {
    await database.close().catch(() => undefined);
  }
}

/** The 1M database: a copy of the 100k one (CREATE DATABASE … TEMPLATE, a file copy) grown to 1,000,000. */
async function prepareLargeDatabase(name: string, template: string, ownerId: number) {
  const kept = KEEP ? await keptListings(name) : null;
  if (kept !== null && kept >= 1_000_000 && kept < 1_001_000) {
    log(`reusing ${name} (${kept.toLocaleString('en-US')} listings)`);
    return;
  }
  await admin(`drop database if exists "${name}" with (force)`);
  // Sessions of servers that just exited may linger a moment; a template must have none.
  for (let i = 0; i < 50; i++) {
    const [row] = await admin<{ n: string }>(`select count(*) as n from pg_stat_activity where datname = '${template}'`);
    if (Number(row!.n) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await admin(`create database "${name}" template "${template}"`);
  await seedTo(databaseUrl(name), ownerId, 100_000, 1_000_000);
}

/** This server's CPU time so far (user + system, µs), asked over IPC (bench/spaces-server.ts). */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const cpu = (message as { cpu?: NodeJS.CpuUsage }).cpu;
      if (!cpu) return;
      child.off('message', onMessage);
      resolve(cpu.user + cpu.system);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

/**
 * Waits until no query of `database` is running. A database-bound run leaves PostgreSQL working through
 * the queries its connections had queued when autocannon stopped; the next run (a cache hit, the limit)
 * would pay for them, one more than the other depending on the order.
 */
async function databaseIdle(database: string) {
  for (let i = 0; i < 100; i++) {
    const [row] = await admin<{ n: string }>(`select count(*) as n from pg_stat_activity where datname = '${database}' and state = 'active' and pid <> pg_backend_pid()`);
    if (Number(row!.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs autocannon on each URL in turn, ROUNDS times, and averages: the machine's noise hits all alike. */
const ROUNDS = 3;
type SideBySide = { label: string; url: string; server?: ChildProcess };
/**
 * With `limitIndex` (or `limitRps`), each line also says its requests/s as a share of the physical limit's.
 * With a `server`, the line also says that server's CPU time per request (user + system).
 */
async function measureSideBySide(runs: SideBySide[], options: { limitIndex?: number; limitRps?: number; before?: () => Promise<void> } = {}): Promise<Run[]> {
  const samples = runs.map(() => [] as Cannon[]);
  const cpu = runs.map(() => ({ micros: 0, requests: 0 }));
  const once = async (i: number, duration: number, record: boolean) => {
    const run = runs[i]!;
    await options.before?.();
    const cpuBefore = run.server ? await cpuOf(run.server) : 0;
    const measured = await cannon({ url: run.url, connections: CONNECTIONS, duration });
    if (!record) return;
    samples[i]!.push(measured);
    if (run.server) {
      cpu[i]!.micros += (await cpuOf(run.server)) - cpuBefore;
      cpu[i]!.requests += measured.result.requests.total;
    }
  };
  for (const i of runs.keys()) await once(i, 2, false); // warm-up
  for (let round = 0; round < ROUNDS; round++) for (const i of runs.keys()) await once(i, DURATION / ROUNDS, true);
  const measured = runs.map((run, i) => {
    const result: Run = { ...averaged(run.label, samples[i]!), ...(run.server ? { cpuMicrosPerRequest: cpu[i]!.micros / Math.max(1, cpu[i]!.requests) } : {}) };
    results[run.label] = result;
    return result;
  });
  const limit = options.limitIndex === undefined ? options.limitRps : measured[options.limitIndex]!.rps;
  for (const result of measured) {
    const ofLimit = limit ? `   ${(result.rps / limit).toFixed(2).padStart(5)}× limit` : '';
    const cpuLine = result.cpuMicrosPerRequest === undefined ? '' : `   server CPU ${result.cpuMicrosPerRequest.toFixed(0).padStart(4)} µs/req`;
    log(`${result.label.padEnd(50)} ${result.rps.toFixed(0).padStart(7)} req/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms   1st answer ≤ ${result.firstAnswerMax!.toFixed(0).padStart(4)} ms${ofLimit}${cpuLine}${result.errors || result.non2xx ? `   errors ${result.errors} non-2xx ${result.non2xx}` : ''}`);
  }
  return measured;
}

/**
 * One size, every server side by side: Express with the cache off (the query runs every time) against the
 * bare handler running the same query; Express with the cache on (a cache hit) against the physical limit.
 */
async function phase(label: string, dbUrl: string) {
  const express = await startServer('express', EXPRESS_PORT, dbUrl, { PUBLIC_READ_CACHE: 'false' });
  const bare = await startServer('bare', BARE_PORT, dbUrl);
  const cached = await startServer('express', CACHED_PORT, dbUrl, { PUBLIC_READ_CACHE: 'true' });
  const limit = await startServer('memory', LIMIT_PORT, dbUrl);
  // A second limit: the same bytes *and headers* as the cached Express answer (security headers, ETag,
  // Vary...), copied once from it: the same bytes on the wire (but Date and X-Request-Id), so the target is
  // taken on it; the ratio to the first (the body alone) is printed beside it.
  const limitWithHeaders = await startServer('memory', LIMIT_WITH_HEADERS_PORT, dbUrl, { LIMIT_SOURCE: `http://127.0.0.1:${CACHED_PORT}` });
  try {
    const expressBase = `http://127.0.0.1:${EXPRESS_PORT}`;
    const bareBase = `http://127.0.0.1:${BARE_PORT}`;
    const cursor = await cursorOfPage(expressBase, 10);
    const first = `/api/spaces?${QUERY}`;
    // The same bytes everywhere: the limit answers exactly what the bare handler rendered.
    const [expressBody, limitBody] = await Promise.all([fetch(`${expressBase}${first}`).then((r) => r.text()), fetch(`http://127.0.0.1:${LIMIT_PORT}${first}`).then((r) => r.text())]);
    if (expressBody !== limitBody) throw new Error('the physical limit does not answer the same bytes as Express');
    const [cachedAnswer, copiedAnswer] = await Promise.all([fetch(`http://127.0.0.1:${CACHED_PORT}${first}`), fetch(`http://127.0.0.1:${LIMIT_WITH_HEADERS_PORT}${first}`)]);
    if ((await cachedAnswer.text()) !== (await copiedAnswer.text()) || cachedAnswer.headers.get('content-security-policy') !== copiedAnswer.headers.get('content-security-policy')) {
      throw new Error('the limit with headers does not answer what the cached Express server answers');
    }
    // The cache hit against the limits first, in rounds of their own, each run after PostgreSQL has gone
    // idle: a cache hit and the limit answer from memory, so nothing but the servers may differ.
    const database = new URL(dbUrl).pathname.slice(1);
    const [cachedFirst, limitFirst, limitHeadersFirst] = await measureSideBySide(
      [
        { label: `${label} express first page, cache on (anonymous)`, url: `http://127.0.0.1:${CACHED_PORT}${first}`, server: cached },
        { label: `${label} limit: node:http, same bytes from memory`, url: `http://127.0.0.1:${LIMIT_PORT}${first}`, server: limit },
        { label: `${label} limit with Express's headers, from memory`, url: `http://127.0.0.1:${LIMIT_WITH_HEADERS_PORT}${first}`, server: limitWithHeaders },
      ],
      { limitIndex: 1, before: () => databaseIdle(database) },
    );
    const [firstRun, bareFirst, tenth, bareTenth, growing] = await measureSideBySide(
      [
        { label: `${label} express first page, cache off`, url: `${expressBase}${first}`, server: express },
        { label: `${label} bare node:http first page`, url: `${bareBase}${first}`, server: bare },
        { label: `${label} express 10th keyset page, cache off`, url: `${expressBase}${first}&cursor=${cursor}`, server: express },
        { label: `${label} bare node:http 10th keyset page`, url: `${bareBase}${first}&cursor=${cursor}`, server: bare },
        { label: `${label} express growing filters, cache off`, url: `${expressBase}/api/spaces?${GROWING_QUERY}`, server: express },
      ],
      // Each run after PostgreSQL is idle too: when autocannon stops, the server it measured still holds up to
      // 40 requests queued in its pool behind the 10 running, and runs them all. The next run on the same
      // server (Express's first page after its growing filters) queued behind them; one on another server
      // (the bare handler) only shared the cores with them: the first page's p99 compared a run that began
      // behind ~50 queries with one that did not.
      { limitRps: limitFirst!.rps, before: () => databaseIdle(database) },
    );
    // Service time without queueing: one connection, so the machine's other load weighs less; after the
    // 50-connection runs' queued queries are done, or its first request waits behind them.
    await databaseIdle(database);
    const single = await cannon({ url: `${expressBase}${first}`, connections: 1, duration: 4 });
    await databaseIdle(database);
    const singleTenth = await cannon({ url: `${expressBase}${first}&cursor=${cursor}`, connections: 1, duration: 4 });
    log(`${`${label} express, cache off, 1 connection: first / 10th page`.padEnd(50)} mean ${single.mean.toFixed(2)} / ${singleTenth.mean.toFixed(2)} ms   p99 ${single.p99.toFixed(1)} / ${singleTenth.p99.toFixed(1)} ms`);
    results[`${label} single-connection`] = { firstMean: single.mean, tenthMean: singleTenth.mean, firstP99: single.p99, tenthP99: singleTenth.p99 };
    return { first: firstRun!, bareFirst: bareFirst!, tenth: tenth!, bareTenth: bareTenth!, growing: growing!, cached: cachedFirst!, limit: limitFirst!, limitWithHeaders: limitHeadersFirst!, singleFirst: single.mean, singleTenth: singleTenth.mean };
  } finally {
    await stopServers([express, bare, cached, limit, limitWithHeaders]);
  }
}

/** autocannon where every request asks the workload's next query (fresh, seeded per round). */
async function runWorkload(base: string, make: () => Workload, duration: number, database: string) {
  await databaseIdle(database);
  const workload = make();
  return cannon({ url: base, connections: CONNECTIONS, duration, requests: [{ setupRequest: (req) => ({ ...req, path: workload.nextPath() }) }] });
}

/** Issue 12: the same workloads, side by side (alternating rounds), on a cache-on and a cache-off server. */
async function cachePhase(label: string, dbUrl: string) {
  const onPort = EXPRESS_PORT + 2;
  const offPort = EXPRESS_PORT + 3;
  const on = await startServer('express', onPort, dbUrl, { PUBLIC_READ_CACHE: 'true' });
  const off = await startServer('express', offPort, dbUrl, { PUBLIC_READ_CACHE: 'false' });
  const database = new URL(dbUrl).pathname.slice(1);
  try {
    const summary: Record<string, Run> = {};
    for (const [kind, make] of [['mixed', (seed: number) => () => mixedWorkload(seed)], ['random', (seed: number) => () => randomWorkload(seed)]] as const) {
      const samples: Record<'on' | 'off', Cannon[]> = { on: [], off: [] };
      await runWorkload(`http://127.0.0.1:${onPort}`, make(1), 2, database); // warm-up
      await runWorkload(`http://127.0.0.1:${offPort}`, make(1), 2, database);
      for (let round = 0; round < ROUNDS; round++) {
        // Same seed for both servers in a round: the same sequence of questions.
        samples.on.push(await runWorkload(`http://127.0.0.1:${onPort}`, make(100 + round), DURATION / ROUNDS, database));
        samples.off.push(await runWorkload(`http://127.0.0.1:${offPort}`, make(100 + round), DURATION / ROUNDS, database));
      }
      for (const side of ['on', 'off'] as const) {
        const result = averaged(`${label} ${kind} workload, cache ${side}`, samples[side]);
        log(`${result.label.padEnd(50)} ${result.rps.toFixed(0).padStart(7)} req/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms   1st answer ≤ ${result.firstAnswerMax!.toFixed(0).padStart(4)} ms${result.errors || result.non2xx ? `   errors ${result.errors} non-2xx ${result.non2xx}` : ''}`);
        results[result.label] = result;
        summary[`${kind}-${side}`] = result;
      }
    }
    return summary;
  } finally {
    await stopServers([on, off]);
  }
}

const startedAt = Date.now();
log(`load average before: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (2-core machine shared with other work)`);
log(`GET /api/spaces?${QUERY} — autocannon ${CONNECTIONS} connections × ${DURATION} s, PostgreSQL databases ${DB_NAME}_100k and _1m`);
const SMALL_DB = `${DB_NAME}_100k`;
const LARGE_DB = `${DB_NAME}_1m`;
const ownerId = await prepareSmallDatabase(SMALL_DB);
const cache = await cachePhase('100k', databaseUrl(SMALL_DB));
log(`mixed workload: ${mixedWorkload().name}`);
const cacheChecks = [
  [`mixed workload, cache on: p99 ≤ 50 ms (100k)`, cache['mixed-on']!.p99 <= 50, `${cache['mixed-on']!.p99.toFixed(1)} ms (cache off ${cache['mixed-off']!.p99.toFixed(1)} ms)`],
  [`mixed workload: cache on ≥ 3× the req/s of cache off`, cache['mixed-on']!.rps >= 3 * cache['mixed-off']!.rps, `${(cache['mixed-on']!.rps / cache['mixed-off']!.rps).toFixed(2)}×`],
  [`fully random workload: cache on ≥ 0.95× cache off`, cache['random-on']!.rps >= 0.95 * cache['random-off']!.rps, `${(cache['random-on']!.rps / cache['random-off']!.rps).toFixed(2)}×`],
] as const;
let small: Awaited<ReturnType<typeof phase>> | undefined;
let large: Awaited<ReturnType<typeof phase>> | undefined;
if (PHASES === 'all' || PHASES === '100k') small = await phase('100k', databaseUrl(SMALL_DB));
if (PHASES === 'all') {
  await prepareLargeDatabase(LARGE_DB, SMALL_DB, ownerId);
  large = await phase('1M', databaseUrl(LARGE_DB));
}

const cost = (r: Run) => 1 / r.rps; // time per request under the same load
const limitChecks = (size: '100k' | '1M', at: NonNullable<typeof small>) =>
  [
    [`uncached Express ≥ 0.9× bare node:http req/s (${size})`, at.first.rps >= 0.9 * at.bareFirst.rps, `${(at.first.rps / at.bareFirst.rps).toFixed(2)}× (server CPU ${at.first.cpuMicrosPerRequest!.toFixed(0)} vs ${at.bareFirst.cpuMicrosPerRequest!.toFixed(0)} µs/req)`],
    [`uncached Express p99 ≤ 1.5× bare node:http p99 (${size})`, at.first.p99 <= 1.5 * at.bareFirst.p99, `${(at.first.p99 / at.bareFirst.p99).toFixed(2)}× (${at.first.p99.toFixed(0)} vs ${at.bareFirst.p99.toFixed(0)} ms)`],
    [
      `cached anonymous browse ≥ 0.8× the physical limit, same bytes and headers (${size})`,
      at.cached.rps >= 0.8 * at.limitWithHeaders.rps,
      `${(at.cached.rps / at.limitWithHeaders.rps).toFixed(2)}× (${at.cached.rps.toFixed(0)} vs ${at.limitWithHeaders.rps.toFixed(0)} req/s); ${(at.cached.rps / at.limit.rps).toFixed(2)}× the limit sending the body with minimal headers (${at.limit.rps.toFixed(0)} req/s); ` +
        `server CPU per request ${at.cached.cpuMicrosPerRequest!.toFixed(0)} µs vs ${at.limitWithHeaders.cpuMicrosPerRequest!.toFixed(0)} / ${at.limit.cpuMicrosPerRequest!.toFixed(0)} µs (limit's share ${(at.limitWithHeaders.cpuMicrosPerRequest! / at.cached.cpuMicrosPerRequest!).toFixed(2)}× / ${(at.limit.cpuMicrosPerRequest! / at.cached.cpuMicrosPerRequest!).toFixed(2)}×)`,
    ],
  ] as const;
const checks = !small ? [...cacheChecks] : !large ? [...cacheChecks, ...limitChecks('100k', small)] : [
  ...cacheChecks,
  [`p99 at 100k ≤ 50 ms`, small.first.p99 <= 50, `${small.first.p99.toFixed(1)} ms`],
  [`growing filters: p99 at 100k ≤ 50 ms`, small.growing.p99 <= 50, `${small.growing.p99.toFixed(1)} ms`],
  [`growing filters: first page at 1M ≤ 1.5× its cost at 100k`, cost(large.growing) <= 1.5 * cost(small.growing), `${(cost(large.growing) / cost(small.growing)).toFixed(2)}×`],
  [`first page at 1M ≤ 1.5× its cost at 100k`, cost(large.first) <= 1.5 * cost(small.first), `${(cost(large.first) / cost(small.first)).toFixed(2)}× (p99 ${large.first.p99.toFixed(0)} vs ${small.first.p99.toFixed(0)} ms)`],
  [`10th keyset page ≤ 2× the first (100k)`, cost(small.tenth) <= 2 * cost(small.first), `${(cost(small.tenth) / cost(small.first)).toFixed(2)}×`],
  [`10th keyset page ≤ 2× the first (1M)`, cost(large.tenth) <= 2 * cost(large.first), `${(cost(large.tenth) / cost(large.first)).toFixed(2)}×`],
  [`1 connection: first page at 1M ≤ 1.5× 100k`, large.singleFirst <= 1.5 * small.singleFirst, `${(large.singleFirst / small.singleFirst).toFixed(2)}× (${large.singleFirst.toFixed(2)} vs ${small.singleFirst.toFixed(2)} ms)`],
  [`1 connection: 10th page ≤ 2× the first (1M)`, large.singleTenth <= 2 * large.singleFirst, `${(large.singleTenth / large.singleFirst).toFixed(2)}×`],
  ...limitChecks('100k', small),
  ...limitChecks('1M', large),
] as const;
log();
for (const [name, ok, figure] of checks) log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${figure}`);
results.checks = checks.map(([name, ok, figure]) => ({ name, ok, figure }));
log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
log(`\nwhole benchmark: ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);

const outDir = path.join(import.meta.dirname, 'results');
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(path.join(outDir, `spaces-${stamp}.txt`), lines.join('\n') + '\n');
writeFileSync(path.join(outDir, `spaces-${stamp}.json`), JSON.stringify(results, null, 2));
if (!KEEP) for (const name of [LARGE_DB, SMALL_DB]) await admin(`drop database if exists "${name}" with (force)`);
process.exit(0);
