// Graceful stop: SIGTERM while requests are in flight → those requests complete (2xx), new connections
// are refused, and the process exits 0 (api/src/server.ts's stop()).
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killStarted, post, processLogs, startProduct, type ProductProcess } from './process-harness';
import { assertNoSecrets } from './secrets';
import { recordFigures } from './summary';

const dataDir = mkdtempSync(path.join(tmpdir(), 'reliability-stop-'));
afterAll(() => {
  killStarted();
  rmSync(dataDir, { recursive: true, force: true });
  assertNoSecrets(processLogs, 'graceful-stop product logs');
});

/** A request on a brand-new connection (no keep-alive reuse): resolves with the status or the error code. */
function freshConnection(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: 5000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}

/** Resolves as soon as the product has written `text` (no polling, no fixed wait). */
function outputContains(product: ProductProcess, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!product.output().includes(text)) return;
      product.child.stdout!.off('data', check);
      product.child.stderr!.off('data', check);
      resolve();
    };
    product.child.stdout!.on('data', check);
    product.child.stderr!.on('data', check);
    check();
  });
}

describe('graceful stop', () => {
  it('SIGTERM with requests in flight: they complete, new ones are refused, exit 0', { timeout: 120_000 }, async () => {
    // Passwords at the standard cost: the requests must still be hashing when SIGTERM comes (the test cost,
    // docs/decisions/0612, answers them before the signal and leaves nothing in flight).
    const product = await startProduct({ DATA_DIR: dataDir, DATABASE_URL: '', PASSWORD_HASH_COST: 'standard' });
    const base = product.baseUrl;
    const IN_FLIGHT = 10;
    let done = 0;
    // Registrations hash a password (scrypt): slow enough that many are still running at SIGTERM.
    const writes = Array.from({ length: IN_FLIGHT }, (_, i) =>
      post(base, '/api/auth/register', { firstName: 'Stop', lastName: `N${i}`, email: `stop-${i}-${Date.now()}@example.com`, password: 'Graceful-Stop-Pass-5' }, { 'x-forwarded-for': `198.18.7.${i + 1}` })
        .then(async (res) => {
          await res.arrayBuffer();
          done += 1;
          return res.status;
        })
        .catch((error: Error) => `no answer: ${error.message} ${String((error as { cause?: unknown }).cause)}`),
    );
    // SIGTERM once the first answer is back: by then the server has read every request (a request still
    // unread in its socket is not in flight yet — Node's server.close() drops such idle connections),
    // and the others are still hashing.
    await Promise.race(writes);
    const pendingAtSigterm = IN_FLIGHT - done;
    const stopping = outputContains(product, '"msg":"shutting down"');
    product.child.kill('SIGTERM');
    // The server logs this once it has stopped accepting connections.
    await stopping;
    const newcomer = await freshConnection(`${base}/api/health`);
    const statuses = await Promise.all(writes);
    const code = await product.exited;
    if (process.env.RELIABILITY_DEBUG) (await import('node:fs')).writeFileSync('/tmp/rel-stop-vitest.log', product.output());

    expect(pendingAtSigterm, 'requests were in flight at SIGTERM').toBeGreaterThan(0);
    expect(statuses, `every in-flight request completed; code ${code}; ${product.output().slice(-1500)}`).toEqual(Array(IN_FLIGHT).fill(201));
    expect(newcomer, 'a new connection after SIGTERM is refused').toBe('ECONNREFUSED');
    expect(code).toBe(0);
    expect(product.output()).toContain('"msg":"stopped"');
    recordFigures('faults', { 'SIGTERM in flight': 1 });
    recordFigures('lost', { 'in-flight requests': statuses.filter((s) => s !== 201).length });
    console.log(`graceful-stop: ${pendingAtSigterm} of ${IN_FLIGHT} in flight at SIGTERM, all completed`);
  });
});
