// Where the end-to-end tests find Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium.
// Playwright's own browser download does not work on these machines.
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];

export function findChromium(): string | undefined {
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p));
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
