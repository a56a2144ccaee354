// Real processes for the fault tests: a throwaway PostgreSQL cluster of our own (Debian's initdb and
// pg_ctl, as the postgres user when we are root, in a temp dir, on a free port — never the shared server)
// and `npm start`'s entry point as a child process whose output is captured for the secrets scan.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBin } from '#tests/setup/system-programs';

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

/** A PostgreSQL cluster that only this test uses: start(), stop() (fast shutdown), destroy(). */
export async function startThrowawayPostgres() {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'reliability-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = userInfo().uid === 0;
  // initdb refuses to run as root: the cluster belongs to the postgres user.
  if (asRoot) {
    const pwd = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(pwd.stdout.trim()), Number(gid.stdout.trim()));
    chmodSync(dir, 0o700);
  }
  const run = (args: string[]) => {
    const [cmd, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args;
    const result = spawnSync(cmd!, rest, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  run([path.join(bin, 'initdb'), '-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=60`;
  const start = () => run([path.join(bin, 'pg_ctl'), '-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  const stop = () => run([path.join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'fast', '-w', 'stop']);
  start();
  run([path.join(bin, 'createdb'), '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'reliability_fault']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/reliability_fault`,
    port,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A database of its own on the shared PostgreSQL server (TEST_DATABASE_URL's, else 127.0.0.1:5432), for
 * tests that need a real server but stop no database. An unreachable server fails the test, never skips it.
 */
export async function createScratchDatabase(prefix: string) {
  const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const at = (database: string) => Object.assign(new URL(server.href), { pathname: `/${database}` }).href;
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: at('postgres'), connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
    } catch (error) {
      throw new Error(`This test needs PostgreSQL at ${server.host} (set TEST_DATABASE_URL to another server): ${(error as Error).message}`, { cause: error });
    }
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  return { url: at(name), drop: () => admin(`drop database if exists "${name}" with (force)`) };
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
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_SITE_URL: baseUrl, SERVE_SITE: 'false', LOG_LEVEL: 'info', NODE_ENV: 'test', TRUST_PROXY: 'true', ...env },
  });
  started.add(child);
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
