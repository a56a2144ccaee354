// How long each database query takes, for the metrics (issue 31, docs/decisions/1400). Neither drizzle nor
// node-postgres nor PGlite has a timing hook, so the one place every query passes is wrapped: node-postgres's
// Client class (the pool makes its connections from it, so pooled queries and transactions are both seen) and
// PGlite's query and transaction. Nothing is timed until an observer is set (metrics enabled).
import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import pg from 'pg';

/** The statement's kind, from its first word: a closed set, so a label never carries query text. */
export const QUERY_OPERATIONS = ['select', 'insert', 'update', 'delete', 'with', 'transaction', 'other'] as const;
export type QueryOperation = (typeof QUERY_OPERATIONS)[number];
export type QueryObserver = (operation: QueryOperation, seconds: number, outcome: 'ok' | 'failed') => void;

const TRANSACTION_WORDS = new Set(['begin', 'commit', 'rollback', 'savepoint', 'release', 'start']);

export function queryOperation(text: unknown): QueryOperation {
  if (typeof text !== 'string') return 'other';
  // Leading blanks and comments (`-- …` lines, `/* … */`) are skipped before the first word.
  const word = /^(?:\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/)*([a-z]+)/i.exec(text)?.[1]?.toLowerCase();
  if (!word) return 'other';
  if (TRANSACTION_WORDS.has(word)) return 'transaction';
  return (QUERY_OPERATIONS as readonly string[]).includes(word) ? (word as QueryOperation) : 'other';
}

/** A switch the wrapped clients read on every query: set once metrics are on. */
export type QueryTiming = { observer?: QueryObserver };

/** Times a promise-returning query and reports it to the observer, if there is one. */
function timed<T>(timing: QueryTiming, text: unknown, run: () => Promise<T>): Promise<T> {
  const observer = timing.observer;
  if (!observer) return run();
  const started = performance.now();
  const report = (outcome: 'ok' | 'failed') => observer(queryOperation(text), (performance.now() - started) / 1000, outcome);
  return run().then(
    (result) => {
      report('ok');
      return result;
    },
    (error: unknown) => {
      report('failed');
      throw error;
    },
  );
}

/**
 * node-postgres's Client with its query timed. Three call forms exist: a promise (drizzle, transactions), a
 * callback (Pool.query hands its connection's query a callback) and a Submittable (cursors; passed through).
 */
export function timedPgClient(timing: QueryTiming): typeof pg.Client {
  class TimedClient extends pg.Client {
    // @ts-expect-error: one override for node-postgres's overloaded signatures, which it forwards unchanged.
    override query(...args: unknown[]): unknown {
      const observer = timing.observer;
      const first = args[0] as { text?: unknown; submit?: unknown } | string | undefined;
      const query = (...a: unknown[]) => (super.query as (...x: unknown[]) => unknown)(...a);
      if (!observer || (typeof first === 'object' && first !== null && typeof first.submit === 'function')) return query(...args);
      const text = typeof first === 'string' ? first : first?.text;
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        const started = performance.now();
        return query(...args.slice(0, -1), (error: unknown, result: unknown) => {
          observer(queryOperation(text), (performance.now() - started) / 1000, error ? 'failed' : 'ok');
          (last as (e: unknown, r: unknown) => void)(error, result);
        });
      }
      return timed(timing, text, () => query(...args) as Promise<unknown>);
    }
  }
  return TimedClient as unknown as typeof pg.Client;
}

/** A PGlite whose query (and its transactions' queries) is timed; every other member is the PGlite's own. */
export function timedPglite(client: PGlite, timing: QueryTiming): PGlite {
  const timeQuery = <Q extends PGlite['query'] | PgliteTransaction['query']>(query: Q): Q =>
    ((text: string, ...rest: unknown[]) => timed(timing, text, () => (query as (...a: unknown[]) => Promise<unknown>)(text, ...rest))) as Q;
  const query = timeQuery(client.query.bind(client));
  const transaction: PGlite['transaction'] = (callback) => client.transaction((tx) => callback(new Proxy(tx, { get: (target, key) => (key === 'query' ? timeQuery(target.query.bind(target)) : Reflect.get(target, key)) })));
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value = Reflect.get(target, key, target);
      // PGlite's methods use private fields: they must run with the PGlite itself as `this`.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
