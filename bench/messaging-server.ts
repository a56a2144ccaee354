// The API for bench/messaging.ts: the real createApp (API only, warn-level logs, production settings) on
// the benchmark's PostgreSQL database. Tells its parent when it listens.
import { openDatabase } from '../db/client';
import { createApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { systemClock } from '../api/src/lib/clock';
import { createLogger } from '../api/src/lib/logger';
import { createDevMailbox } from '../api/src/lib/mailer';

const port = Number(process.argv[2]);
const databaseUrl = process.env.BENCH_DATABASE_URL!;
const database = openDatabase({ databaseUrl, poolSize: 10 });
const config = loadConfig({
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: process.env.BENCH_AUTH_SECRET!,
  PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  SERVE_SITE: 'false',
});
const { app } = createApp({ config, database, clock: systemClock, mailer: createDevMailbox(), payments: null, logger: createLogger('warn') });
app.listen(port, '127.0.0.1', () => process.send?.('ready'));
