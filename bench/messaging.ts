// `npm run bench:messaging`: the messaging reads on PostgreSQL with 10,000 users, 50,000 conversations and
// 1,000,000 messages (seeded in SQL with generate_series, in seconds). Measures with autocannon:
//   - one connection: the conversation list of a user with 1,000 conversations, paged (docs/decisions/0305):
//     its first page, what the dashboard polls, and a deep page (the 10th) (target p99 ≤ 15 ms), side by
//     side in alternating rounds with the physical limit (node:http answering the first page's bytes and
//     headers from memory) and the list's query alone (the service called in process, no HTTP); and a
//     thread page of 50 messages (target p99 ≤ 10 ms);
//   - 50 connections, side by side in the same run: the poll that finds nothing new (?after=<last id> with
//     If-None-Match → 304) against fetching the full thread (all 200 messages, what a client without
//     since-id would fetch each time); the poll must reach ≥ 2× its requests/s. The ratio against one
//     page of 50 is printed too.
// Output is also written to bench/results/. BENCH_PORT sets the API's port (default 4411). BENCH_SMOKE=1
// (bench/smoke.ts): 2,000 conversations (the busy user's 1,000 kept, so the 10th page exists), 8 connections,
// one short round — every line and check, no figure to quote.
import { fork, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '#db/client';
import { sessionCookieName, SESSION_TTL_SECONDS } from '#api/lib/auth';
import { listConversations } from '#api/modules/messaging/conversations.service';
import { CONVERSATIONS_PAGE_DEFAULT } from '#contracts/messaging';
import { bySmoke, RESULTS_DIR, smokeBanner } from './smoke';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_DB_NAME ?? 'messaging_bench';
const PORT = Number(process.env.BENCH_PORT ?? 4411);
const DURATION = bySmoke(Number(process.env.BENCH_DURATION ?? 10), 1.5);
const CONNECTIONS = bySmoke(50, 8);
/** Rounds of each side-by-side comparison, and seconds of warm-up before them. */
const ROUNDS = bySmoke(3, 1);
const WARM_UP = bySmoke(2, 0.5);
const AUTH_SECRET = randomBytes(32).toString('hex');
/** BENCH_KEEP=1 keeps the seeded database for the next run (and reuses it when present). */
const KEEP = process.env.BENCH_KEEP === '1';

const USERS = 10_000;
const SPACES = 5_000;
const CONVERSATIONS = bySmoke(50_000, 2_000);
const HOT_CONVERSATIONS = 1_000;
const MESSAGES_PER_CONVERSATION = 20;
/** The measured thread is a long one: 200 messages, read a page (50) at a time. */
const LONG_THREAD = 200;

const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${DB_NAME}`;
const lines: string[] = [];
const results: Record<string, unknown> = { connections: CONNECTIONS, durationSeconds: DURATION };
function log(line = '') {
  console.log(line);
  lines.push(line);
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function timed(label: string, client: pg.Client, statement: string) {
  const started = Date.now();
  const { rowCount } = await client.query(statement);
  log(`  ${label.padEnd(44)} ${String(rowCount ?? '').padStart(9)} rows  ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Spaces 1–5,000 belong to users 2–5,001. User 1 is the busy one: a farmer in 1,000 conversations (spaces
 * 1,001–2,000). The other 49,000 pair each space with farmers 5,002–10,000, (space, farmer) unique. Each conversation has 20 messages, alternating
 * sender, the last two unread; the measured thread has 200.
 */
async function seed(client: pg.Client): Promise<{ threadId: number }> {
  log('seeding (generate_series):');
  await timed('users', client, `insert into users (email, first_name, last_name, verified)
    select 'bench' || g || '@example.com', 'User', 'Number ' || g, true from generate_series(1, ${USERS}) g`);
  await timed('spaces', client, `insert into spaces (title, description, location, city, country, size, price_per_month, space_type, owner_id, has_listing_fee, is_active, expires_at)
    select 'Space ' || g, 'A space for growing.', g || ' Bench Street', 'Portland', 'US', 1000, 1500, 'rooftop', g + 1, true, true, now() + interval '30 days'
    from generate_series(1, ${SPACES}) g`);
  await timed('conversations (busy user)', client, `insert into conversations (space_id, owner_id, farmer_id, last_message_at, created_at)
    select s.id, s.owner_id, 1, now(), now() from spaces s where s.id between 1001 and ${1000 + HOT_CONVERSATIONS}`);
  await timed('conversations (everyone else)', client, `insert into conversations (space_id, owner_id, farmer_id, last_message_at, created_at)
    select s.id, s.owner_id, 5002 + ((k % ${SPACES}) + (k / ${SPACES}) * 37) % 4999, now(), now()
    from generate_series(0, ${CONVERSATIONS - HOT_CONVERSATIONS - 1}) k join spaces s on s.id = (k % ${SPACES}) + 1`);
  await timed('messages', client, `insert into messages (conversation_id, sender_id, content, is_read, created_at)
    select c.id, case when g % 2 = 0 then c.owner_id else c.farmer_id end,
      'Message ' || g || ': hello, is the space still available? We grow lettuce, basil and microgreens.',
      g <= ${MESSAGES_PER_CONVERSATION - 2}, now() - (${MESSAGES_PER_CONVERSATION} - g) * interval '1 minute' - c.id * interval '1 second'
    from conversations c cross join generate_series(1, ${MESSAGES_PER_CONVERSATION}) g order by c.id, g`);
  const { rows } = await client.query<{ id: number }>(`select id from conversations where farmer_id = 1 order by id limit 1`);
  const threadId = rows[0]!.id;
  await timed('long thread (extra messages)', client, `insert into messages (conversation_id, sender_id, content, is_read, created_at)
    select c.id, case when g % 2 = 0 then c.owner_id else c.farmer_id end, 'Follow-up ' || g || ': about the lease terms and the water access.', true, now() + g * interval '1 second'
    from conversations c cross join generate_series(1, ${LONG_THREAD - MESSAGES_PER_CONVERSATION}) g where c.id = ${threadId}`);
  await timed('last_message_at', client, `update conversations c set last_message_at = m.last from (select conversation_id, max(created_at) as last from messages group by conversation_id) m where m.conversation_id = c.id`);
  await timed('vacuum analyze', client, 'vacuum analyze');
  return { threadId };
}

/** A session for user 1, signed as better-auth signs its cookie (what the API's fast session path checks). */
async function sessionCookie(client: pg.Client): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await client.query(`insert into sessions (sid, user_id, expire) values ($1, 1, now() + make_interval(secs => $2))`, [token, SESSION_TTL_SECONDS]);
  const signature = createHmac('sha256', AUTH_SECRET).update(token).digest('base64');
  // The server runs with production settings: only the __Secure- name signs in there.
  return `${sessionCookieName(true)}=${encodeURIComponent(`${token}.${signature}`)}`;
}

