// The API for bench/messaging.ts: the real createApp (API only, warn-level logs, production settings) on
// the benchmark's PostgreSQL database. Tells its parent when it listens.
// `memory` (second argument) is the physical limit instead: node:http answering, for every request, the
// status, headers and body bytes its parent sends it (an answer copied from the API), from memory.
import { createServer } from 'node:http';
import { openDatabase } from '#db/client';
import { createApp } from '#api/app';
import { loadConfig } from '#api/config';
import { systemClock } from '#api/lib/clock';
import { createLogger } from '#api/lib/logger';
import { createDevMailbox } from '#api/lib/mailer';
import { PRODUCTION_VAPID_ENV } from '../tests/fixtures/vapid';

const port = Number(process.argv[2]);
if (process.argv[3] === 'memory') {
  let answer = { status: 503, headers: {} as Record<string, string>, body: Buffer.alloc(0) };
  process.on('message', (message) => {
    const m = message as { status: number; headers: Record<string, string>; body: string };
    answer = { status: m.status, headers: { ...m.headers, 'content-length': String(Buffer.byteLength(m.body)) }, body: Buffer.from(m.body) };
    process.send?.('answer');
  });
  createServer((_req, res) => res.writeHead(answer.status, answer.headers).end(answer.body)).listen(port, '127.0.0.1', () => process.send?.('ready'));
} else {
  const databaseUrl = process.env.BENCH_DATABASE_URL!;
  const database = openDatabase({ databaseUrl, poolSize: 10 });
  const config = loadConfig({
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: process.env.BENCH_AUTH_SECRET!,
    ...PRODUCTION_VAPID_ENV,
    PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    SERVE_SITE: 'false',
  });
  const { handler } = createApp({ config, database, clock: systemClock, mailer: createDevMailbox(), payments: null, logger: createLogger('warn') });
  // Served as api/src/server.ts serves it: node:http running the app's handler.
  createServer(handler).listen(port, '127.0.0.1', () => process.send?.('ready'));
}
