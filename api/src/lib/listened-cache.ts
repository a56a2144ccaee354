// The shell of the in-process caches that a database notification keeps honest (the public-read cache,
// docs/decisions/0700, and the session cache, 0704): entries in an LRU, on only while LISTEN is in place
// (a missed notification can then never leave a stale answer behind), and a generation bumped by every
// invalidation, so a load that started before a change does not fill the cache after it.
import type { LRUCache } from 'lru-cache';
import type { DatabaseHandle } from '#db/client';
import type { StopListening } from '#db/notify-listener';
import type { Logger } from './logger';

export abstract class ListenedCache<Entry extends object> {
  readonly #configured: boolean;
  #listening = false;
  #generation = 0;

  protected constructor(
    enabled: boolean,
    protected readonly entries: LRUCache<string, Entry>,
  ) {
    this.#configured = enabled;
  }

  /** On by configuration and listening for changes. */
  get enabled(): boolean {
    return this.#configured && this.#listening;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The generation to compare after a load: take it before the load starts. */
  get generation(): number {
    return this.#generation;
  }

  /** LISTEN is in place (true) or lost (false); either way nothing kept before can be trusted. */
  setListening(value: boolean) {
    this.#listening = value;
    this.clear();
  }

  /** Forgets everything; a subclass that keeps more than the entries forgets that too. */
  clear() {
    this.#generation++;
    this.entries.clear();
  }

  /** Marks a change that drops only some entries: loads that started before it must not store. */
  protected invalidate() {
    this.#generation++;
  }
}

/**
 * Keeps `cache` on while LISTEN on `channel` is in place and off when it is lost (logging each change once),
 * and hands every notification's payload to `onNotify`.
 */
export function listenForChanges(
  database: DatabaseHandle,
  cache: Pick<ListenedCache<object>, 'setListening'>,
  logger: Logger,
  { channel, name, onNotify }: { channel: string; name: string; onNotify: (payload: string) => void },
): StopListening {
  let wasListening = false;
  return database.listen(channel, {
    onNotify,
    onState: (listening) => {
      cache.setListening(listening);
      if (listening !== wasListening) {
        if (listening) logger.debug({ channel }, `${name} on: listening for changes`);
        else logger.warn({ channel }, `${name} off: change notifications lost, reconnecting`);
      }
      wasListening = listening;
    },
  });
}
