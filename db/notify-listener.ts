// LISTEN on a channel over a connection of its own that reconnects by itself: PostgreSQL through a
// node-postgres Client (pool connections cannot hold a LISTEN), PGlite through its own listen().
// `onState(false)` says notifications may have been missed (the caller must assume anything changed).
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type NotifyHandlers = {
  onNotify(payload: string): void;
  /** true once LISTEN is in place (again); false when the connection is lost. */
  onState(listening: boolean): void;
};

export type StopListening = () => Promise<void>;

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

export function listenPostgres(connectionString: string, channel: string, handlers: NotifyHandlers): StopListening {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RETRY_MIN_MS;

  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = undefined;
    current.removeAllListeners();
    current.on('error', () => undefined);
    current.end().catch(() => undefined);
    handlers.onState(false);
    if (stopped) return;
    retryTimer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };

  async function connect() {
    if (stopped) return;
    // keepAlive: a half-open TCP connection (a failed-over server) is noticed instead of waiting forever.
    const current = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 5_000 });
    client = current;
    current.on('error', () => lost(current));
    current.on('end', () => lost(current));
    current.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      if (stopped || client !== current) return;
      delay = RETRY_MIN_MS;
      handlers.onState(true);
    } catch {
      lost(current);
    }
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const current = client;
    client = undefined;
    if (current) {
      current.removeAllListeners();
      current.on('error', () => undefined);
      await current.end().catch(() => undefined);
    }
  };
}

/** PGlite is in-process: its LISTEN cannot be lost, only closed with the database. */
export function listenPglite(pglite: PGlite, channel: string, handlers: NotifyHandlers): StopListening {
  let unsubscribe: (() => Promise<void>) | undefined;
  let stopped = false;
  const ready = pglite
    .listen(channel, (payload) => handlers.onNotify(payload))
    .then((unsub) => {
      unsubscribe = unsub;
      if (!stopped) handlers.onState(true);
    })
    .catch(() => handlers.onState(false));
  return async () => {
    stopped = true;
    await ready;
    if (unsubscribe && !pglite.closed) await unsubscribe().catch(() => undefined);
  };
}