function startServer(args: string[] = [String(PORT)]): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, 'messaging-server.ts'), args, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DATABASE_URL: dbUrl.href, BENCH_AUTH_SECRET: AUTH_SECRET, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the API exited with ${code}`)));
  });
}

type Run = { label: string; rps: number; p50: number; p99: number; errors: number; statuses: string };

function summary(label: string, r: autocannon.Result): Run {
  const statuses = `2xx ${r['2xx']}, other ${r.non2xx}`;
  return { label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, statuses };
}
/** Rounds of the same run averaged (requests/s and percentiles), statuses summed. */
function averageOf(label: string, rs: autocannon.Result[]): Run {
  const avg = (f: (r: autocannon.Result) => number) => rs.reduce((n, r) => n + f(r), 0) / rs.length;
  const other = rs.reduce((n, r) => n + r.non2xx, 0);
  const ok = rs.reduce((n, r) => n + r['2xx'], 0);
  return { label, rps: avg((r) => r.requests.average), p50: avg((r) => r.latency.p50), p99: avg((r) => r.latency.p99), errors: rs.reduce((n, r) => n + r.errors + r.timeouts, 0), statuses: `2xx ${ok}, 304/other ${other}` };
}
function print(run: Run) {
  log(`${run.label.padEnd(52)} ${run.rps.toFixed(0).padStart(7)} req/s   p50 ${run.p50.toFixed(1).padStart(5)} ms   p99 ${run.p99.toFixed(1).padStart(5)} ms   (${run.statuses}${run.errors ? `, errors ${run.errors}` : ''})`);
  results[run.label] = run;
}

const startedAt = Date.now();
smokeBanner(log);
log(`load average before: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (2-core machine shared with other work)`);
const reuse = KEEP && (await withClient(ADMIN_URL, async (admin) => (await admin.query('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount === 1));
if (!reuse) {
  await withClient(ADMIN_URL, async (admin) => {
    await admin.query(`drop database if exists "${DB_NAME}" with (force)`);
    await admin.query(`create database "${DB_NAME}"`);
  });
}
const database = openDatabase({ databaseUrl: dbUrl.href, poolSize: 1 });
await database.migrate();
await database.close();
const { threadId, cookie } = await withClient(dbUrl.href, async (client) => {
  const seeded = reuse
    ? { threadId: (await client.query<{ id: number }>('select id from conversations where farmer_id = 1 order by id limit 1')).rows[0]!.id }
    : await seed(client);
  const counts = await client.query<{ users: string; conversations: string; messages: string; busy: string }>(
    `select (select count(*) from users) as users, (select count(*) from conversations) as conversations, (select count(*) from messages) as messages,
            (select count(*) from conversations where farmer_id = 1 or owner_id = 1) as busy`,
  );
  const c = counts.rows[0]!;
  log(`database: ${Number(c.users).toLocaleString('en-US')} users, ${Number(c.conversations).toLocaleString('en-US')} conversations, ${Number(c.messages).toLocaleString('en-US')} messages; the measured user is in ${c.busy} conversations`);
  return { ...seeded, cookie: await sessionCookie(client) };
});

const server = await startServer();
try {
  const base = `http://127.0.0.1:${PORT}`;
  const headers = { cookie };
  const listUrl = `${base}/api/conversations`;
  const threadUrl = `${base}/api/conversations/${threadId}/messages`;
  const first = await fetch(threadUrl, { headers });
  const page = (await first.json()) as { id: number }[];
  if (first.status !== 200 || page.length !== 50) throw new Error(`unexpected thread answer ${first.status} with ${page.length} messages`);
  const list = (await (await fetch(listUrl, { headers })).json()) as unknown[];
  // Walk every page: the busy user has them all, each once; remember where the 10th page starts.
  let listed = 0;
  let cursor: string | null = null;
  let tenthPageUrl = '';
  const seen = new Set<number>();
  for (let n = 1; n === 1 || cursor; n++) {
    const pageUrl: string = `${listUrl}${cursor ? `?before=${cursor}` : ''}`;
    if (n === 10) tenthPageUrl = pageUrl;
    const res = await fetch(pageUrl, { headers });
    for (const c of (await res.json()) as { id: number }[]) seen.add(c.id);
    listed += 1;
    cursor = res.headers.get('x-next-cursor');
  }
  if (seen.size !== HOT_CONVERSATIONS || !tenthPageUrl) throw new Error(`expected ${HOT_CONVERSATIONS} conversations over the pages, got ${seen.size}`);
  const lastId = page.at(-1)!.id;
  const pollUrl = `${threadUrl}?after=${lastId}`;
  const poll = await fetch(pollUrl, { headers });
  const etag = poll.headers.get('etag')!;
  const notModified = await fetch(pollUrl, { headers: { ...headers, 'if-none-match': etag } });
  if (notModified.status !== 304) throw new Error(`the conditional poll answered ${notModified.status}, not 304`);
  log(`conversation list: ${seen.size} conversations in ${listed} pages; a page: ${list.length} items, ${JSON.stringify(list).length.toLocaleString('en-US')} bytes; thread page: ${page.length} messages, ${JSON.stringify(page).length.toLocaleString('en-US')} bytes; empty poll: 304`);
  log();

  // One connection, side by side in alternating rounds: the list's pages through the API; the physical
  // limit (node:http answering the first page's bytes and headers from memory); and the list's service
  // alone (listConversations in this process on a pool of one, no HTTP) — what the machine gives a request
  // before any code of ours runs, and what the query costs without the API around it.
  const firstAnswer = await fetch(listUrl, { headers });
  const limitServer = await startServer([String(PORT + 1), 'memory']);
  const answerSent = new Promise((resolve) => limitServer.once('message', resolve));
  limitServer.send({
    status: firstAnswer.status,
    headers: Object.fromEntries([...firstAnswer.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))),
    body: await firstAnswer.text(),
  });
  await answerSent;
  const limitUrl = `http://127.0.0.1:${PORT + 1}/api/conversations`;
  const serviceDb = openDatabase({ databaseUrl: dbUrl.href, poolSize: 1 });
  /** listConversations called back to back for `seconds`: latencies in ms, as autocannon reports them. */
  async function serviceAlone(seconds: number): Promise<{ rps: number; p50: number; p99: number }> {
    const times: number[] = [];
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      const started = performance.now();
      await listConversations(serviceDb.db, 1, { limit: CONVERSATIONS_PAGE_DEFAULT });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { rps: times.length / seconds, p50: times[Math.floor(times.length * 0.5)]!, p99: times[Math.floor(times.length * 0.99)]! };
  }
  log(`one connection, side by side (alternating, ${ROUNDS} rounds each):`);
  const listSamples: { first: autocannon.Result[]; tenth: autocannon.Result[]; limit: autocannon.Result[]; service: { rps: number; p50: number; p99: number }[] } = { first: [], tenth: [], limit: [], service: [] };
  for (const url of [listUrl, tenthPageUrl, limitUrl]) await autocannon({ url, headers, connections: 1, duration: WARM_UP }); // warm-up
  await serviceAlone(WARM_UP / 2);
  for (let round = 0; round < ROUNDS; round++) {
    listSamples.first.push(await autocannon({ url: listUrl, headers, connections: 1, duration: DURATION / ROUNDS }));
    listSamples.tenth.push(await autocannon({ url: tenthPageUrl, headers, connections: 1, duration: DURATION / ROUNDS }));
    listSamples.limit.push(await autocannon({ url: limitUrl, headers, connections: 1, duration: DURATION / ROUNDS }));
    listSamples.service.push(await serviceAlone(DURATION / ROUNDS));
  }
  limitServer.kill('SIGTERM');
  await serviceDb.close();
  const listRun = averageOf('GET /api/conversations (first page of 1,000)', listSamples.first);
  const deepListRun = averageOf('GET /api/conversations?before= (10th page)', listSamples.tenth);
  const limitRun = averageOf('limit: node:http, the first page\'s bytes from memory', listSamples.limit);
  const serviceRun: Run = {
    label: 'the list\'s query alone (listConversations, no HTTP)',
    rps: listSamples.service.reduce((n, r) => n + r.rps, 0) / ROUNDS,
    p50: listSamples.service.reduce((n, r) => n + r.p50, 0) / ROUNDS,
    p99: listSamples.service.reduce((n, r) => n + r.p99, 0) / ROUNDS,
    errors: 0,
    statuses: 'in process',
  };
  for (const run of [listRun, deepListRun, limitRun, serviceRun]) print(run);
  await autocannon({ url: threadUrl, headers, connections: 1, duration: WARM_UP });
  const threadRun = summary('GET …/messages (a page of 50)', await autocannon({ url: threadUrl, headers, connections: 1, duration: DURATION }));
  print(threadRun);
  log();

  log(`${CONNECTIONS} connections, side by side (alternating, ${ROUNDS} rounds each):`);
  const pollHeaders = { ...headers, 'if-none-match': etag };
  const fullUrl = `${threadUrl}?limit=${LONG_THREAD}`;
  const samples: { poll: autocannon.Result[]; full: autocannon.Result[]; page: autocannon.Result[] } = { poll: [], full: [], page: [] };
  await autocannon({ url: pollUrl, headers: pollHeaders, connections: CONNECTIONS, duration: WARM_UP });
  await autocannon({ url: fullUrl, headers, connections: CONNECTIONS, duration: WARM_UP });
  for (let round = 0; round < ROUNDS; round++) {
    samples.poll.push(await autocannon({ url: pollUrl, headers: pollHeaders, connections: CONNECTIONS, duration: DURATION / ROUNDS }));
    samples.full.push(await autocannon({ url: fullUrl, headers, connections: CONNECTIONS, duration: DURATION / ROUNDS }));
    samples.page.push(await autocannon({ url: threadUrl, headers, connections: CONNECTIONS, duration: DURATION / ROUNDS }));
  }
  const average = averageOf;
  const pollRun = average('poll, nothing new (?after=last, If-None-Match → 304)', samples.poll);
  const fullRun = average(`full thread (all ${LONG_THREAD} messages)`, samples.full);
  const pageRun = average('one thread page (50 messages)', samples.page);
  print(pollRun);
  print(fullRun);
  print(pageRun);
  const ratio = pollRun.rps / fullRun.rps;
  log(`side-by-side ratio: the empty poll serves ${ratio.toFixed(2)}× the requests/s of the full thread fetch (${(pollRun.rps / pageRun.rps).toFixed(2)}× those of one page)`);

  const checks = [
    ['conversation list, first page: p99 ≤ 15 ms (1 connection)', listRun.p99 <= 15, `${listRun.p99.toFixed(1)} ms (limit ${limitRun.p99.toFixed(1)} ms, query alone ${serviceRun.p99.toFixed(1)} ms)`],
    ['conversation list, 10th page: p99 ≤ 15 ms (1 connection)', deepListRun.p99 <= 15, `${deepListRun.p99.toFixed(1)} ms (limit ${limitRun.p99.toFixed(1)} ms, query alone ${serviceRun.p99.toFixed(1)} ms)`],
    ['thread page p99 ≤ 10 ms (1 connection)', threadRun.p99 <= 10, `${threadRun.p99.toFixed(1)} ms`],
    [`empty poll ≥ 2× full thread fetch requests/s (${CONNECTIONS} connections)`, ratio >= 2, `${ratio.toFixed(2)}×`],
  ] as const;
  log();
  for (const [name, ok, figure] of checks) log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${figure}`);
  results.checks = checks.map(([name, ok, figure]) => ({ name, ok, figure }));
} finally {
  server.kill('SIGTERM');
}
log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
log(`whole benchmark: ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
smokeBanner(log);

const outDir = RESULTS_DIR;
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(path.join(outDir, `messaging-${stamp}.txt`), lines.join('\n') + '\n');
writeFileSync(path.join(outDir, `messaging-${stamp}.json`), JSON.stringify(results, null, 2));
if (!KEEP) await withClient(ADMIN_URL, (admin) => admin.query(`drop database if exists "${DB_NAME}" with (force)`));
process.exit(0);
