// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL through a node-postgres pool
// when a URL is given. Both are handed out as one drizzle type so nothing above this file cares which.
import { mkdirSync, readFileSync } from 'node:fs';
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
import { timedPgClient, timedPglite, type QueryObserver, type QueryTiming } from './query-timing';
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
  /** This handle's connections now (metrics): PostgreSQL's pool, or PGlite's one connection. */
  poolStats(): PoolStats;
  /** LISTEN on a channel over its own (reconnecting) connection; stopped at the latest by close(). */
  listen(channel: string, handlers: NotifyHandlers): StopListening;
  /** Every query's kind and duration to `observer` from now on (metrics); undefined stops it. */
  observeQueries(observer: QueryObserver | undefined): void;
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

/** `idle` and `waiting` only where there is a pool (PostgreSQL). */
export type PoolStats = { total: number; idle?: number; waiting?: number; max: number };

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
  const timing: QueryTiming = {};
  const db = drizzlePglite({ client: timedPglite(client, timing), schema }) as unknown as Database;
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
    // One connection inside this process, open for as long as the handle: nothing else is meaningful.
    poolStats: () => ({ total: client.closed ? 0 : 1, max: 1 }),
    listen: (channel, handlers) => listeners.add(listenPglite(client, channel, handlers)),
    observeQueries: (observer) => {
      timing.observer = observer;
    },
    close: async () => {
      await listeners.stopAll();
      if (!client.closed) await client.close();
    },
  };
}

function openPostgres(connectionString: string, max: number, onPoolError?: (error: Error) => void): DatabaseHandle {
  const timing: QueryTiming = {};
  const pool = new pg.Pool({
    Client: timedPgClient(timing),
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
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    listen: (channel, handlers) => listeners.add(listenPostgres(connectionString, channel, handlers)),
    observeQueries: (observer) => {
      timing.observer = observer;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await listeners.stopAll();
      await pool.end();
    },
  };
}

/** The committed migrations (drizzle's journal): how many, and the last one's timestamp (drizzle's level). */
let committed: { count: number; last: number } | undefined;
function committedMigrations(): { count: number; last: number } {
  if (committed) return committed;
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return (committed = { count: journal.entries.length, last: Math.max(0, ...journal.entries.map((e) => e.when)) });
}

export type MigrationLevel = { applied: number; expected: number; current: boolean };

/**
 * How far the database is migrated against the migrations this code carries: `current` when the last one
 * applied is at least the last committed one (drizzle's own test). A database never migrated is at 0.
 */
export async function migrationLevel(db: Executor): Promise<MigrationLevel> {
  const { count: expected, last: expectedLast } = committedMigrations();
  let applied = 0;
  let last = 0;
  try {
    // Raw: drizzle's own bookkeeping table, outside our schema.
    const [row] = await queryRows<{ n: number; last: string | number | null }>(db, sql`select count(*)::int as n, max(created_at) as last from drizzle.__drizzle_migrations`);
    applied = Number(row?.n ?? 0);
    last = Number(row?.last ?? 0);
  } catch (error) {
    // 42P01 / 3F000: no such table or schema yet, that is, never migrated.
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code !== '42P01' && code !== '3F000') throw error;
  }
  return { applied, expected, current: last >= expectedLast };
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
