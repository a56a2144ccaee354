// `npm run bench:views` (issue 19): does counting listing views slow browsing, and what does a crash lose?
// 1. GET /spaces/{id} (the listing's own page, rendered on demand, anonymous, no If-None-Match) with
//    autocannon at 50 connections against the real server (scripts/start.ts, the built site, PostgreSQL),
//    VIEW_COUNTING off and on, alternating rounds; target: on ≥ 0.95× off (requests/s).
// 2. Counting on, flush every VIEW_COUNT_FLUSH_MS (5 s): load for a while, SIGKILL the server, count what
//    reached space_daily_stats against what autocannon got answered; the loss must stay within the last
//    flush interval's views (rate × interval).
// Uses its own PostgreSQL database (BENCH_DB_NAME, default fs_moderation_bench, on BENCH_ADMIN_URL's server),
// recreated each run, and the site build for PUBLIC_SITE_URL http://localhost:BENCH_PORT (built when missing).
// BENCH_SMOKE=1 (bench/smoke.ts): one round of 1-second runs at 8 connections, 6 s of load before the SIGKILL (one flush) —
// every line, no figure to quote.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureSiteBuild } from '../scripts/build-site';
import { benchDatabaseUrl, recreateDatabase } from './bench-database';
import { bySmoke, smokeBanner } from './smoke';
import { PRODUCTION_VAPID_ENV } from '../tests/fixtures/vapid';

const PORT = Number(process.env.BENCH_PORT ?? 4415);
const BASE = `http://localhost:${PORT}`;
const DB_URL = benchDatabaseUrl(process.env.BENCH_DB_NAME ?? 'fs_moderation_bench');
const DURATION = bySmoke(Number(process.env.BENCH_DURATION ?? 10), 1);
const ROUNDS = bySmoke(2, 1);
const CONNECTIONS = bySmoke(50, 8);
const WARM_UP = bySmoke(2, 0.5);
/** Seconds of load before the SIGKILL. */
const CRASH_AFTER = bySmoke(12, 6);
const FLUSH_MS = 5000;

process.env.PUBLIC_SITE_URL = BASE;
ensureSiteBuild();

function startServer(counting: boolean): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-000',
      ...PRODUCTION_VAPID_ENV,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_SITE_URL: BASE,
      DATABASE_URL: DB_URL,
      LOG_LEVEL: 'warn',
      VIEW_COUNTING: String(counting),
      VIEW_COUNT_FLUSH_MS: String(FLUSH_MS),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        if ((await fetch(`${BASE}/api/health`)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) return reject(new Error('server exited'));
      if (Date.now() - started > 120_000) return reject(new Error('server did not start'));
      setTimeout(poll, 250);
    };
    void poll();
  });
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function countedViews(spaceId: number): Promise<number> {
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select coalesce(sum(page_views), 0) as n from space_daily_stats where space_id = $1', [spaceId]);
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

await recreateDatabase(DB_URL);
const log = (line: string) => console.log(line);
smokeBanner(log);
log(`bench:views: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

// The first demonstration listing (seeded at start) is the page measured.
// The first server (counting off) is also the first round's: a start less (each one is seconds of CPU).
let server: ChildProcess | undefined = await startServer(false);
const spaces = (await (await fetch(`${BASE}/api/spaces?limit=1`)).json()) as Array<{ id: number }>;
const id = spaces[0]!.id;
const url = `${BASE}/spaces/${id}`;

const samples: Record<'off' | 'on', number[]> = { off: [], on: [] };
const p99: Record<'off' | 'on', number[]> = { off: [], on: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const mode of ['off', 'on'] as const) {
    server ??= await startServer(mode === 'on');
    await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP }); // warm-up
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
    if (result.non2xx) throw new Error(`${result.non2xx} non-2xx answers`);
    samples[mode].push(result.requests.average);
    p99[mode].push(result.latency.p99);
    log(`round ${round + 1} counting ${mode.padEnd(3)}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
    await stop(server);
    server = undefined;
  }
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ratio = mean(samples.on) / mean(samples.off);
log(`/spaces/${id} at ${CONNECTIONS} connections: counting off ${mean(samples.off).toFixed(0)} req/s (p99 ${mean(p99.off).toFixed(0)} ms), on ${mean(samples.on).toFixed(0)} req/s (p99 ${mean(p99.on).toFixed(0)} ms): on/off = ${ratio.toFixed(3)} (target ≥ 0.95)`);

// Crash: counts flushed every FLUSH_MS; what a SIGKILL loses is at most the views since the last flush.
const before = await countedViews(id);
const crashing = await startServer(true);
const load = await autocannon({ url, connections: CONNECTIONS, duration: CRASH_AFTER });
const served = load.requests.total - load.non2xx;
crashing.kill('SIGKILL');
await new Promise((resolve) => crashing.once('exit', resolve));
const recorded = (await countedViews(id)) - before;
const rate = served / CRASH_AFTER;
const lost = served - recorded;
log(`SIGKILL after ${served} page views in ${CRASH_AFTER} s (${rate.toFixed(0)}/s): ${recorded} recorded, ${lost} lost; bound: one flush interval = ${FLUSH_MS} ms ≈ ${Math.ceil((rate * FLUSH_MS) / 1000)} views`);
log(`loss within one flush interval: ${lost <= Math.ceil((rate * FLUSH_MS) / 1000) ? 'yes' : 'NO'}; counting on/off ≥ 0.95: ${ratio >= 0.95 ? 'yes' : 'NO'}`);
log(`load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
smokeBanner(log);
