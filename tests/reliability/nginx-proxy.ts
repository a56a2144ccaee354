// Debian's nginx as the reverse proxy of the topology test, run as the current user with everything
// (config, logs, temporary files, pid) in a temp dir: no system service, no system directories. The
// configuration is deploy/nginx.conf.template itself, the file docs/operations.md tells operators to copy.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { NGINX_CANDIDATES, findNginx } from '#tests/setup/system-programs';
import { freePort, root } from './process-harness';

export const NGINX_TEMPLATE = path.join(root, 'deploy', 'nginx.conf.template');

export type NginxSettings = { listen: string; api1: string; api2: string; siteRoot: string };

/** The template with its ${FARMSPACE_…} placeholders filled, as `envsubst` would; nginx's own $variables stay. */
export function renderNginxConfig(template: string, settings: NginxSettings): string {
  const values: Record<string, string> = {
    FARMSPACE_LISTEN: settings.listen,
    FARMSPACE_API_1: settings.api1,
    FARMSPACE_API_2: settings.api2,
    FARMSPACE_SITE_ROOT: settings.siteRoot,
  };
  return template.replace(/\$\{(FARMSPACE_[A-Z0-9_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${NGINX_TEMPLATE} uses an unknown placeholder \${${name}}`);
    return value;
  });
}

function nginxBinary(): string {
  const found = findNginx();
  if (!found) throw new Error(`No nginx found (looked at ${NGINX_CANDIDATES.join(', ')}): apt-get install -y nginx-light (npm test's preflight does).`);
  return found;
}

export type NginxProxy = {
  baseUrl: string;
  /** nginx's error log so far (its stderr): one line per upstream failure it saw, retried or not. */
  errorLog(): string;
  stop(): Promise<void>;
};

/** Starts nginx on a free loopback port in front of the two API addresses (host:port each). */
export async function startNginx(api1: string, api2: string, siteRoot: string): Promise<NginxProxy> {
  const binary = nginxBinary();
  const prefix = mkdtempSync(path.join(tmpdir(), 'topology-nginx-'));
  for (const dir of ['logs', 'temp']) mkdirSync(path.join(prefix, dir));
  const port = await freePort();
  const confFile = path.join(prefix, 'nginx.conf');
  writeFileSync(confFile, renderNginxConfig(readFileSync(NGINX_TEMPLATE, 'utf8'), { listen: `127.0.0.1:${port}`, api1, api2, siteRoot }));
  // As root, nginx would hand its workers to `nobody`, who cannot use our temp dir: keep them ours.
  const globals = `daemon off; pid ${path.join(prefix, 'nginx.pid')};${userInfo().uid === 0 ? ' user root;' : ''}`;
  const check = spawnSync(binary, ['-t', '-q', '-p', prefix, '-c', confFile, '-g', globals], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused ${NGINX_TEMPLATE}: ${check.stderr}`);

  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', confFile, '-g', globals]);
  let log = '';
  child.stderr!.on('data', (d: Buffer) => (log += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start: ${log}`);
    const up = await fetch(`${baseUrl}/robots.txt`).then((r) => r.ok, () => false);
    if (up) break;
    if (waited > 10_000) throw new Error(`nginx did not answer on ${baseUrl}: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    errorLog: () => log,
    async stop() {
      // Never SIGKILL the master: its workers would outlive it. SIGTERM is nginx's fast shutdown.
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
