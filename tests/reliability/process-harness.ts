// Real processes for the fault tests: one throwaway PostgreSQL cluster shared by them (Debian's initdb and
// pg_ctl, as the postgres user when we are root, in a temp dir, on a free port — never the shared server)
// and `npm start`'s entry point as a child process whose output is captured for the secrets scan.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBin } from '#tests/setup/system-programs';
import { PRODUCTION_VAPID_ENV } from '../fixtures/vapid';

export const root = path.resolve(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function postgresBin(): string {
  const bin = findPostgresBin();
  if (!bin) throw new Error('No PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql; npm test\'s preflight does)');
  return bin;
}

/** Where the fault tests' cluster lives: plain data, handed from the global setup to each test file. */
export type FaultClusterInfo = { bin: string; dir: string; dataDir: string; port: number; asRoot: boolean };

/** The cluster's programs, as the postgres user when we are root (initdb refuses to run as root). */
function runAsOwner(info: FaultClusterInfo, args: string[], { check = true } = {}) {
  const [cmd, ...rest] = info.asRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args;
  const result = spawnSync(cmd!, rest, { encoding: 'utf8', cwd: info.dir });
  if (check && result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  return result;
}

/**
 * Starts, stops (fast shutdown: open connections are cut) and removes the fault tests' cluster. Every
 * call waits until pg_ctl reports it done (-w): no fixed sleeps.
 */
export function faultClusterControl(info: FaultClusterInfo) {
  const pgCtl = (...args: string[]) => runAsOwner(info, [path.join(info.bin, 'pg_ctl'), '-D', info.dataDir, ...args]);
  // pg_ctl status exits 3 when the server is not running.
  const running = () => runAsOwner(info, [path.join(info.bin, 'pg_ctl'), '-D', info.dataDir, 'status'], { check: false }).status === 0;
  const options = `-p ${info.port} -k ${info.dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=60`;
  return {
    url: (database: string) => `postgres://postgres@127.0.0.1:${info.port}/${database}`,
    start: () => void pgCtl('-o', options, '-l', path.join(info.dir, 'log'), '-w', '-t', '60', 'start'),
    stop: () => void pgCtl('-m', 'fast', '-w', 'stop'),
    /** Started unless it already runs (after a test that stopped it failed half-way). */
    ensureRunning() {
      if (!running()) this.start();
    },
    destroy() {
      try {
        this.stop();
      } catch {
        // already stopped
      }
      rmSync(info.dir, { recursive: true, force: true });
    },
  };
}

/**
 * One throwaway PostgreSQL cluster for all the fault tests (Debian's initdb and pg_ctl, in a temp dir, on a
 * free port — never the shared server), made once per run by tests/setup/process-setup.ts; each test file
 * takes a database of its own in it (faultDatabase). They run one at a time: db-outage stops the cluster.
 */
export async function createFaultCluster(): Promise<FaultClusterInfo> {
  const dir = mkdtempSync(path.join(tmpdir(), 'reliability-pg-'));
  const info: FaultClusterInfo = { bin: postgresBin(), dir, dataDir: path.join(dir, 'data'), port: await freePort(), asRoot: userInfo().uid === 0 };
  if (info.asRoot) {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(uid.stdout.trim()), Number(gid.stdout.trim()));
    chmodSync(dir, 0o700);
  }
  runAsOwner(info, [path.join(info.bin, 'initdb'), '-D', info.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  faultClusterControl(info).start();
  return info;
}

/** A fresh database of this test file's own in the fault tests' cluster, and the cluster's controls. */
export async function faultDatabase(name: string) {
  // Imported here: the global setup imports this module too, outside any test worker.
  const { inject } = await import('vitest');
  const info = inject('faultCluster');
  if (!info) throw new Error('The fault tests run in the `process` project of `npm run test:deep` (TEST_DEPTH=deep), whose global setup makes their cluster.');
  const cluster = faultClusterControl(info);
  cluster.ensureRunning();
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return { ...cluster, url: cluster.url(name), name };
}

export type ProductProcess = {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<number | null>;
  output(): string;
};

const started = new Set<ChildProcess>();
/** Every line any product process printed during this test file (scanned for secrets). */
export const processLogs: string[] = [];

/**
 * Starts `npm start`'s entry point (API only) and waits until it prints its address. `port` restarts an
 * instance where a proxy expects it; by default a free one.
 */
export async function startProduct(env: Record<string, string>, port?: number): Promise<ProductProcess> {
  port ??= await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_SITE_URL: baseUrl, SERVE_SITE: 'false', LOG_LEVEL: 'info', NODE_ENV: 'test', PASSWORD_HASH_COST: 'test', TRUST_PROXY: 'true', ...(env.NODE_ENV === 'production' && PRODUCTION_VAPID_ENV), ...env },
  });
  started.add(child);
  // When the test fails (a timeout included), what this process printed goes into the test's output, so
  // the failure log (tests/setup/vitest-timings.ts) says how far the product got.
  const { onTestFailed } = await import('vitest');
  onTestFailed(() => console.log(`product on ${baseUrl} (pid ${child.pid}), its last output:\n${out.slice(-4000)}`));
  let out = '';
  const collect = (d: Buffer) => {
    out += d;
    processLogs.push(...String(d).split('\n').filter(Boolean));
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => (started.delete(child), resolve(code))));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (out.includes('FarmSpace is running at')) resolve();
    };
    child.stdout!.on('data', onData);
    exited.then((code) => reject(new Error(`product exited early (${code}): ${out.slice(-2000)}`)));
  });
  return { child, baseUrl, exited, output: () => out };
}

/** Kills (SIGKILL) every product process this file started and has not seen exit. */
export function killStarted(): void {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
}

export async function post(baseUrl: string, p: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl, ...headers }, body: JSON.stringify(body) });
}
