// A short in-process cache of signed-in sessions (docs/decisions/0704): a signed-in read would otherwise
// run a session query before its own. Kept by the exact signed cookie value (so a hit also stands for a
// checked signature), for at most ttlMs, and dropped as soon as the session or its user changes:
// migration 0008's triggers notify 'farmspace_sessions' with the user ids of every session updated or
// deleted and every user updated or deleted, from any code path or a psql session, on every instance;
// this instance also drops a user's entries itself when it signs them out or answers one of their
// writes. Until LISTEN is in place, and whenever it is lost, the cache is off (every request queries).
import { LRUCache } from 'lru-cache';
import type { DatabaseHandle } from '#db/client';
import type { StopListening } from '#db/notify-listener';
import { ListenedCache, listenForChanges } from './listened-cache';
import type { Logger } from './logger';

export const SESSIONS_CHANNEL = 'farmspace_sessions';

/** What a session lookup found: the visitor and when their session expires (ms since the epoch). */
export type CachedSession<User> = { sessionId: number; user: User & { id: number }; expiresAt: number; storedAt: number };

export type SessionCacheOptions = { enabled: boolean; ttlMs: number; maxEntries: number; now?: () => number };

export const SESSION_CACHE_DEFAULTS: SessionCacheOptions = { enabled: true, ttlMs: 30_000, maxEntries: 10_000 };

export class SessionCache<User> extends ListenedCache<CachedSession<User>> {
  readonly #ttlMs: number;
  readonly #now: () => number;
  /** The cookie values cached for each user, so a notification about one user drops only theirs. */
  readonly #keysByUser = new Map<number, Set<string>>();
  #hits = 0;
  // Lookups that found nothing usable while the cache was on (metrics, docs/decisions/1400).
  #misses = 0;

  constructor(options: SessionCacheOptions) {
    super(options.enabled, new LRUCache<string, CachedSession<User>>({ max: options.maxEntries }));
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
  }

  /** How many lookups were answered from the cache (tests). */
  get hits() {
    return this.#hits;
  }

  get misses() {
    return this.#misses;
  }

  override clear() {
    super.clear();
    this.#keysByUser.clear();
  }

  /** Drops every cached session of these users (their sessions or their account changed). */
  dropUsers(userIds: Iterable<number>) {
    this.invalidate();
    for (const userId of userIds) {
      for (const key of this.#keysByUser.get(userId) ?? []) this.entries.delete(key);
      this.#keysByUser.delete(userId);
    }
  }

  /** Drops the session behind this cookie value and every other session of its user. */
  dropCookie(key: string) {
    const entry = this.entries.get(key, { allowStale: true });
    if (entry) this.dropUsers([entry.user.id]);
    else this.invalidate();
  }

  get(key: string): CachedSession<User> | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) {
      this.#misses++;
      return undefined;
    }
    if (this.#now() - entry.storedAt > this.#ttlMs || entry.storedAt > this.#now()) {
      this.#forgetKey(key);
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    return entry;
  }

  /** Stores a lookup's result, unless the cache is off or anything changed since `startedAt` (a generation). */
  set(key: string, value: Omit<CachedSession<User>, 'storedAt'>, startedAt: number) {
    if (!this.enabled || startedAt !== this.generation) return;
    this.entries.set(key, { ...value, storedAt: this.#now() });
    let keys = this.#keysByUser.get(value.user.id);
    if (!keys) this.#keysByUser.set(value.user.id, (keys = new Set()));
    keys.add(key);
  }

  #forgetKey(key: string) {
    const entry = this.entries.get(key, { allowStale: true });
    this.entries.delete(key);
    if (!entry) return;
    const keys = this.#keysByUser.get(entry.user.id);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysByUser.delete(entry.user.id);
  }
}

/** What the triggers send: user ids separated by commas, or '*' for "anything may have changed". */
export function parseSessionNotification(payload: string): number[] | '*' {
  if (payload === '*' || payload === '') return '*';
  const ids = payload.split(',').map(Number);
  return ids.every((id) => Number.isInteger(id) && id > 0) ? ids : '*';
}

export function listenForSessionChanges<User>(database: DatabaseHandle, cache: SessionCache<User>, logger: Logger): StopListening {
  return listenForChanges(database, cache, logger, {
    channel: SESSIONS_CHANNEL,
    name: 'session cache',
    onNotify: (payload) => {
      const ids = parseSessionNotification(payload);
      if (ids === '*') cache.clear();
      else cache.dropUsers(ids);
    },
  });
}
