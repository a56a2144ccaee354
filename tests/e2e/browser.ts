// Where the end-to-end tests find Chromium: CHROMIUM_PATH, else Debian's chromium-headless-shell, else
// Debian's full /usr/bin/chromium. Playwright's own browser download does not work on these machines.
// The headless shell is Chromium's old headless mode without the browser UI around it: the same Blink
// and V8 as the full browser, and on this machine the end-to-end suite's test time falls by a third with
// it (docs/decisions/0613). Lighthouse measures pages as a person's full browser renders them, so the
// benchmark asks for the full browser (findFullChromium).
import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';

export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, HEADLESS_SHELL_PATH, ...FULL_CHROMIUM].filter(Boolean) as string[];

/** The browser the end-to-end tests drive. */
export function findChromium(): string | undefined {
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p));
}

/** The full browser, for measurements of what a person's browser does (bench/lighthouse.ts). */
export function findFullChromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, ...FULL_CHROMIUM].filter(Boolean).find((p) => existsSync(p as string));
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The e2e server trusts X-Forwarded-For (TRUST_PROXY=true), so each spec file can act as a visitor from
 * its own network: the per-IP limits on sign-up and sign-in then apply per file, as they would to
 * different people, instead of one address exhausting them for the whole run.
 */
export function visitorFrom(lastOctet: number): { extraHTTPHeaders: Record<string, string> } {
  return { extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${lastOctet}` } };
}

/**
 * The page's load, then the network quiet (no request for 500 ms) for at most `quietMs`. With the service
 * worker in the page, Playwright's networkidle once never came although every request had finished (CI, a
 * content page): the wait then ends here instead of at the test's timeout.
 */
export async function settled(page: Page, quietMs = 5_000): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: quietMs }).catch(() => undefined);
}
