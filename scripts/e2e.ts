// `npm run test:e2e`: fails (never skips) when no Chromium is found, builds the site for the test origin,
// starts from an empty embedded database, then runs Playwright.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_CANDIDATES, findChromium } from '#tests/e2e/browser';
import { E2E_PORT, E2E_SITE_URL } from '#tests/setup/paths';
import { ensureSiteBuild } from './build-site';

if (!findChromium()) {
  console.error(
    `No Chromium found (looked at ${CHROMIUM_CANDIDATES.join(', ')}).\n` +
      'Install it with `apt-get install -y chromium-headless-shell` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.',
  );
  process.exit(1);
}

process.env.PUBLIC_SITE_URL = E2E_SITE_URL;
process.env.PORT = String(E2E_PORT);
ensureSiteBuild();
rmSync(path.resolve('.tmp', `e2e-data-${E2E_PORT}`), { recursive: true, force: true });

const playwrightCli = path.resolve('node_modules', '@playwright', 'test', 'cli.js');
const result = spawnSync(process.execPath, [playwrightCli, 'test', ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
