// The suite's test app: the real app on a fresh database behind a trusted proxy (each call from its own
// address, so per-IP limits do not hide the route's own answer), with an owner and a stranger, and one
// helper that calls a route-table entry as a visitor, a stranger or the owner.
import { randomInt } from 'node:crypto';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../fixtures/users';
import { spaceRow, insertSpaces } from '../fixtures/spaces';
import { resolveCall, type RouteEntry, type Scenario } from './route-table';
import { rememberSecret } from './secrets';

export type Who = 'visitor' | 'stranger' | 'owner';

export async function startSuiteApp(env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({ env: { TRUST_PROXY: 'true', LOG_LEVEL: 'debug', ...env } });
}

/** A fresh owner and stranger, so routes that sign out or change a password do not disturb the next one. */
export async function newScenario(t: TestApp): Promise<Scenario> {
  const [owner, stranger] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  // Their passwords and session tokens must never appear in a log line (secrets.ts).
  for (const user of [owner, stranger]) {
    rememberSecret(user.password);
    for (const pair of user.cookie.split('; ')) rememberSecret(decodeURIComponent(pair.slice(pair.indexOf('=') + 1)).split('.')[0]);
  }
  return {
    t,
    owner,
    stranger,
    async draftSpace(user: TestUser) {
      const [row] = await insertSpaces(t.db, [spaceRow(user.id, t.clock.now(), { hasListingFee: false, title: `Draft of ${user.email}` })]);
      return row!.id;
    },
  };
}

/** A documentation address (TEST-NET) per call: the rate limits count per client address. */
export function freshIp(): string {
  return `198.18.${randomInt(0, 255)}.${randomInt(1, 255)}`;
}

export async function callAs(scenario: Scenario, entry: RouteEntry, who: Who, init: { body?: unknown; headers?: Record<string, string> } = {}) {
  // On 'signed-in' and public routes a stranger acts on their own account: the sample body is theirs.
  const actsOnOwnAccount = who === 'stranger' && (entry.access === 'signed-in' || entry.access === 'public');
  const s: Scenario = actsOnOwnAccount ? { ...scenario, owner: scenario.stranger, stranger: scenario.owner } : scenario;
  const { method, url } = await resolveCall(entry, s);
  const body = init.body !== undefined ? init.body : entry.body?.(s);
  const cookie = who === 'owner' ? scenario.owner.cookie : who === 'stranger' ? scenario.stranger.cookie : undefined;
  return s.t.request(url, { method, body, cookie, headers: { 'x-forwarded-for': freshIp(), ...init.headers } });
}
