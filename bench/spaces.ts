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
// The bare handler and the limit render the browse answer with the API's own renderer (loadSpacesAnswer), and
// every run first checks that Express, the bare handler and the limit answer the same bytes and count/cursor
// headers for each URL it measures. BENCH_SMOKE=1 (bench/smoke.ts): 10,000 and 20,000 listings, 8 connections,
// one 1-second round per line, the 2nd keyset page — every line and every sameness check, no figure to quote.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { SPACES_HEADERS } from '#contracts/spaces.schemas';
import { openDatabase, schema, type Executor } from '#db/client';
import { ensureDemoOwner } from '#db/seed/demo-owner';
import { seedDemonstrationData } from '#db/seed/index';
import { generateSpaces } from '#db/seed/generate-spaces';
import { mixedWorkload, randomWorkload, type Workload } from './spaces-workloads';
import { cannon, type Cannon } from './cannon';
import { bySmoke, RESULTS_DIR, smokeBanner } from './smoke';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_DB_NAME ?? 'perf_spaces_bench';
const PHASES = process.env.BENCH_PHASES ?? 'all';
const KEEP = process.env.BENCH_KEEP === '1';
const DURATION = bySmoke(Number(process.env.BENCH_DURATION ?? 10), 1);
const CONNECTIONS = bySmoke(50, 8);
/** The two sizes: 100k and 1M listings (a smoke run: 10k and 20k). */
const SMALL = bySmoke(100_000, 10_000);
const LARGE = bySmoke(1_000_000, 20_000);
const sizeLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
/** The deep keyset page measured beside the first: the 10th (a smoke run's few listings: the 2nd). */
const DEEP_PAGE = bySmoke(10, 2);
const DEEP_LABEL = `${DEEP_PAGE}${DEEP_PAGE === 2 ? 'nd' : 'th'} keyset page`;
/** Seconds of warm-up before each measured line (none in a smoke run), and of each 1-connection run. */
const WARM_UP = bySmoke(2, 0);
const SINGLE = bySmoke(4, 1);
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

/**
 * Starts the servers at once (each loads and compiles the app: one after another, that was most of a smoke
 * run's time); if one fails to start, the others are stopped before the error goes on.
 */
async function startServers<const T extends readonly Parameters<typeof startServer>[]>(specs: T): Promise<{ [K in keyof T]: ChildProcess }> {
  const started = await Promise.allSettled(specs.map((spec) => startServer(...spec)));
  const failed = started.find((s) => s.status === 'rejected');
  if (!failed) return started.map((s) => (s as PromiseFulfilledResult<ChildProcess>).value) as { [K in keyof T]: ChildProcess };
  await stopServers(started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])));
  throw failed.reason;
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

/** Names of the headers of the browse answer that carry the count and the next page's cursor. */
const ANSWER_HEADERS = Object.values(SPACES_HEADERS);

type Seen = { server: string; status: number; body: string; headers: string };
/** What differs between two answers, said so that the field or header that split them is named. */
function difference(a: Seen, b: Seen): string {
  if (a.status !== b.status) return `status ${a.status} against ${b.status}`;
  if (a.headers !== b.headers) return `headers ${a.headers} against ${b.headers}`;
  const keys = (body: string) => {
    try {
      const first = (JSON.parse(body) as Record<string, unknown>[])[0];
      return new Set(first ? Object.keys(first) : []);
    } catch {
      return new Set<string>();
    }
  };
  const [ka, kb] = [keys(a.body), keys(b.body)];
  const onlyA = [...ka].filter((k) => !kb.has(k));
  const onlyB = [...kb].filter((k) => !ka.has(k));
  if (onlyA.length || onlyB.length) return `fields only in ${a.server}'s listings: ${onlyA.join(', ') || 'none'}; only in ${b.server}'s: ${onlyB.join(', ') || 'none'}`;
  let at = 0;
  while (at < a.body.length && a.body[at] === b.body[at]) at++;
  return `bodies of ${a.body.length} and ${b.body.length} bytes, first difference at byte ${at}: …${a.body.slice(at, at + 60)}… against …${b.body.slice(at, at + 60)}…`;
}

/**
 * Asks every server each path and stops the run unless all answer with the same status, body bytes and
 * count/cursor headers: a bare handler or a limit that answers something else measures nothing.
 */
