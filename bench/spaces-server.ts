// A server for bench/spaces.ts: `express` runs the real createApp (API only, warn-level logs; the
// public-read cache as PUBLIC_READ_CACHE says); `bare` runs a plain node:http handler over the same
// contract parsing and the same listSpaces query, so the difference between the two is what Express and
// our middleware cost; `memory` is the physical limit: node:http answering the same bytes and headers
// from memory (each URL's answer loaded once, then served as it is), what one Node process can do here.
import { createServer, type IncomingMessage } from 'node:http';
import { spaceQuerySchema, SPACES_HEADERS } from '../contracts/spaces';
import { openDatabase } from '../db/client';
import { createApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { AppError } from '../api/src/lib/app-error';
import { systemClock } from '../api/src/lib/clock';
import { createLogger } from '../api/src/lib/logger';
import { createDevMailbox } from '../api/src/lib/mailer';
import { parseInput } from '../api/src/lib/validate';
import { listSpaces } from '../api/src/modules/spaces/spaces.service';

const [mode, portArg] = process.argv.slice(2);
const port = Number(portArg);
const databaseUrl = process.env.BENCH_DATABASE_URL!;
const database = openDatabase({ databaseUrl, poolSize: 10 });

type Answer = { status: number; headers: Record<string, string>; body: Buffer };

/** The bare handler's work: parse with the contract, run listSpaces, render the same headers and JSON. */
async function answerFromDatabase(req: IncomingMessage): Promise<Answer> {
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/api/spaces') return { status: 404, headers: {}, body: Buffer.alloc(0) };
    // The same shape Express's simple query parser gives: repeated keys become arrays.
    const raw: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const all = url.searchParams.getAll(key);
      raw[key] = all.length > 1 ? all : all[0]!;
    }
    const query = parseInput(spaceQuerySchema, raw);
    const page = await listSpaces(database.db, query, systemClock.now());
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
    if (page.total) {
      headers[SPACES_HEADERS.total] = String(page.total.count);
      headers[SPACES_HEADERS.capped] = String(page.total.capped);
    }
    if (page.nextCursor) headers[SPACES_HEADERS.nextCursor] = page.nextCursor;
    return { status: 200, headers, body: Buffer.from(JSON.stringify(page.spaces)) };
  } catch (error) {
    const status = error instanceof AppError ? error.status : 500;
    return { status, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ message: (error as Error).message })) };
  }
}

if (mode === 'express') {
  const config = loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-000', PUBLIC_SITE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, SERVE_SITE: 'false', PUBLIC_READ_CACHE: process.env.PUBLIC_READ_CACHE ?? 'true' });
  const { app } = createApp({ config, database, clock: systemClock, mailer: createDevMailbox(), payments: null, logger: createLogger('warn') });
  // Express 5 calls back on a failed listen too: a port still taken must stop the run, not measure another server.
  app.listen(port, '127.0.0.1', (error?: Error) => {
    if (error) throw error;
    process.send?.('ready');
  });
} else {
  const remembered = new Map<string, Promise<Answer>>();
  const server = createServer(async (req, res) => {
    const answer =
      mode === 'memory'
        ? await (remembered.get(req.url ?? '') ?? remembered.set(req.url ?? '', answerFromDatabase(req)).get(req.url ?? '')!)
        : await answerFromDatabase(req);
    res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) }).end(answer.body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1', () => process.send?.('ready'));
}
