// The benchmarks' own PostgreSQL databases: each run starts from an empty one, dropped and created anew
// through the server's `postgres` database (so the benchmark never reuses another run's data).
import pg from 'pg';

/** The server the benchmarks make their databases on: BENCH_ADMIN_URL (its `postgres` database), by default the local one. */
export const BENCH_ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The address of the database `name` on that server. */
export function benchDatabaseUrl(name: string): string {
  const url = new URL(BENCH_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.href;
}

/** Runs `statements` (`$name` stands for the database of `url`, quoted) on `url`'s server, through its `postgres` database. */
async function onServerOf(url: string, statements: string[]): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement.replace('$name', `"${name}"`));
  } finally {
    await client.end();
  }
}

/** Drops the database of `url` (its sessions cut). */
export async function dropDatabase(url: string): Promise<void> {
  await onServerOf(url, ['DROP DATABASE IF EXISTS $name WITH (FORCE)']);
}

export async function recreateDatabase(url: string): Promise<void> {
  await onServerOf(url, ['DROP DATABASE IF EXISTS $name WITH (FORCE)', 'CREATE DATABASE $name']);
}
