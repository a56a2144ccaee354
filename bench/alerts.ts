// `npm run bench:alerts`: matching one newly published listing against 100,000 saved searches on
// PostgreSQL (notifySavedSearches, the query from the listing to the searches). Target (issue 10): ≤ 1 s.
// Prints the time of each of several listings (cold and warm), the plan of one, and writes bench/results/.
// BENCH_SMOKE=1 (bench/smoke.ts): 2,000 searches and 3 listings, every line, no target judged.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '#db/client';
import { ensureDemoOwner } from '#db/seed/demo-owner';
import { generateSpaces } from '#db/seed/generate-spaces';
import { generateSavedSearches } from '#db/seed/generate-saved-searches';
import { notifySavedSearches, savedSearchesMatching } from '#api/modules/saved-searches/saved-search-alerts';
import { bySmoke, RESULTS_DIR, smokeBanner, targetsExitCode } from './smoke';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_DB_NAME ?? 'alerts_bench';
const SEARCHES = bySmoke(Number(process.env.BENCH_SEARCHES ?? 100_000), 2_000);
const USERS = bySmoke(5_000, 200);
const LISTINGS = bySmoke(20, 3);
const TARGET_MS = 1000;

const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${DB_NAME}`;
const lines: string[] = [];
const log = (line = '') => {
  console.log(line);
  lines.push(line);
};
async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

smokeBanner(log);
log(`load average before: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (2-core machine shared with other work)`);
await admin(`drop database if exists "${DB_NAME}" with (force)`);
await admin(`create database "${DB_NAME}"`);
const database = openDatabase({ databaseUrl: dbUrl.href, poolSize: 2 });
await database.migrate();
const { db } = database;
const ownerId = await ensureDemoOwner(db);
const now = new Date();

// Farmers and their searches, generated inside PostgreSQL (db/seed/generate-saved-searches.ts).
let started = Date.now();
await generateSavedSearches(db, { count: SEARCHES, users: USERS });
await generateSpaces(db, { count: LISTINGS, ownerId, now, batch: LISTINGS });
await db.execute(sql`update spaces set city = 'Berlin', has_listing_fee = true, is_active = true`);
await db.execute(sql`vacuum analyze`);
log(`seeded ${SEARCHES.toLocaleString('en-US')} saved searches of ${USERS.toLocaleString('en-US')} users and ${LISTINGS} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const ids = (await queryRows<{ id: number }>(db, sql`select id from spaces order by id`)).map((r) => Number(r.id));
const plan = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${savedSearchesMatching(ids[0]!, now)}`);
log('plan of the match lookup (savedSearchesMatching, what notifySavedSearches inserts):');
for (const row of plan) log(`  ${row['QUERY PLAN']}`);

const times: number[] = [];
let matched = 0;
for (const id of ids) {
  started = performance.now();
  // Each in its own transaction, as publishSpace runs it; rolled back so every listing sees all searches.
  await db
    .transaction(async (tx) => {
      matched += await notifySavedSearches(tx, id, now);
      throw new Error('rollback');
    })
    .catch((e: unknown) => {
      if ((e as Error).message !== 'rollback') throw e;
    });
  times.push(performance.now() - started);
}
await database.close();
const sorted = [...times].sort((a, b) => a - b);
const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
log(`notifySavedSearches on ${ids.length} listings × ${SEARCHES.toLocaleString('en-US')} searches: first ${times[0]!.toFixed(1)} ms, median ${p(0.5).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms; ${(matched / ids.length).toFixed(0)} matches per listing on average`);
const ok = sorted.at(-1)! <= TARGET_MS;
log(`${ok ? 'PASS' : 'FAIL'}  matching one listing against ${SEARCHES.toLocaleString('en-US')} saved searches ≤ ${TARGET_MS} ms: max ${sorted.at(-1)!.toFixed(1)} ms`);
log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
smokeBanner(log);

const outDir = RESULTS_DIR;
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(path.join(outDir, `alerts-${stamp}.txt`), lines.join('\n') + '\n');
await admin(`drop database if exists "${DB_NAME}" with (force)`);
process.exit(targetsExitCode(ok));
