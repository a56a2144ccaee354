// Every benchmark still runs (issue 44): each `bench` / `bench:*` script of package.json, run as `npm run`
// runs it, in its smoke mode (BENCH_SMOKE=1, bench/smoke.ts) — a tiny scale, one short round, the same checks
// of sameness (a bare handler or a limit that answers other bytes than the product stops the bench) and the
// same output lines. On the fault tests' throwaway PostgreSQL cluster, one bench at a time, each on the
// end-to-end port (E2E_PORT and the ports after it: free once the end-to-end run is over), so the benches
// that serve the site use the build made for that address instead of building one of their own.
// A bench that throws, exits non-zero or does not print the smoke banner (one without a smoke mode) fails
// here. No figure is judged: a smoke run's figures mean nothing.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFailed } from 'vitest';
import { E2E_PORT } from '#tests/setup/paths';
import { faultDatabase, root } from '#tests/reliability/process-harness';
import { SMOKE_BANNER } from './smoke';

const benches = Object.keys((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts).filter((name) => /^bench(:|$)/.test(name));

/** The environment of a bench: this one's, without what the test runner or a developer's shell set for other runs. */
function benchEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^(BENCH_|VITEST|TEST_|NODE_ENV$|PUBLIC_SITE_URL$|DATABASE_URL$)/.test(name)) env[name] = value;
  return { ...env, ...extra };
}

function run(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    onTestFailed(() => {
      console.log(`npm run ${script} (BENCH_SMOKE=1), its last output:\n${output.slice(-6000)}`);
      // A bench that timed out still runs: stop it and what it started (its own process group).
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output, seconds: (performance.now() - started) / 1000 }));
  });
}

describe('every benchmark runs in its smoke mode (BENCH_SMOKE=1)', () => {
  it('the benchmarks are read from package.json', () => {
    expect(benches).toEqual(expect.arrayContaining(['bench', 'bench:spaces', 'bench:demand', 'bench:messaging', 'bench:photos']));
  });

  it.each(benches)('npm run %s', { timeout: 600_000 }, async (script) => {
    const name = `bench_smoke_${script.replace(/\W+/g, '_')}`;
    const database = await faultDatabase(name);
    const admin = new URL(database.url);
    admin.pathname = '/postgres';
    const { code, output, seconds } = await run(
      script,
      benchEnv({ BENCH_SMOKE: '1', BENCH_PORT: String(E2E_PORT), BENCH_ADMIN_URL: admin.href, BENCH_DB_NAME: name, BENCH_DATABASE_URL: database.url }),
    );
    console.log(`npm run ${script} (smoke): exit ${code} in ${seconds.toFixed(0)} s`);
    expect(output, 'every bench has a smoke mode that says its figures are not measurements').toContain(SMOKE_BANNER);
    expect(code, output.slice(-3000)).toBe(0);
  });
});
