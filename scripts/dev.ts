// `npm run dev`: the Astro dev server (reload on change) on PORT, proxying /api and /dev to an API
// process that restarts when its code changes (tsx watch). One origin for the browser, as in production.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const port = Number(process.env.PORT ?? 4321);
const apiPort = Number(process.env.DEV_API_PORT ?? port + 1);
const require = createRequire(import.meta.url);
const astroBin = path.join(path.dirname(require.resolve('astro/package.json')), 'bin', 'astro.mjs');
const tsxCli = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
const siteUrl = process.env.PUBLIC_SITE_URL ?? `http://localhost:${port}`;

const children = [
  spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', 'scripts/start.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(apiPort), SERVE_SITE: 'false', PUBLIC_SITE_URL: siteUrl },
  }),
  spawn(process.execPath, [astroBin, 'dev', '--port', String(port)], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', DEV_API_PORT: String(apiPort), PUBLIC_SITE_URL: siteUrl },
  }),
];

const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
