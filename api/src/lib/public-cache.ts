// The public-read micro-cache (docs/decisions/0700): anonymous answers of public reads kept for a few
// seconds, concurrent identical requests served by one load, a byte bound, and changed(table), which the
// change listener calls on every listing or post change (every answer that reads them goes). A key may have a
// lifetime of its own and read one other table only (the demand by city: saved searches, 1602). Stale answers
// are refreshed in the background a few at a time, never ahead of a reader's own load (0708). Also answers
// with strong ETags and 304s.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { SESSION_COOKIE_PREFIX } from './auth';
import { ListenedCache } from './listened-cache';

/** A rendered answer: JSON body bytes and the headers that go with it; encodings made on first ask. */
export type PublicAnswer = {
  body: Buffer;
  headers: Record<string, string>;
  hash: string;
  /** When it was loaded, by the injected clock (set by the cache). */
  storedAt?: number;
  br?: Buffer;
  gzip?: Buffer;
};

export type PublicCacheOptions = {
  enabled: boolean;
  ttlMs: number;
  /**
   * After ttlMs an answer may still be sent for this long while one refresh runs in the background, so
   * popular questions never wait for their periodic reload. Only expiry by time is affected: a change
   * notification removes answers outright.
   */
  staleMs: number;
  maxBytes: number;
  /**
   * Background refreshes of stale answers running at once, at most (decision 0708). Answers loaded together
   * (a cold start, after a clear) turn stale together: all their refreshes at once took the pool's connections
   * for seconds, and every reader's own load — a question nobody asked before — waited behind them, while the
   * refreshes' own readers were answered already. The others wait their turn, their stale answers still sent.
   */
  refreshConcurrency: number;
  /**
   * The app's clock: listings also leave the public list by time alone (expiry, end of featuring) with
   * no write to notify about, so an answer is only kept for ttlMs of this clock too.
   */
  now?: () => number;
};

/**
 * One key's own lifetime: fresh for ttlMs, then answered while one refresh runs for staleMs; and the one table
 * it reads. It is kept across the other tables' change notifications (listings, posts); a change to its own
 * table makes it stale, so the next reader gets it at once and starts the refresh.
 */
export type AnswerLifetime = { ttlMs: number; staleMs: number; reads: string };

export const PUBLIC_CACHE_DEFAULTS: PublicCacheOptions = { enabled: true, ttlMs: 5_000, staleMs: 5_000, maxBytes: 32 * 1024 * 1024, refreshConcurrency: 2 };
/** What a CDN or browser may keep an anonymous public read: short, then served stale while it refreshes. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** Below this a compressed body saves too little to pay for the encoding (same as the middleware). */
const COMPRESS_THRESHOLD = 1024;

export class PublicCache extends ListenedCache<PublicAnswer> {
  readonly #options: PublicCacheOptions;
  readonly #now: () => number;
  readonly #inflight = new Map<string, Promise<PublicAnswer>>();
  /** Stale keys waiting for a refresh slot, in the order they were asked (decision 0708). */
  readonly #refreshQueue = new Map<string, () => Promise<PublicAnswer>>();
  #refreshing = 0;
  readonly #clearListeners: (() => void)[] = [];
  /** The keys with a lifetime of their own (a handful of fixed keys, never a query's). */
  readonly #lifetimes = new Map<string, AnswerLifetime>();
  /** Own-lifetime keys whose table changed while their load ran: stored stale. */
  readonly #staleOnArrival = new Set<string>();
  #loads = 0;
  // Lookups while the cache is on, for the metrics (docs/decisions/1400); the fast path counts its own.
  readonly #lookups = { hits: 0, misses: 0 };
  /**
   * Told of every anonymous answer about to be sent (createApp sets it: the fast path, docs/decisions/0705).
   */
  onAnonymousAnswer: ((req: IncomingMessage, res: ServerResponse, key: string, answer: PublicAnswer, body: Buffer) => void) | undefined;

