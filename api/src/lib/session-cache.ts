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
import type { Logger } from './logger';

export const SESSIONS_CHANNEL = 'farmspace_sessions';

/** What a session lookup found: the visitor and when their session expires (ms since the epoch). */
export type CachedSession<User> = { sessionId: number; user: User & { id: number }; expiresAt: number; storedAt: number };

export type SessionCacheOptions = { enabled: boolean; ttlMs: number; maxEntries: number; now?: () => number };

export const SESSION_CACHE_DEFAULTS: SessionCacheOptions = { enabled: true, ttlMs: 30_000, maxEntries: 10_000 };

export type SessionCache<User> = ReturnType<typeof createSessionCache<User>>;

export function createSessionCache<User>(options: SessionCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, CachedSession<User>>({ max: options.maxEntries });
  /** The cookie values cached for each user, so a notification about one user drops only theirs. */
  const keysByUser = new Map<number, Set<string>>();
  // Bumped by every invalidation: a lookup that started before a change must not fill the cache after it.
  let generation = 0;
  let listening = false;
  let hits = 0;

  function forgetKey(key: string) {
    const entry = entries.get(key, { allowStale: true });
    entries.delete(key);
    if (!entry) return;
    const keys = keysByUser.get(entry.user.id);
    keys?.delete(key);
    if (keys?.size === 0) keysByUser.delete(entry.user.id);
  }

  return {
    get enabled() {
      return options.enabled && listening;
    },
    /** How many lookups were answered from the cache (tests). */
    get hits() {
      return hits;
    },
    get size() {
      return entries.size;
    },
    setListening(value: boolean) {
      listening = value;
      this.clear();
    },
    clear() {
      generation++;
      entries.clear();
      keysByUser.clear();
    },
    /** Drops every cached session of these users (their sessions or their account changed). */
    dropUsers(userIds: Iterable<number>) {
      generation++;
      for (const userId of userIds) {
        for (const key of keysByUser.get(userId) ?? []) entries.delete(key);
        keysByUser.delete(userId);
      }
    },
    /** Drops the session behind this cookie value and every other session of its user. */
    dropCookie(key: string) {
      const entry = entries.get(key, { allowStale: true });
      if (entry) this.dropUsers([entry.user.id]);
      else generation++;
    },
    /** The generation to hand back to set(): take it before the lookup starts. */
    get generation() {
      return generation;
    },
    get(key: string): CachedSession<User> | undefined {
      if (!this.enabled) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt > options.ttlMs || entry.storedAt > now()) {
        forgetKey(key);
        return undefined;
      }
      hits++;
      return entry;
    },
    /** Stores a lookup's result, unless the cache is off or anything changed since `startedAt` (a generation). */
    set(key: string, value: Omit<CachedSession<User>, 'storedAt'>, startedAt: number) {
      if (!this.enabled || startedAt !== generation) return;
      entries.set(key, { ...value, storedAt: now() });
      let keys = keysByUser.get(value.user.id);
      if (!keys) keysByUser.set(value.user.id, (keys = new Set()));
      keys.add(key);
    },
  };
}

/** What the triggers send: user ids separated by commas, or '*' for "anything may have changed". */
export function parseSessionNotification(payload: string): number[] | '*' {
  if (payload === '*' || payload === '') return '*';
  const ids = payload.split(',').map(Number);
  return ids.every((id) => Number.isInteger(id) && id > 0) ? ids : '*';
}

export function listenForSessionChanges<User>(database: DatabaseHandle, cache: SessionCache<User>, logger: Logger): StopListening {
  let wasListening = false;
  return database.listen(SESSIONS_CHANNEL, {
    onNotify: (payload) => {
      const ids = parseSessionNotification(payload);
      if (ids === '*') cache.clear();
      else cache.dropUsers(ids);
    },
    onState: (listening) => {
      cache.setListening(listening);
      if (listening !== wasListening) {
        if (listening) logger.debug({ channel: SESSIONS_CHANNEL }, 'session cache on: listening for session changes');
        else logger.warn({ channel: SESSIONS_CHANNEL }, 'session cache off: change notifications lost, reconnecting');
      }
      wasListening = listening;
    },
  });
}