async function sameAnswers(paths: string[], servers: Record<string, string>) {
  for (const pathname of paths) {
    const seen = await Promise.all(
      Object.entries(servers).map(async ([server, base]): Promise<Seen> => {
        const res = await fetch(`${base}${pathname}`);
        return { server, status: res.status, body: await res.text(), headers: ANSWER_HEADERS.map((h) => `${h}: ${res.headers.get(h) ?? '(none)'}`).join(', ') };
      }),
    );
    const [reference, ...others] = seen;
    for (const other of others) {
      if (other.status !== reference!.status || other.body !== reference!.body || other.headers !== reference!.headers) {
        throw new Error(`${other.server} does not answer ${pathname} as ${reference!.server} does (${difference(reference!, other)})`);
      }
    }
    if (reference!.status !== 200) throw new Error(`${pathname} answered ${reference!.status}: ${reference!.body.slice(0, 200)}`);
  }
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

/** The 100k database: migrated, the demonstration data, 100,000 generated listings (or kept from a run before; SMALL). */
async function prepareSmallDatabase(name: string): Promise<number> {
  const kept = KEEP ? await keptListings(name) : null;
  const url = databaseUrl(name);
  const database = openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    if (kept !== null && kept >= SMALL && kept < SMALL + 1_000) {
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
      await seedTo(url, ownerId, 0, SMALL);
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
  if (kept !== null && kept >= LARGE && kept < LARGE + 1_000) {
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
  await seedTo(databaseUrl(name), ownerId, SMALL, LARGE);
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
const ROUNDS = bySmoke(3, 1);
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
  if (WARM_UP) for (const i of runs.keys()) await once(i, WARM_UP, false); // warm-up
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
  // A second limit: the same bytes *and headers* as the cached Express answer (security headers, ETag,
  // Vary...), copied once from it: the same bytes on the wire (but Date and X-Request-Id), so the target is
  // taken on it; the ratio to the first (the body alone) is printed beside it.
  const [express, bare, cached, limit, limitWithHeaders] = await startServers([
    ['express', EXPRESS_PORT, dbUrl, { PUBLIC_READ_CACHE: 'false' }],
    ['bare', BARE_PORT, dbUrl],
    ['express', CACHED_PORT, dbUrl, { PUBLIC_READ_CACHE: 'true' }],
    ['memory', LIMIT_PORT, dbUrl],
    ['memory', LIMIT_WITH_HEADERS_PORT, dbUrl, { LIMIT_SOURCE: `http://127.0.0.1:${CACHED_PORT}` }],
  ]);
  try {
    const expressBase = `http://127.0.0.1:${EXPRESS_PORT}`;
    const bareBase = `http://127.0.0.1:${BARE_PORT}`;
    const cursor = await cursorOfPage(expressBase, DEEP_PAGE);
    const first = `/api/spaces?${QUERY}`;
    // The same answer everywhere (one renderer: loadSpacesAnswer): Express with the cache off and on, the bare
    // handler and the limit answer each URL measured with the same status, bytes and count/cursor headers.
    await sameAnswers([first, `${first}&cursor=${cursor}`, `/api/spaces?${GROWING_QUERY}`], {
      'Express (cache off)': expressBase,
      'the bare node:http handler': bareBase,
      'Express (cache on)': `http://127.0.0.1:${CACHED_PORT}`,
      'the physical limit': `http://127.0.0.1:${LIMIT_PORT}`,
    });
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
        { label: `${label} express ${DEEP_LABEL}, cache off`, url: `${expressBase}${first}&cursor=${cursor}`, server: express },
        { label: `${label} bare node:http ${DEEP_LABEL}`, url: `${bareBase}${first}&cursor=${cursor}`, server: bare },
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
    const single = await cannon({ url: `${expressBase}${first}`, connections: 1, duration: SINGLE });
    await databaseIdle(database);
    const singleTenth = await cannon({ url: `${expressBase}${first}&cursor=${cursor}`, connections: 1, duration: SINGLE });
    log(`${`${label} express, cache off, 1 connection: first / ${DEEP_PAGE}${DEEP_PAGE === 2 ? 'nd' : 'th'} page`.padEnd(50)} mean ${single.mean.toFixed(2)} / ${singleTenth.mean.toFixed(2)} ms   p99 ${single.p99.toFixed(1)} / ${singleTenth.p99.toFixed(1)} ms`);
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
  const [on, off] = await startServers([
    ['express', onPort, dbUrl, { PUBLIC_READ_CACHE: 'true' }],
    ['express', offPort, dbUrl, { PUBLIC_READ_CACHE: 'false' }],
  ]);
  const database = new URL(dbUrl).pathname.slice(1);
  try {
    const summary: Record<string, Run> = {};
    for (const [kind, make] of [['mixed', (seed: number) => () => mixedWorkload(seed)], ['random', (seed: number) => () => randomWorkload(seed)]] as const) {
      const samples: Record<'on' | 'off', Cannon[]> = { on: [], off: [] };
      if (WARM_UP) {
        await runWorkload(`http://127.0.0.1:${onPort}`, make(1), WARM_UP, database); // warm-up
        await runWorkload(`http://127.0.0.1:${offPort}`, make(1), WARM_UP, database);
      }
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
smokeBanner(log);
log(`load average before: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (2-core machine shared with other work)`);
const [S, L] = [sizeLabel(SMALL), sizeLabel(LARGE)];
const SMALL_DB = `${DB_NAME}_${S.toLowerCase()}`;
const LARGE_DB = `${DB_NAME}_${L.toLowerCase()}`;
log(`GET /api/spaces?${QUERY} — autocannon ${CONNECTIONS} connections × ${DURATION} s, PostgreSQL databases ${SMALL_DB} and ${LARGE_DB}`);
const ownerId = await prepareSmallDatabase(SMALL_DB);
const cache = await cachePhase(S, databaseUrl(SMALL_DB));
log(`mixed workload: ${mixedWorkload().name}`);
const cacheChecks = [
  [`mixed workload, cache on: p99 ≤ 50 ms (${S})`, cache['mixed-on']!.p99 <= 50, `${cache['mixed-on']!.p99.toFixed(1)} ms (cache off ${cache['mixed-off']!.p99.toFixed(1)} ms)`],
  [`mixed workload: cache on ≥ 3× the req/s of cache off`, cache['mixed-on']!.rps >= 3 * cache['mixed-off']!.rps, `${(cache['mixed-on']!.rps / cache['mixed-off']!.rps).toFixed(2)}×`],
  [`fully random workload: cache on ≥ 0.95× cache off`, cache['random-on']!.rps >= 0.95 * cache['random-off']!.rps, `${(cache['random-on']!.rps / cache['random-off']!.rps).toFixed(2)}×`],
] as const;
let small: Awaited<ReturnType<typeof phase>> | undefined;
let large: Awaited<ReturnType<typeof phase>> | undefined;
if (PHASES === 'all' || PHASES === '100k') small = await phase(S, databaseUrl(SMALL_DB));
if (PHASES === 'all') {
  await prepareLargeDatabase(LARGE_DB, SMALL_DB, ownerId);
  large = await phase(L, databaseUrl(LARGE_DB));
}

const cost = (r: Run) => 1 / r.rps; // time per request under the same load
const limitChecks = (size: string, at: NonNullable<typeof small>) =>
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
  [`p99 at ${S} ≤ 50 ms`, small.first.p99 <= 50, `${small.first.p99.toFixed(1)} ms`],
  [`growing filters: p99 at ${S} ≤ 50 ms`, small.growing.p99 <= 50, `${small.growing.p99.toFixed(1)} ms`],
  [`growing filters: first page at ${L} ≤ 1.5× its cost at ${S}`, cost(large.growing) <= 1.5 * cost(small.growing), `${(cost(large.growing) / cost(small.growing)).toFixed(2)}×`],
  [`first page at ${L} ≤ 1.5× its cost at ${S}`, cost(large.first) <= 1.5 * cost(small.first), `${(cost(large.first) / cost(small.first)).toFixed(2)}× (p99 ${large.first.p99.toFixed(0)} vs ${small.first.p99.toFixed(0)} ms)`],
  [`${DEEP_LABEL} ≤ 2× the first (${S})`, cost(small.tenth) <= 2 * cost(small.first), `${(cost(small.tenth) / cost(small.first)).toFixed(2)}×`],
  [`${DEEP_LABEL} ≤ 2× the first (${L})`, cost(large.tenth) <= 2 * cost(large.first), `${(cost(large.tenth) / cost(large.first)).toFixed(2)}×`],
  [`1 connection: first page at ${L} ≤ 1.5× ${S}`, large.singleFirst <= 1.5 * small.singleFirst, `${(large.singleFirst / small.singleFirst).toFixed(2)}× (${large.singleFirst.toFixed(2)} vs ${small.singleFirst.toFixed(2)} ms)`],
  [`1 connection: ${DEEP_LABEL} ≤ 2× the first (${L})`, large.singleTenth <= 2 * large.singleFirst, `${(large.singleTenth / large.singleFirst).toFixed(2)}×`],
  ...limitChecks(S, small),
  ...limitChecks(L, large),
] as const;
log();
for (const [name, ok, figure] of checks) log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${figure}`);
results.checks = checks.map(([name, ok, figure]) => ({ name, ok, figure }));
log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
log(`\nwhole benchmark: ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
smokeBanner(log);

const outDir = RESULTS_DIR;
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(path.join(outDir, `spaces-${stamp}.txt`), lines.join('\n') + '\n');
writeFileSync(path.join(outDir, `spaces-${stamp}.json`), JSON.stringify(results, null, 2));
if (!KEEP) for (const name of [LARGE_DB, SMALL_DB]) await admin(`drop database if exists "${name}" with (force)`);
process.exit(0);
