// Database outage: the PostgreSQL server stopped for 60 s (RELIABILITY_OUTAGE_MS) under load. Meanwhile
// the API answers 503 with a clear message (health too), never a 500, never hangs, does not crash; within
// 5 s of the database's return it serves reads and writes again, and holds no more connections than its
// pool. Uses the fault tests' throwaway cluster (no other file runs meanwhile): the shared server on 5432
// is never touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { validSpaceBody } from '../fixtures/spaces';
import { DATABASE_UNAVAILABLE_MESSAGE } from '#api/lib/database-errors';
import { faultDatabase, killStarted, processLogs, startProduct } from './process-harness';
import { assertNoSecrets } from './secrets';
import { recordFigures } from './summary';
import { registerUser } from './write-operations';

const OUTAGE_MS = Number(process.env.RELIABILITY_OUTAGE_MS ?? 60_000);
const RECOVERY_MS = 5_000;
const POOL_SIZE = 10;

let pgCluster: Awaited<ReturnType<typeof faultDatabase>>;
beforeAll(async () => {
  pgCluster = await faultDatabase('db_outage');
}, 120_000);
afterAll(() => {
  killStarted();
  // The cluster is shared: back up for the next file even when this test failed during the outage.
  pgCluster?.ensureRunning();
  assertNoSecrets(processLogs, 'db-outage product logs');
});

type Answer = { what: string; status: number | 'hung' | 'no answer'; message?: string };

async function call(what: string, url: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { message?: string }).message;
    } catch {
      message = text.slice(0, 100);
    }
    return { what, status: res.status, message };
  } catch (error) {
    return { what, status: (error as Error).name === 'TimeoutError' ? 'hung' : 'no answer' };
  }
}

describe('database outage under load', () => {
  it(`PostgreSQL stopped for ${OUTAGE_MS / 1000} s: 503s with a clear message, no crash, serving again within ${RECOVERY_MS / 1000} s`, { timeout: OUTAGE_MS + 120_000 }, async () => {
    const product = await startProduct({ DATABASE_URL: pgCluster.url });
    const base = product.baseUrl;
    const cookie = await registerUser(base, 'outage');
    let n = 0;
    const mix = () => {
      n += 1;
      if (n % 3 === 0) return call('health', `${base}/api/health`);
      if (n % 3 === 1) return call('browse', `${base}/api/spaces?city=Portland`);
      return call('create', `${base}/api/spaces`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(validSpaceBody({ title: `outage-${n}` })) });
    };
    /** Runs the mix with `workers` loops until `until()` says stop. */
    const load = async (workers: number, until: () => boolean, into: Answer[]) => {
      await Promise.all(Array.from({ length: workers }, async () => {
        while (!until()) {
          into.push(await mix());
          await new Promise((r) => setTimeout(r, 25));
        }
      }));
    };

    // Before: all well.
    const before: Answer[] = [];
    const t0 = Date.now();
    await load(8, () => Date.now() - t0 > 2000, before);
    expect(before.filter((a) => a.status !== 200 && a.status !== 201), 'before the outage').toEqual([]);

    // The outage: the server goes away (fast shutdown cuts open connections) while the load goes on.
    pgCluster.stop();
    const during: Answer[] = [];
    const down = Date.now();
    await load(8, () => Date.now() - down > OUTAGE_MS, during);
    expect(product.child.exitCode, 'the API process died during the outage').toBeNull();
    const unclear = during.filter((a) => a.status !== 503 || a.message !== DATABASE_UNAVAILABLE_MESSAGE);
    expect(unclear.slice(0, 10), `${unclear.length} of ${during.length} answers during the outage were not a clear 503`).toEqual([]);
    expect(during.some((a) => a.what === 'health')).toBe(true);

    // The return: serving again within 5 s.
    pgCluster.start();
    const back = Date.now();
    let recoveredAfter = Number.POSITIVE_INFINITY;
    while (Date.now() - back < RECOVERY_MS + 5000) {
      const [health, create] = [await call('health', `${base}/api/health`), await mix()];
      if (health.status === 200 && (create.status === 200 || create.status === 201)) {
        recoveredAfter = Date.now() - back;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(recoveredAfter, 'ms until serving again').toBeLessThanOrEqual(RECOVERY_MS);
    const after: Answer[] = [];
    const t1 = Date.now();
    await load(8, () => Date.now() - t1 > 2000, after);
    expect(after.filter((a) => a.status !== 200 && a.status !== 201), 'after the outage').toEqual([]);

    // No leaked connections: the pool holds at most its size.
    const admin = new pg.Client({ connectionString: pgCluster.url });
    await admin.connect();
    const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [pgCluster.name]);
    await admin.end();
    expect(rows[0]!.n).toBeLessThanOrEqual(POOL_SIZE);

    product.child.kill('SIGTERM');
    expect(await product.exited).toBe(0);
    console.log(`db-outage: ${during.length} answers during ${OUTAGE_MS / 1000} s (all 503), serving again ${recoveredAfter} ms after the return, ${rows[0]!.n} connections after`);
    recordFigures('faults', { 'database outage': 1, 'requests during outage': during.length });
    recordFigures('lost', { 'crashed processes': 0 });
  });
});
