// A server for bench/spaces.ts: `express` runs the real createApp (API only, warn-level logs; the
// public-read cache as PUBLIC_READ_CACHE says); `bare` runs a plain node:http handler over the same
// contract parsing and the same listSpaces query, so the difference between the two is what Express and
// our middleware cost; `memory` is the physical limit: node:http answering the same bytes and headers
// from memory (each URL's answer loaded once, then served as it is), what one Node process can do here.
// With LIMIT_SOURCE, `memory` copies each answer (status, headers, body) once from that server instead.
import { createServer, get as httpGet, type IncomingMessage } from 'node:http';
import { spaceQuerySchema, SPACES_HEADERS } from '#contracts/spaces.schemas';
import { openDatabase } from '#db/client';
import { createApp } from '#api/app';
import { loadConfig } from '#api/config';
import { AppError } from '#api/lib/app-error';
import { systemClock } from '#api/lib/clock';
import { createLogger } from '#api/lib/logger';
import { createDevMailbox } from '#api/lib/mailer';
import { parseInput } from '#api/lib/validate';
import { listSpaces } from '#api/modules/spaces/spaces.service';
import { PRODUCTION_VAPID_ENV } from '../tests/fixtures/vapid';

const [mode, portArg] = process.argv.slice(2);
const port = Number(portArg);
const databaseUrl = process.env.BENCH_DATABASE_URL!;
const database = openDatabase({ databaseUrl, poolSize: 10 });

type Answer = { status: number; headers: Record<string, string>; body: Buffer };

// The parent asks for this process's CPU time around a run: CPU per request is what the machine's other
// load changes least, so it says how far our code is from the limit even when the client or the
// neighbours decide the requests/s.
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});

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

/** The answer another server gives (its headers but the per-request Date and connection ones). */
function answerFromSource(source: string, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpGet(new URL(url, source), (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined || ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) continue;
          headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ status: res.statusCode ?? 500, headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

if (mode === 'express') {
  const config = loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-000', ...PRODUCTION_VAPID_ENV, PUBLIC_SITE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, SERVE_SITE: 'false', PUBLIC_READ_CACHE: process.env.PUBLIC_READ_CACHE ?? 'true' });
  const { handler } = createApp({ config, database, clock: systemClock, mailer: createDevMailbox(), payments: null, logger: createLogger('warn') });
  // Served as api/src/server.ts serves it (node:http running the app's handler, public-read fast path first).
  // A port still taken must stop the run, not measure another server.
  const server = createServer(handler);
  server.keepAliveTimeout = 65_000;
  server.once('error', (error) => {
    throw error;
  });
  server.listen(port, '127.0.0.1', () => process.send?.('ready'));
} else {
  // LIMIT_SOURCE: copy each answer (status, headers, body) once from that server instead of rendering it.
  const source = process.env.LIMIT_SOURCE;
  const remembered = new Map<string, Promise<Answer>>();
  const load = (req: IncomingMessage) => (source ? answerFromSource(source, req.url ?? '/') : answerFromDatabase(req));
  const server = createServer(async (req, res) => {
    const answer =
      mode === 'memory'
        ? await (remembered.get(req.url ?? '') ?? remembered.set(req.url ?? '', load(req)).get(req.url ?? '')!)
        : await answerFromDatabase(req);
    res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) }).end(answer.body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1', () => process.send?.('ready'));
}
