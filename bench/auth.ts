// `npm run bench`: the cost of accounts. Starts the product (API only) on a fresh PostgreSQL database
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/accounts_bench, recreated) and measures
// with autocannon: (1) sign-in latency, p99 — CPU-bound by scrypt on purpose; (2) the cost of the session:
// the same GET anonymous and signed in, interleaved in one run, and their ratio (target ≤ 1.15×). The GET is
// a listing (/api/spaces/{id}), a route that reads the visitor's session (an owner sees their own unpublished
// listing), with the public-read cache off: both sides run the same query, and the signed-in side also
// looks its session up. Prints the figures and saves them to bench/results/. BENCH_SMOKE=1 (bench/smoke.ts):
// 3 users, 2 hashes, one round of 1-second runs — every line and check, no figure to quote.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '#api/config';
import { startServer } from '#api/server';
import { recreateDatabase } from './bench-database';
import { bySmoke, RESULTS_DIR, smokeBanner } from './smoke';
import { PRODUCTION_VAPID_ENV } from '../tests/fixtures/vapid';

const PORT = Number(process.env.BENCH_PORT ?? 4422);
const BASE = `http://127.0.0.1:${PORT}`;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/accounts_bench';
const DURATION = bySmoke(Number(process.env.BENCH_SECONDS ?? 10), 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const lines: string[] = [];
const out = (line = '') => {
  lines.push(line);
  console.log(line);
};

let ipCounter = 0;
/** Each bench request comes from its own address (TRUST_PROXY): we measure the work, not our own limiter. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function post(pathname: string, body: unknown, cookie?: string) {
  const res = await fetch(`${BASE}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE, 'x-forwarded-for': nextIp(), ...(cookie && { cookie }) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return res;
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

function summary(r: autocannon.Result) {
  return {
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    mean: Number(r.latency.average.toFixed(2)),
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

await recreateDatabase(DATABASE_URL);
const config = loadConfig({
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-42',
  ...PRODUCTION_VAPID_ENV,
  DATABASE_URL,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_SITE_URL: BASE,
  SERVE_SITE: 'false',
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'warn',
  // Anonymous answers would be cache hits and signed-in ones never are: measure the work, not the cache.
  PUBLIC_READ_CACHE: 'false',
});
const server = await startServer(config);

try {
  smokeBanner(out);
  out(`FarmSpace accounts bench — ${new Date().toISOString()}`);
  out(`Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, PostgreSQL ${new URL(DATABASE_URL).host}, ${CONNECTIONS} connections, ${DURATION} s per run`);
  out();

  // scrypt's cost on this machine, measured directly.
  const { password } = await server.context.auth.$context;
  const hashes: number[] = [];
  let sample = '';
  const samples = bySmoke(10, 2);
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    sample = await password.hash(`Bench-Password-${i}`);
    hashes.push(performance.now() - t0);
  }
  const verifies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await password.verify({ hash: sample, password: `Bench-Password-${samples - 1}` });
    verifies.push(performance.now() - t0);
  }
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  out(`scrypt (better-auth: N=16384, r=16, p=1, 64-byte key): hash ${avg(hashes).toFixed(1)} ms, verify ${avg(verifies).toFixed(1)} ms, single-threaded`);
  out(`→ one core can check at most ~${Math.round(1000 / avg(verifies))} passwords/s; this machine ~${Math.round((1000 / avg(verifies)) * Math.min(4, os.cpus().length))} with libuv's thread pool`);
  out();

  // Users to sign in with.
  const users = Array.from({ length: bySmoke(20, 3) }, (_, i) => ({ firstName: 'Bench', lastName: `User${i}`, email: `bench${i}@example.com`, password: `Bench-Strong-Password-${i}` }));
  let cookie = '';
  for (const u of users) {
    const res = await post('/api/auth/register', u);
    cookie ||= res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  let n = 0;
  const signIn = await run({
    url: `${BASE}/api/auth/login`,
    connections: CONNECTIONS,
    duration: DURATION,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    requests: [
      {
        setupRequest: (req) => {
          const u = users[n++ % users.length]!;
          return { ...req, headers: { ...req.headers, 'x-forwarded-for': nextIp() }, body: JSON.stringify({ email: u.email, password: u.password }) };
        },
      },
    ],
  });
  const s = summary(signIn);
  out(`POST /api/auth/login (valid credentials, new session each): ${s.rps} req/s, p50 ${s.p50} ms, p90 ${s.p90} ms, p99 ${s.p99} ms (non-2xx ${s.non2xx}, errors ${s.errors})`);
  out();

  // The same GET, anonymous and signed in, interleaved: a listing page's read, which looks the session up.
  const [listing] = (await (await fetch(`${BASE}/api/spaces?limit=1`)).json()) as { id: number }[];
  if (!listing) throw new Error('no public listing to read (the demonstration data is missing)');
  const getPath = `/api/spaces/${listing.id}`;
  const rounds = bySmoke(3, 1);
  const anon: autocannon.Result[] = [];
  const authed: autocannon.Result[] = [];
  const uncached: autocannon.Result[] = [];
  const slice = bySmoke(Math.max(3, Math.round(DURATION / 2)), 1);
  const sessions = server.context.sessionCache;
  // The session cache is on only while it listens for session changes (docs/decisions/0704).
  for (let waited = 0; !sessions.enabled; waited += 50) {
    if (waited > 10_000) throw new Error('the session cache never started listening');
    await new Promise((r) => setTimeout(r, 50));
  }
  await run({ url: `${BASE}${getPath}`, connections: CONNECTIONS, duration: bySmoke(2, 1) }); // warm-up
  let hits = 0;
  for (let i = 0; i < rounds; i++) {
    anon.push(await run({ url: `${BASE}${getPath}`, connections: CONNECTIONS, duration: slice }));
    const before = sessions.hits;
    authed.push(await run({ url: `${BASE}${getPath}`, connections: CONNECTIONS, duration: slice, headers: { cookie } }));
    hits += sessions.hits - before;
    // The same signed-in reads with the session looked up in the database every time (the cache off):
    // what the cache saves, in the same run.
    sessions.setListening(false);
    try {
      uncached.push(await run({ url: `${BASE}${getPath}`, connections: CONNECTIONS, duration: slice, headers: { cookie } }));
    } finally {
      sessions.setListening(true);
    }
  }
  const me = await fetch(`${BASE}/api/auth/user`, { headers: { cookie } });
  if (me.status !== 200) throw new Error('the bench cookie does not sign in');
  // The signed-in side is a personal read (never a cache hit): its answer is marked private (docs/decisions/0700).
  const signedInAnswer = await fetch(`${BASE}${getPath}`, { headers: { cookie } });
  if (!signedInAnswer.ok || !signedInAnswer.headers.get('cache-control')?.includes('private')) throw new Error(`${getPath} signed in did not answer as a personal read`);
  for (const r of [...anon, ...authed, ...uncached]) if (r.non2xx || r.errors) throw new Error(`${getPath}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  const mean = (rs: autocannon.Result[], f: (r: autocannon.Result) => number) => rs.reduce((a, r) => a + f(r), 0) / rs.length;
  const a = { rps: mean(anon, (r) => r.requests.average), lat: mean(anon, (r) => r.latency.average), p99: mean(anon, (r) => r.latency.p99) };
  const b = { rps: mean(authed, (r) => r.requests.average), lat: mean(authed, (r) => r.latency.average), p99: mean(authed, (r) => r.latency.p99) };
  const c = { rps: mean(uncached, (r) => r.requests.average), lat: mean(uncached, (r) => r.latency.average), p99: mean(uncached, (r) => r.latency.p99) };
  const signedInRequests = authed.reduce((n, r) => n + r.requests.total, 0);
  out(`GET ${getPath} (reads the session; public-read cache off), ${rounds} interleaved rounds of ${slice} s each, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}:`);
  out(`  anonymous:  ${Math.round(a.rps)} req/s, mean ${a.lat.toFixed(2)} ms, p99 ${a.p99.toFixed(1)} ms`);
  out(`  signed in:  ${Math.round(b.rps)} req/s, mean ${b.lat.toFixed(2)} ms, p99 ${b.p99.toFixed(1)} ms (session cache: ${hits} hits for ${signedInRequests} requests)`);
  out(`  signed in, session cache off (a session query per request): ${Math.round(c.rps)} req/s, mean ${c.lat.toFixed(2)} ms, p99 ${c.p99.toFixed(1)} ms (×${(c.lat / a.lat).toFixed(2)} anonymous)`);
  const ratio = b.lat / a.lat;
  out(`  cost of the session: ×${ratio.toFixed(2)} mean latency, ×${(a.rps / b.rps).toFixed(2)} throughput (target ≤ 1.15) → ${ratio <= 1.15 ? 'met' : 'NOT met'}`);

  const dir = RESULTS_DIR;
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(path.join(dir, `auth-${stamp}.txt`), `${lines.join('\n')}\n`);
  writeFileSync(path.join(dir, `auth-${stamp}.json`), JSON.stringify({ signIn: s, get: { path: getPath, anonymous: a, signedIn: b, signedInSessionCacheOff: c, ratio, sessionCacheHits: hits }, scrypt: { hashMs: avg(hashes), verifyMs: avg(verifies) } }, null, 2));
  out();
  out(`saved to ${path.relative(process.cwd(), dir)}/auth-${stamp}.txt`);
  smokeBanner(out);
} finally {
  await server.stop();
}
