// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL through a node-postgres pool
// when a URL is given. Both are handed out as one drizzle type so nothing above this file cares which.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { listenPglite, listenPostgres, type NotifyHandlers, type StopListening } from './notify-listener';
import * as schema from './schema/index';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database or a transaction: services that may run inside a caller's transaction take this. */
export type Executor = Database | Transaction;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any number: it only has to be the same for every instance migrating the same database. */
const MIGRATION_LOCK_KEY = 7_314_001;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Runs the committed migrations, then `seed` if given, under one advisory lock: safe when several
   * instances start at once (one migrates and seeds, the others then find it done).
   */
  migrate(seed?: (db: Database) => Promise<void>): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** LISTEN on a channel over its own (reconnecting) connection; stopped at the latest by close(). */
  listen(channel: string, handlers: NotifyHandlers): StopListening;
  close(): Promise<void>;
};

/** Remembers a handle's listeners so that close() stops them before the connections go. */
function listenerSet() {
  const stops = new Set<StopListening>();
  return {
    add(stop: StopListening): StopListening {
      const once = async () => {
        if (stops.delete(once)) await stop();
      };
      stops.add(once);
      return once;
    },
    stopAll: () => Promise.all([...stops].map((stop) => stop())),
  };
}

export type OpenDatabaseOptions =
  | { databaseUrl: string; poolSize?: number; onPoolError?: (error: Error) => void }
  | { dataDir: string }
  | { pglite: PGlite };

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onPoolError);
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    return wrapPglite(new PGlite(options.dataDir));
  }
  return wrapPglite(options.pglite);
}

function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const listeners = listenerSet();
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite database: nothing to race with.
    migrate: async (seed) => {
      await migratePglite(db as never, { migrationsFolder });
      await seed?.(db);
    },
    ping: async () => {
      // Raw: a query on no table, only to see that the database answers.
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) => listeners.add(listenPglite(client, channel, handlers)),
    close: async () => {
      await listeners.stopAll();
      if (!client.closed) await client.close();
    },
  };
}

function openPostgres(connectionString: string, max: number, onPoolError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5_000,
    statement_timeout: 15_000,
    idle_in_transaction_session_timeout: 30_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its server must not crash the process: the pool replaces it.
  pool.on('error', (error) => onPoolError?.(error));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  let closed = false;
  const listeners = listenerSet();
  return {
    db,
    kind: 'postgres',
    migrate: async (seed) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const locked = drizzlePg({ client, schema });
        await migratePg(locked, { migrationsFolder });
        // On the connection that holds the lock: a pool of one cannot then wait on itself.
        await seed?.(locked as unknown as Database);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, handlers) => listeners.add(listenPostgres(connectionString, channel, handlers)),
    close: async () => {
      if (closed) return;
      closed = true;
      await listeners.stopAll();
      await pool.end();
    },
  };
}

/**
 * The row of a raw query whose fields are typed from the schema (`(typeof table.$inferSelect)['column']`):
 * raw results bypass drizzle's mapping, so a timestamp may arrive as a string (node-postgres) or a Date (PGlite).
 */
export type RawRow<T> = {
  [K in keyof T]: T[K] extends Date ? Date | string : T[K] extends Date | null ? Date | string | null : T[K];
};

/** Runs raw SQL and returns its rows (PGlite and node-postgres both answer with `rows`). */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  // Raw: the one helper raw queries go through; each caller says why above its call (decision 0015).
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export { schema };
