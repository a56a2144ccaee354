// The API for bench/photos.ts: the real createApp (API only, production settings) on the benchmark's
// PostgreSQL database with photos on local disk in a temporary folder. Tells its parent when it listens,
// and answers `rss` with the peak resident memory it saw (sampled every 20 ms).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '#db/client';
import { createApp } from '#api/app';
import { loadConfig } from '#api/config';
import { systemClock } from '#api/lib/clock';
import { createLogger } from '#api/lib/logger';
import { createDevMailbox } from '#api/lib/mailer';

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
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'farmspace-photos-bench-')),
});
const { app } = createApp({ config, database, clock: systemClock, mailer: createDevMailbox(), payments: null, logger: createLogger('warn') });
let peakRss = process.memoryUsage.rss();
setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20).unref();
process.on('message', (message) => {
  if (message === 'rss') process.send?.({ peakRss, rss: process.memoryUsage.rss() });
  if (message === 'reset-rss') peakRss = process.memoryUsage.rss();
});
app.listen(port, '127.0.0.1', () => process.send?.('ready'));
