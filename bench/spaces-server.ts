// A server for bench/spaces.ts: `express` runs the real createApp (API only, warn-level logs; the
// public-read cache as PUBLIC_READ_CACHE says); `bare` runs a plain node:http handler that parses the query
// as Express does (node's querystring, then the contract) and calls the API's own renderer of the browse
// answer (loadSpacesAnswer, with the same app context), so the difference between the two is what Express
// and our middleware cost, and a field added to the answer reaches both; `memory` is the physical limit:
// node:http answering the same bytes and headers from memory (each URL's answer rendered once by that same
// renderer, then served as it is), what one Node process can do here. With LIMIT_SOURCE, `memory` copies each
// answer (status, headers, body) once from that server instead.
import { createServer, get as httpGet, type IncomingMessage, type Server } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import { spaceQuerySchema } from '#contracts/spaces.schemas';
import { openDatabase } from '#db/client';
import { createApp } from '#api/app';
import { loadConfig } from '#api/config';
import { AppError } from '#api/lib/app-error';
import { systemClock } from '#api/lib/clock';
import { createLogger } from '#api/lib/logger';
import { createDevMailbox } from '#api/lib/mailer';
import { parseInput } from '#api/lib/validate';
import { loadSpacesAnswer } from '#api/modules/spaces/browse-answer';
import { PRODUCTION_VAPID_ENV } from '../tests/fixtures/vapid';
import { traceRequests } from './spaces-trace';

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

// Every mode builds the app: Express serves its handler; the bare handler and the limit call the browse
// answer's renderer with its context (the same database handle, clock and ports as Express's route).
const config = loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-000', ...PRODUCTION_VAPID_ENV, PUBLIC_SITE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, SERVE_SITE: 'false', PUBLIC_READ_CACHE: mode === 'express' ? (process.env.PUBLIC_READ_CACHE ?? 'true') : 'false' });
const { handler, context } = createApp({ config, database, clock: systemClock, mailer: createDevMailbox(), payments: null, logger: createLogger('warn') });

/** The bare handler's work: parse as Express does, render with the API's renderer, send its headers and bytes. */
async function answerFromDatabase(req: IncomingMessage): Promise<Answer> {
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/api/spaces') return { status: 404, headers: {}, body: Buffer.alloc(0) };
    // Express's (simple) query parser is node's querystring: repeated keys become arrays.
    const query = parseInput(spaceQuerySchema, parseQueryString(url.search.slice(1)));
    const answer = await loadSpacesAnswer(context, query);
    return { status: 200, headers: answer.headers, body: answer.body };
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

/** Listens on the bench's port; a port still taken must stop the run, not measure another server. */
function listen(server: Server) {
  server.keepAliveTimeout = 65_000;
  server.once('error', (error) => {
    throw error;
  });
  server.listen(port, '127.0.0.1', () => process.send?.('ready'));
}

if (mode === 'express') {
  // Served as api/src/server.ts serves it (node:http running the app's handler, public-read fast path first).
  // BENCH_TRACE=<path>: each request's time and what served it, written to <path>-<port>.json when the server stops (bench/spaces-trace.ts).
  const trace = process.env.BENCH_TRACE;
  listen(createServer(trace ? traceRequests(handler, context, `${trace}-${port}.json`) : handler));
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
  listen(server);
}
