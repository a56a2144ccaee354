// Cache hits of anonymous public reads answered before Express (docs/decisions/0705). Once the full path
// (request log, helmet, compression, host check, routers, zod, the cache) has answered a GET, its status,
// headers and body bytes are remembered under everything of the request that could change them: the raw
// URL (path and query string as sent), Host, X-Forwarded-Host/-Proto and Accept-Encoding. The same request
// is then answered with the same bytes and headers (a new X-Request-Id, its own request log line) for as
// long as the public-read cache holds that very answer, fresh — or stale with its refresh already asked for,
// as the cache itself answers then (0708): invalidation, expiry, a stale answer nobody has asked to refresh and
// the cache being off all send it back through the full path. Only plain requests qualify: GET, no cookie, no conditional
// header, no body; anything else always takes the full path, so 304s, 421s, CSRF refusals, session-hint
// cookies and personal answers stay where they are decided.
// Answers that cannot change while the process runs (the gazetteer's place search, decision 0900) are
// offered as lasting: remembered in their own LRU, not tied to the public-read cache, its clock or its
// clears, and replayed under the same rules.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { Logger } from './logger';
import type { PublicAnswer, PublicCache } from './public-cache';
import { labelRoute, routeTemplate } from './metrics';
import { logRequest } from './request-log';

/** `route`: the route template the full path matched, so a replay is counted under it (docs/decisions/1400). */
type Sent = { status: number; headers: string[]; body: Buffer; route?: string };
type Remembered = Sent & { cacheKey: string; answer: PublicAnswer };

/** Headers that belong to one request or one connection, never replayed. */
const PER_REQUEST_HEADERS = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

export type PublicFastPath = ReturnType<typeof createPublicFastPath>;

/** Once `res` is sent with 200 and no cookie set, its status, headers as they went out and `body`. */
function onceSent(res: ServerResponse, body: Buffer, keep: (sent: Sent) => void) {
  res.once('finish', () => {
    if (res.statusCode !== 200 || res.getHeader('set-cookie') !== undefined) return;
    const headers: string[] = [];
    // The names as the full path spelled them (getRawHeaderNames is missing from this @types/node).
    for (const name of (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
      if (PER_REQUEST_HEADERS.has(name.toLowerCase())) continue;
      const value = res.getHeader(name);
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.push(name, v);
      else headers.push(name, String(value));
    }
    keep({ status: res.statusCode, headers, body, route: routeTemplate(res.req) });
  });
}

/** Express's routers see a path relative to their mount point: the URL as sent is originalUrl. */
const sentUrl = (req: IncomingMessage) => (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url;

export function createPublicFastPath(options: { cache: PublicCache; logger: Logger; maxEntries?: number; maxLasting?: number }) {
  const { cache, logger } = options;
  const remembered = new LRUCache<string, Remembered>({ max: options.maxEntries ?? 2_000 });
  const lasting = new LRUCache<string, Sent>({ max: options.maxLasting ?? 5_000 });
  cache.onClear(() => remembered.clear());
  let served = 0;

  /** The request's identity for the fast path, or undefined when it must take the full path. */
  function keyOf(req: IncomingMessage, url: string | undefined): string | undefined {
    if (req.method !== 'GET') return undefined;
    const h = req.headers;
    if (h.cookie !== undefined || h['if-none-match'] !== undefined || h['if-modified-since'] !== undefined) return undefined;
    if (h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0')) return undefined;
    return `${url}\n${h.host ?? ''}\n${h['x-forwarded-host'] ?? ''}\n${h['x-forwarded-proto'] ?? ''}\n${h['accept-encoding'] ?? ''}`;
  }

  return {
    /** How many requests it answered (tests and benchmarks). */
    get served() {
      return served;
    },
    get size() {
      return remembered.size + lasting.size;
    },
    /**
     * Called by sendPublicAnswer for an anonymous answer of `cacheKey` about to be sent: once it is sent,
     * its headers as they went out are remembered for this request's key.
     */
    offer(req: IncomingMessage, res: ServerResponse, cacheKey: string, answer: PublicAnswer, body: Buffer) {
      const key = keyOf(req, sentUrl(req));
      if (key === undefined || !cache.holds(cacheKey, answer)) return;
      onceSent(res, body, (sent) => remembered.set(key, { ...sent, cacheKey, answer }));
    },
    /** For an answer that stays the same while the process runs: remembered once sent, replayed until evicted. */
    offerLasting(req: IncomingMessage, res: ServerResponse, body: Buffer) {
      const key = keyOf(req, sentUrl(req));
      if (key !== undefined) onceSent(res, body, (sent) => lasting.set(key, sent));
    },
    /** Answers the request if it can; false sends it on to Express. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (remembered.size === 0 && lasting.size === 0) return false;
      const key = keyOf(req, req.url);
      if (key === undefined) return false;
      let entry: Sent | undefined = lasting.get(key);
      if (!entry) {
        const cached = remembered.get(key);
        if (!cached) return false;
        if (!cache.holdsServable(cached.cacheKey, cached.answer)) {
          remembered.delete(key);
          return false;
        }
        entry = cached;
      }
      served++;
      if (entry.route) labelRoute(res, entry.route);
      // The remembered headers and this request's id, in one writeHead (no header set before it).
      const headers = entry.headers.slice();
      headers.push('X-Request-Id', logRequest(logger, req, res, { setHeader: false, status: entry.status }));
      res.writeHead(entry.status, headers);
      res.end(entry.body);
      return true;
    },
  };
}
