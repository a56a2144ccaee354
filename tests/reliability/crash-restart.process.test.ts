// Crash and restart: 200 concurrent message sends (spread over 8 farmers' conversations, under the
// per-user limit), the API process killed with SIGKILL midway; after a restart every write that was acknowledged with a 2xx is in the database, and none is stored twice. Runs on a
// database of its own in the fault tests' throwaway PostgreSQL cluster (process-harness.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultDatabase, killStarted, processLogs, startProduct } from './process-harness';
import { assertNoSecrets } from './secrets';
import { recordFigures } from './summary';
import { messageSend, type WriteOperation } from './write-operations';

const WRITES = 200;

let pgCluster: Awaited<ReturnType<typeof faultDatabase>>;
beforeAll(async () => {
  pgCluster = await faultDatabase('crash_restart');
}, 120_000);
afterAll(() => {
  killStarted();
  assertNoSecrets(processLogs, 'crash-restart product logs');
});

async function crashDuringWrites<C>(operation: WriteOperation<C>) {
  const env = { DATABASE_URL: pgCluster.url };
  const first = await startProduct(env);
  const context = await operation.prepare(first.baseUrl, pgCluster.url);
  const prefix = `crash-${Date.now()}-`;
  const outcomes: Array<{ marker: string; status: number | 'no answer' }> = [];
  let acknowledged = 0;
  let killed = false;
  const killAfter = Math.floor(WRITES / 4);
  const sends = Array.from({ length: WRITES }, async (_, i) => {
    const marker = `${prefix}${i}`;
    try {
      const status = await operation.send(first.baseUrl, context, marker);
      outcomes.push({ marker, status });
      if (status >= 200 && status < 300 && ++acknowledged >= killAfter && !killed) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    } catch {
      outcomes.push({ marker, status: 'no answer' });
    }
  });
  await Promise.all(sends);
  await first.exited;
  expect(killed, 'the process was killed midway').toBe(true);

  const second = await startProduct(env);
  expect((await fetch(`${second.baseUrl}/api/health`)).status).toBe(200);
  const stored = await operation.count(pgCluster.url, prefix);
  const acked = outcomes.filter((o) => typeof o.status === 'number' && o.status >= 200 && o.status < 300);
  const lost = acked.filter((o) => stored.get(o.marker) !== 1);
  const duplicated = [...stored].filter(([, n]) => n > 1);
  const unanswered = outcomes.filter((o) => o.status === 'no answer').length;
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);

  expect(lost, `acknowledged but not stored exactly once: ${lost.map((o) => o.marker).join(', ')}`).toEqual([]);
  expect(duplicated, 'stored twice').toEqual([]);
  expect(acked.length).toBeGreaterThanOrEqual(killAfter);
  expect(unanswered, 'the kill cut some writes off').toBeGreaterThan(0);
  // Durability, not a limit: no send may have been refused by a rate limit or anything else.
  expect(outcomes.filter((o) => typeof o.status === 'number' && (o.status < 200 || o.status >= 300)), 'refused sends').toEqual([]);
  recordFigures('faults', { 'SIGKILL mid-write': 1 });
  recordFigures('lost', { 'acknowledged writes': lost.length, 'duplicated writes': duplicated.length });
  return { acked: acked.length, unanswered, stored: stored.size };
}

describe('crash and restart', () => {
  it(`${WRITES} concurrent ${messageSend.name}, SIGKILL midway: every acknowledged message is stored once`, { timeout: 180_000 }, async () => {
    const figures = await crashDuringWrites(messageSend);
    console.log(`crash-restart (messages): ${figures.acked} acknowledged, ${figures.unanswered} cut off, ${figures.stored} stored`);
  });
});