  constructor(options: PublicCacheOptions) {
    super(
      options.enabled,
      new LRUCache<string, PublicAnswer>({
        maxSize: options.maxBytes,
        sizeCalculation: (a) => a.body.length * 2 + 256,
        ttl: options.ttlMs + options.staleMs,
        ttlAutopurge: false,
      }),
    );
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** Hits (fresh or stale) and misses (a load ran or was joined) since start, while on (metrics). */
  get lookups(): { readonly hits: number; readonly misses: number } {
    return this.#lookups;
  }

  /** How many loads ran (tests: coalescing). */
  get loads() {
    return this.#loads;
  }

  override clear() {
    super.clear();
    this.#inflight.clear();
    this.#refreshQueue.clear();
    for (const listener of this.#clearListeners) listener();
  }

  /** Gives `key` a lifetime of its own (set once, where its route is made). */
  setLifetime(key: string, lifetime: AnswerLifetime) {
    this.#lifetimes.set(key, lifetime);
  }

  /**
   * A change notification: `table` was written. The keys that read it with a lifetime of their own turn stale;
   * if none reads it so, it is a table of the default answers (listings, posts, or one not known here: clearing
   * is never wrong), and every answer goes but the ones of own-lifetime keys, which read another table.
   */
  changed(table: string) {
    const readers = [...this.#lifetimes].filter(([, lifetime]) => lifetime.reads === table);
    if (!readers.length) return this.#clearDefaultAnswers();
    for (const [key, { ttlMs }] of readers) {
      const answer = this.entries.peek(key);
      // Stale, never younger: an answer already past its stale window stays expired.
      if (answer) answer.storedAt = Math.min(answer.storedAt ?? 0, this.#now() - ttlMs - 1);
      if (this.#inflight.has(key)) this.#staleOnArrival.add(key);
    }
  }

  #clearDefaultAnswers() {
    const kept = [...this.entries.entries()].filter(([key]) => this.#lifetimes.has(key));
    super.clear();
    for (const [key, answer] of kept) {
      const { ttlMs, staleMs } = this.#lifetimes.get(key)!;
      const left = ttlMs + staleMs - (this.#now() - (answer.storedAt ?? 0));
      if (left > 0) this.entries.set(key, answer, { ttl: left });
    }
    for (const key of [...this.#inflight.keys()]) if (!this.#lifetimes.has(key)) this.#inflight.delete(key);
    for (const key of [...this.#refreshQueue.keys()]) if (!this.#lifetimes.has(key)) this.#refreshQueue.delete(key);
    for (const listener of this.#clearListeners) listener();
  }

  #lifetimeOf(key: string): Pick<AnswerLifetime, 'ttlMs' | 'staleMs'> {
    return this.#lifetimes.get(key) ?? this.#options;
  }

  /** Called on every clear (the fast path forgets what it remembered). */
  onClear(listener: () => void) {
    this.#clearListeners.push(listener);
  }

  /** True while `answer` is the one stored for `key` (not replaced, not invalidated) and the cache is on. */
  holds(key: string, answer: PublicAnswer): boolean {
    return this.enabled && this.entries.get(key) === answer;
  }

  /** True while `answer` is the one stored for `key` and still fresh (a stale one needs the full path's refresh). */
  holdsFresh(key: string, answer: PublicAnswer): boolean {
    if (!this.holds(key, answer)) return false;
    const age = this.#now() - (answer.storedAt ?? 0);
    return age >= 0 && age <= this.#lifetimeOf(key).ttlMs;
  }

  /**
   * True while `answer` is the one stored for `key` and may be sent as it is: fresh, or stale within its window
   * with its refresh already asked for (running or waiting its turn) — what get() itself would answer then
   * (the fast path, decision 0708). A stale answer nobody has asked to refresh needs the full path's get().
   */
  holdsServable(key: string, answer: PublicAnswer): boolean {
    if (this.holdsFresh(key, answer)) return true;
    if (!this.holds(key, answer) || !(this.#inflight.has(key) || this.#refreshQueue.has(key))) return false;
    const { ttlMs, staleMs } = this.#lifetimeOf(key);
    return this.#now() - (answer.storedAt ?? 0) <= ttlMs + staleMs;
  }

  /** The cached answer for `key`, or one load shared by every request that asks before it ends. */
  async get(key: string, load: () => Promise<PublicAnswer>): Promise<PublicAnswer> {
    if (!this.enabled) {
      this.#loads++;
      return load();
    }
    const { ttlMs, staleMs } = this.#lifetimeOf(key);
    const hit = this.entries.get(key);
    if (hit) {
      const age = this.#now() - (hit.storedAt ?? 0);
      if (age >= 0 && age <= ttlMs) {
        this.#lookups.hits++;
        return hit;
      }
      if (age > ttlMs && age <= ttlMs + staleMs) {
        // Stale but usable: answer now, refresh once in the background when a slot is free (a failed refresh keeps it).
        if (!this.#inflight.has(key) && !this.#refreshQueue.has(key)) {
          this.#refreshQueue.set(key, load);
          this.#refreshNext();
        }
        this.#lookups.hits++;
        return hit;
      }
      this.entries.delete(key);
    }
    this.#lookups.misses++;
    // A reader waits for this load: it goes now, whatever refreshes are queued (its queued refresh, if any, with it).
    this.#refreshQueue.delete(key);
    return this.#inflight.get(key) ?? this.#startLoad(key, load);
  }

  /** Starts queued refreshes while fewer than refreshConcurrency run; one whose answer left or was replaced is dropped. */
  #refreshNext() {
    while (this.#refreshing < this.#options.refreshConcurrency && this.#refreshQueue.size) {
      const [key, load] = this.#refreshQueue.entries().next().value!;
      this.#refreshQueue.delete(key);
      const stored = this.entries.peek(key);
      if (this.#inflight.has(key) || !stored || this.holdsFresh(key, stored)) continue;
      this.#refreshing++;
      this.#startLoad(key, load)
        .catch(() => undefined)
        .finally(() => {
          this.#refreshing--;
          this.#refreshNext();
        });
    }
  }

  /**
   * One load for `key`, shared by everyone who asks while it runs; stored only if nothing it reads changed
   * meanwhile (an own-lifetime key's answer is stored stale then, so the next reader refreshes it).
   */
  #startLoad(key: string, load: () => Promise<PublicAnswer>): Promise<PublicAnswer> {
    const started = this.generation;
    const inflight = this.#inflight;
    const own = this.#lifetimes.get(key);
    this.#staleOnArrival.delete(key);
    this.#loads++;
    const promise: Promise<PublicAnswer> = load().then(
      (answer) => {
        if (inflight.get(key) === promise && (own || this.generation === started)) {
          const storedAt = this.#staleOnArrival.delete(key) ? this.#now() - own!.ttlMs - 1 : this.#now();
          this.entries.set(key, { ...answer, storedAt }, own && { ttl: own.ttlMs + own.staleMs });
        }
        if (inflight.get(key) === promise) inflight.delete(key);
        return answer;
      },
      (error: unknown) => {
        if (inflight.get(key) === promise) inflight.delete(key);
        throw error;
      },
    );
    inflight.set(key, promise);
    return promise;
  }
}

/** Renders a JSON answer with its headers into a cacheable form. */
export function jsonAnswer(value: unknown, headers: Record<string, string> = {}): PublicAnswer {
  const body = Buffer.from(JSON.stringify(value));
  return { body, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, hash: createHash('sha256').update(body).digest('base64url').slice(0, 27) };
}

const SESSION_COOKIE_MARKER = `${SESSION_COOKIE_PREFIX}.session_token=`;

/** A request that may be personalised: it carries a session cookie (valid or not). */
export function hasSessionCookie(req: Request): boolean {
  return req.headers.cookie?.includes(SESSION_COOKIE_MARKER) ?? false;
}

/** A stable key for a parsed query: keys sorted, undefined dropped, lists of values sorted and deduped. */
export function normalizedKey(prefix: string, query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const name of Object.keys(query).sort()) {
    let value = query[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      value = [...new Set(value.map(String))].sort();
    }
    parts.push(`${name}=${JSON.stringify(value)}`);
  }
  return `${prefix}?${parts.join('&')}`;
}

function chooseEncoding(req: Request): 'br' | 'gzip' | undefined {
  const accepted = req.acceptsEncodings('br', 'gzip', 'identity');
  return accepted === 'br' || accepted === 'gzip' ? accepted : undefined;
}

/** The body in the chosen encoding, compressed once per cached answer (quality 5: fast, still small). */
function encodedBody(answer: PublicAnswer, encoding: 'br' | 'gzip' | undefined): Buffer {
  if (!encoding || answer.body.length < COMPRESS_THRESHOLD) return answer.body;
  if (encoding === 'br') return (answer.br ??= brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: answer.body.length } }));
  return (answer.gzip ??= gzipSync(answer.body, { level: 6 }));
}

/** True when If-None-Match names this answer (any of its encodings, or *). */
export function matchesEtag(req: Request, hash: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return value === hash || value === `${hash}-br` || value === `${hash}-gz`;
  });
}

/**
 * Sends a public read: 304 without a body when If-None-Match matches, else the body, compressed here (so
 * the compression middleware passes it by) with an ETag per encoding and Vary: Accept-Encoding.
 * `personal` answers (a session cookie came) are marked private, no-store and never served from the cache.
 */
export function sendPublicAnswer(req: Request, res: Response, answer: PublicAnswer, personal: boolean, offer?: (body: Buffer) => void) {
  const encoding = answer.body.length >= COMPRESS_THRESHOLD ? chooseEncoding(req) : undefined;
  const etag = `"${answer.hash}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`;
  res.set(answer.headers);
  // An answer may bring its own public Cache-Control (the place search: the same for a day); personal never.
  if (personal || answer.headers['Cache-Control'] === undefined) res.set('Cache-Control', personal ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  res.set('ETag', etag);
  res.vary('Accept-Encoding');
  if (matchesEtag(req, answer.hash)) {
    res.removeHeader('Content-Type');
    res.status(304).end();
    return;
  }
  const body = encodedBody(answer, encoding);
  if (body !== answer.body) res.set('Content-Encoding', encoding!);
  if (req.method === 'GET') offer?.(body);
  res.set('Content-Length', String(body.length));
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Answers a public read through the cache: anonymous requests share cached answers; requests with a
 * session cookie always load afresh (an owner sees their own change at once) and are marked private.
 */
export async function servePublicRead(req: Request, res: Response, cache: PublicCache, key: string, load: (personal: boolean) => Promise<PublicAnswer>) {
  const personal = hasSessionCookie(req);
  const answer = personal ? await load(true) : await cache.get(key, () => load(false));
  const offer = personal ? undefined : cache.onAnonymousAnswer;
  sendPublicAnswer(req, res, answer, personal, offer && ((body) => offer(req, res, key, answer, body)));
}
