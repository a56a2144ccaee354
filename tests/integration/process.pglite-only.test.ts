// `npm start` as a process: it prints its URL, keeps data across a restart, stops gracefully on SIGTERM,
// and refuses a bad configuration with one line naming the variable.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'farmspace-process-'));

/** A port that is free now: the site URL (and so the CSRF origin) must name the real port. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const started: Array<{ kill(signal?: NodeJS.Signals): boolean; exitCode: number | null }> = [];

function start(env: Record<string, string>, port = 0) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_SITE_URL: `http://127.0.0.1:${port}`, SERVE_SITE: 'false', LOG_LEVEL: 'info', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', PASSWORD_HASH_COST: 'test', ...env },
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /FarmSpace is running at (http:\/\/localhost:\d+)/.exec(stdout);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    exited.then(() => reject(new Error(`exited early: ${stderr}`)));
  });
  url.catch(() => undefined); // a start that is expected to fail never yields a URL
  return { child, url, exited, output: () => ({ stdout, stderr }) };
}

const password = 'a-long-Unusual-passphrase-7';

async function post(base: string, path: string, body: unknown) {
  return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) });
}

afterAll(() => {
  // A failed assertion must not leave a server running.
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the product process', () => {
  it('keeps data across a graceful restart', async () => {
    const port = await freePort();
    const first = start({}, port);
    const base = await first.url;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await post(base, '/api/auth/register', { email: 'restart@example.com', password, firstName: 'Rita', lastName: 'Restart' })).status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output().stdout).toContain('"msg":"stopped"');

    const second = start({}, port);
    const base2 = await second.url;
    const signIn = await post(base2, '/api/auth/login', { email: 'restart@example.com', password });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { user: { email: string } }).user.email).toBe('restart@example.com');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 60_000);

  it('refuses DATABASE_URL=nonsense with one line naming it and a non-zero exit', async () => {
    const bad = start({ DATABASE_URL: 'nonsense' });
    const code = await bad.exited;
    expect(code).not.toBe(0);
    const lines = bad.output().stderr.trim().split('\n');
    expect(lines).toEqual(['Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL']);
  }, 30_000);
});
