// `npm run bench:overview` (issue 19): the console's overview (GET /api/admin/overview?days=90, as an
// operator, through the real app) at BENCH_LISTINGS listings (default 1,000,000) and BENCH_MESSAGES
// messages (default 10,000,000), seeded with generate_series on PostgreSQL over the last 90 days. Target:
// ≤ 200 ms. Beside it, the floor: GET /api/health on the same server (one request's cost with no query),
// and what a scan would cost (count(*) of messages per day over 90 days) to show what the daily totals save.
// Its own database (BENCH_DB_NAME, default fs_moderation_overview, on BENCH_ADMIN_URL's server), recreated each
// run. BENCH_SMOKE=1 (bench/smoke.ts): 5,000 listings and 20,000 messages, 5 requests a line, no figure to quote.
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '#db/client';
import { users } from '#db/schema/index';
import { createApp } from '#api/app';
import { loadConfig } from '#api/config';
import { systemClock } from '#api/lib/clock';
import { createLogger } from '#api/lib/logger';
import { createDevMailbox } from '#api/lib/mailer';
import { cookieFromSetCookie } from '#tests/fixtures/users';
import { benchDatabaseUrl, recreateDatabase } from './bench-database';
import { bySmoke, smokeBanner } from './smoke';

const LISTINGS = bySmoke(Number(process.env.BENCH_LISTINGS ?? 1_000_000), 5_000);
const MESSAGES = bySmoke(Number(process.env.BENCH_MESSAGES ?? 10_000_000), 20_000);
const USERS = bySmoke(10_000, 500);
const CONVERSATIONS = bySmoke(100_000, 2_000);
const TIMES = bySmoke(40, 5);
const DB_URL = benchDatabaseUrl(process.env.BENCH_DB_NAME ?? 'fs_moderation_overview');
const OPERATOR = 'bench-operator@farmspace.test';
const log = (line: string) => console.log(line);

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
smokeBanner(log);
log(`bench:overview: ${LISTINGS.toLocaleString('en-US')} listings, ${MESSAGES.toLocaleString('en-US')} messages; ${os.cpus().length} cores, load average ${load()}`);
await recreateDatabase(DB_URL);
const database = openDatabase({ databaseUrl: DB_URL, poolSize: 4 });
await database.migrate();
const db = database.db;
// Seeding statements run for minutes: their own connection, without the pool's statement timeout.
const seeder = new pg.Client({ connectionString: DB_URL });
await seeder.connect();
await seeder.query('set statement_timeout = 0');
const seed = (query: ReturnType<typeof sql>) => seeder.query(new PgDialect().sqlToQuery(query).sql, new PgDialect().sqlToQuery(query).params as unknown[]);
const timed = async (label: string, run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

log('seeding (generate_series; the statement triggers keep daily_counts):');
await timed('users', () =>
  seed(sql`insert into users (email, first_name, created_at, updated_at)
    select 'bench' || g || '@example.com', 'Bench', now() - (g % 90) * interval '1 day', now() from generate_series(1, ${USERS}) g`),
);
await timed('listings', () =>
  seed(sql`insert into spaces (title, description, location, city, size, price_per_month, space_type, owner_id, has_listing_fee, is_active, expires_at, created_at, updated_at)
    select 'Bench space ' || g, 'A space for the overview benchmark.', g || ' Bench Street', 'Benchville', 500 + g % 5000, 100 + g % 3000,
           (array['rooftop','basement','warehouse','greenhouse','other'])[1 + g % 5]::space_type, 1 + g % ${USERS}, true, true,
           now() + interval '30 days', now() - (g % 90) * interval '1 day', now() - (g % 90) * interval '1 day'
    from generate_series(1, ${LISTINGS}) g`),
);
// Inserted already paid: counted once here, as the migration counts the history it finds.
await timed('listings_published daily totals', () =>
  seed(sql`insert into daily_counts (day, metric, value)
    select (created_at at time zone 'UTC')::date, 'listings_published', count(*) from spaces where has_listing_fee group by 1
    on conflict (metric, day) do update set value = excluded.value`),
);
await timed('conversations', () =>
  seed(sql`insert into conversations (space_id, owner_id, farmer_id, last_message_at, created_at)
    select g, 1 + g % ${USERS}, 1 + (g + 1) % ${USERS}, now(), now() - (g % 90) * interval '1 day' from generate_series(1, ${Math.min(CONVERSATIONS, LISTINGS)}) g`),
);
await timed('messages', () =>
  seed(sql`insert into messages (conversation_id, sender_id, content, is_read, created_at)
    select 1 + g % ${Math.min(CONVERSATIONS, LISTINGS)}, 1 + g % ${USERS}, 'Hello', true, now() - (g % 90) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(1, ${MESSAGES}) g`),
);
await seed(sql`analyze`);
await seeder.end();

const config = loadConfig({
  // Not production: the port is picked at listen, and production answers only its configured host.
  NODE_ENV: 'test',
  BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-000',
  DATABASE_URL: DB_URL,
  SERVE_SITE: 'false',
  LOG_LEVEL: 'warn',
  OPERATOR_EMAILS: OPERATOR,
});
const { app, context } = createApp({ config, database, clock: systemClock, mailer: createDevMailbox(), payments: null, logger: createLogger('warn') });
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const password = 'Bench-Operator-Pass-2026';
const up = await context.auth.api.signUpEmail({ body: { email: OPERATOR, password, name: 'Bench', lastName: 'Operator' } });
await db.update(users).set({ verified: true }).where(eq(users.id, Number(up.user.id)));
const signIn = await context.auth.api.signInEmail({ body: { email: OPERATOR, password }, returnHeaders: true });
const cookie = cookieFromSetCookie(signIn.headers.getSetCookie());
const headers = { cookie };

async function measure(path: string, times = TIMES) {
  const ms: number[] = [];
  for (let i = 0; i < times + 5; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    if (i >= 5) ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: ms.at(-1)! };
}

const fmt = (r: { p50: number; p95: number; max: number }) => `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms`;
const overview90 = await measure('/api/admin/overview?days=90');
const overview30 = await measure('/api/admin/overview?days=30');
const floor = await measure('/api/health');
log(`GET /api/admin/overview?days=90: ${fmt(overview90)} (target ≤ 200 ms)`);
log(`GET /api/admin/overview?days=30: ${fmt(overview30)}`);
log(`floor, GET /api/health on the same server: ${fmt(floor)}`);
const scanStarted = performance.now();
await db.execute(sql`select (created_at at time zone 'UTC')::date, count(*) from messages where created_at > now() - interval '90 days' group by 1`);
log(`for comparison, a scan counting messages per day over 90 days: ${(performance.now() - scanStarted).toFixed(0)} ms`);
log(`overview ≤ 200 ms: ${overview90.p95 <= 200 ? 'yes' : 'NO'}; load average at the end ${load()}`);
smokeBanner(log);
server.close();
await context.listingViews.stop();
await database.close();
