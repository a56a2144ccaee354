// Every route of the app, read from the app itself: each has an entry in route-table.ts; every writing
// route refuses cross-site calls and writes nothing; every private route answers visitor / stranger /
// owner with 401/404/2xx and never shows one user's data to another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client';
import { SESSION_HINT_COOKIE } from '#contracts/constants';
import type { TestApp } from '../fixtures/test-app';
import { callAs, freshIp, newScenario, startSuiteApp } from './harness';
import { listRoutes } from './route-inventory';
import { createStripeProvider } from '#api/lib/payments';
import { startTestApp } from '../fixtures/test-app';
import { callerOf, ROUTES, resolveCall, routeKey, sampleBody, type RouteEntry, type Scenario } from './route-table';
import { recordFigures } from './summary';
import { assertNoSecrets, rememberSecret } from './secrets';

let t: TestApp;
let shared: Scenario;
beforeAll(async () => {
  t = await startSuiteApp();
  shared = await newScenario(t);
});
afterAll(async () => {
  await t.close();
  rememberSecret(t.config.BETTER_AUTH_SECRET);
  assertNoSecrets(t.logs, 'routes.test.ts app logs');
});

/** Row counts of every table: a refused request must leave all of them as they were. */
async function rowCounts(db: TestApp['db'] = t.db): Promise<Record<string, number>> {
  // Listing views are counted in memory and written every few seconds: write out what earlier tests counted
  // now, so a timed flush cannot land between two snapshots and look like a refused request's write.
  await t.context.listingViews.flush();
  const tables = await queryRows<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = Number(row!.n);
  }
  return counts;
}

const label = (e: RouteEntry) => (e.as ? `${routeKey(e)} (as ${e.as.method} ${e.as.path})` : routeKey(e));

describe('route inventory', () => {
  it('every route the app serves has an entry in the route table, and every entry is a served route', () => {
    const served = listRoutes(t.app);
    const tabled = new Set(ROUTES.map(routeKey));
    const missing = served.filter((r) => !tabled.has(routeKey(r)));
    const message = missing
      .map(
        (r) =>
          `Route ${routeKey(r)} has no entry in tests/reliability/route-table.ts. Add to ROUTES:\n` +
          `  { method: '${r.method}', path: '${r.path}', writes: ${r.method !== 'GET'}, access: 'owner' /* public | signed-in | owner | owner-read */,` +
          `${r.path.includes(':') ? ' params: async (s) => ({ /* sample values */ }),' : ''}${r.method !== 'GET' ? ' body: (s) => ({ /* a valid body */ }),' : ''} },`,
      )
      .join('\n');
    expect(missing, message).toEqual([]);
    const servedKeys = new Set(served.map(routeKey));
    const stale = ROUTES.filter((e) => !servedKeys.has(routeKey(e))).map(routeKey);
    expect(stale, `route-table.ts lists routes the app does not serve: ${stale.join(', ')}`).toEqual([]);
    recordFigures('routes', { inventory: served.length, tableEntries: ROUTES.length });
  });
});

describe('cross-site writes are refused and write nothing', () => {
  const writers = ROUTES.filter((e) => e.writes && callerOf(e) === 'browser');
  it.each(writers.map((e) => [label(e), e] as const))('%s', async (_name, entry) => {
    const s = shared;
    const { method, url } = await resolveCall(entry, s);
    const body = JSON.stringify((await sampleBody(entry, s)) ?? {});
    const before = await rowCounts();
    const attempts: Array<{ what: string; headers: Record<string, string>; body?: string }> = [
      { what: 'foreign Origin', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body },
      { what: 'Origin null (sandboxed frame)', headers: { origin: 'null', 'content-type': 'application/json' }, body },
      { what: 'foreign Referer, no Origin', headers: { referer: 'https://evil.example/page', 'content-type': 'application/json' }, body },
      { what: 'no Origin, no Referer', headers: { 'content-type': 'application/json' }, body },
      { what: 'form body from the site', headers: { origin: t.baseUrl, 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=2' },
      { what: 'text/plain body from the site', headers: { origin: t.baseUrl, 'content-type': 'text/plain' }, body },
      { what: 'multipart body from the site', headers: { origin: t.baseUrl, 'content-type': 'multipart/form-data; boundary=x' }, body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n' },
    ];
    for (const attempt of attempts) {
      const res = await fetch(`${t.baseUrl}${url}`, {
        method,
        headers: { cookie: s.owner.cookie, 'x-forwarded-for': freshIp(), ...attempt.headers },
        body: attempt.body,
      });
      expect([403, 415], `${label(entry)} with ${attempt.what}: ${res.status}`).toContain(res.status);
    }
    expect(await rowCounts(), `${label(entry)}: a refused request changed the database`).toEqual(before);
    recordFigures('cross-site', { [label(entry)]: attempts.length });
  });
});

describe('access matrix: visitor / stranger / owner', () => {
  const expected: Record<RouteEntry['access'], { visitor: number[]; stranger: number[] }> = {
    public: { visitor: [], stranger: [] },
    'signed-in': { visitor: [401], stranger: [] },
    owner: { visitor: [401], stranger: [404] },
    'owner-read': { visitor: [404], stranger: [404] },
    operator: { visitor: [404], stranger: [404] },
  };
  const ok = (e: RouteEntry) => (e.ok ? [e.ok] : [200, 201, 204]);

  it.each(ROUTES.filter((e) => callerOf(e) !== 'server').map((e) => [label(e), e] as const))('%s', async (_name, entry) => {
    // Params are resolved per call (each gets its own draft to read, change or delete); calls that sign
    // the owner out get users of their own.
    const scenario = () => (entry.fresh ? newScenario(t) : Promise.resolve(shared));
    const forVisitor = await scenario();
    const visitor = await callAs(forVisitor, entry, 'visitor');
    const forStranger = await scenario();
    const stranger = await callAs(forStranger, entry, 'stranger');
    const forOwner = await scenario();
    const owner = await callAs(forOwner, entry, 'owner');

    const rule = expected[entry.access];
    expect(rule.visitor.length ? rule.visitor : ok(entry), `visitor got ${visitor.status}: ${visitor.text.slice(0, 200)}`).toContain(visitor.status);
    expect(rule.stranger.length ? rule.stranger : ok(entry), `stranger got ${stranger.status}: ${stranger.text.slice(0, 200)}`).toContain(stranger.status);
    expect(ok(entry), `owner got ${owner.status}: ${owner.text.slice(0, 200)}`).toContain(owner.status);

    // No foreign data: neither the owner's e-mail nor their draft's title reaches anyone else (a public
    // call whose body is the owner's own credentials, such as sign-in, answers the owner: not foreign).
    const ownersBody = entry.access === 'public' && entry.body !== undefined;
    if (!ownersBody) for (const [who, res, scenario] of [['visitor', visitor, forVisitor], ['stranger', stranger, forStranger]] as const) {
      expect(res.text, `${who} saw the owner's e-mail`).not.toContain(scenario.owner.email);
      expect(res.text, `${who} saw the owner's draft`).not.toContain(`Draft of ${scenario.owner.email}`);
    }
    if (entry.access !== 'public') {
      expect(stranger.text, "stranger's answer carries a password hash or session").not.toMatch(/scrypt|"sid"|"password"/);
    }
    for (const [who, res] of [['visitor', visitor], ['stranger', stranger], ['owner', owner]] as const) expectSecurityHeaders(res.headers, `${label(entry)} as ${who}`);
    recordFigures('access', { [label(entry)]: 3 });
    recordFigures('headers', { [label(entry)]: 3 });
  });
});

describe('mail links: CSRF-exempt, so the token is all that authorizes them', () => {
  const links = ROUTES.filter((e) => callerOf(e) === 'mail-link');
  it.each(links.map((e) => [label(e), e] as const))('%s refuses a missing, malformed or unknown token from anywhere and writes nothing', async (_name, entry) => {
    // The per-address limit counts every attempt (that is what stops token guessing): rate_limits may grow.
    const state = async () => {
      const { rate_limits: _counted, ...rows } = await rowCounts();
      const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from saved_searches where unsubscribed_at is not null`);
      return { ...rows, unsubscribed: Number(row!.n) };
    };
    const before = await state();
    const path = entry.path;
    const tokens = ['', 'short', 'x'.repeat(65), '../../etc', 'A'.repeat(32), encodeURIComponent("' or 1=1 --")];
    for (const token of tokens) {
      for (const headers of [{ origin: 'https://evil.example' }, {}, { origin: t.baseUrl }] as Array<Record<string, string>>) {
        const res = await fetch(`${t.baseUrl}${path}${token === '' ? '' : `?token=${token}`}`, { method: entry.method, headers: { cookie: shared.owner.cookie, 'x-forwarded-for': freshIp(), ...headers } });
        const text = await res.text();
        expect([400, 404], `${label(entry)} with token ${JSON.stringify(token)}: ${res.status}`).toContain(res.status);
        expect(text).not.toContain(shared.owner.email);
      }
    }
    expect(await state(), `${label(entry)}: a refused link changed the database`).toEqual(before);
    recordFigures('cross-site', { [label(entry)]: tokens.length * 3 });
  });
});

describe('signed server calls: a bad signature is refused with 400 and writes nothing', () => {
  const hooks = ROUTES.filter((e) => callerOf(e) === 'server');
  it.each(hooks.map((e) => [label(e), e] as const))('%s', { timeout: 120_000 }, async (_name, entry) => {
    // The suite app runs the test-mode provider (no webhook): this one has a Stripe provider whose
    // signature check is local (no network), so the route answers as in production.
    const stripe = await startTestApp({
      env: { TRUST_PROXY: 'true', LOG_LEVEL: 'warn' },
      payments: createStripeProvider({ secretKey: 'sk_test_reliability', webhookSecret: 'whsec_reliability_suite_secret' }),
    });
    try {
      const s = await newScenario(stripe);
      const { method, url } = await resolveCall(entry, s);
      const sample = JSON.stringify(await sampleBody(entry, s));
      const counts = () => rowCounts(stripe.db);
      const before = await counts();
      const now = Math.floor(Date.now() / 1000);
      const attempts: Array<Record<string, string>> = [
        {},
        { 'stripe-signature': '' },
        { 'stripe-signature': 'garbage' },
        { 'stripe-signature': `t=${now},v1=${'0'.repeat(64)}` },
        { 'stripe-signature': `t=${now - 3600},v1=${'a'.repeat(64)}` },
        { 'stripe-signature': `t=${now},v1=${'b'.repeat(64)}`, origin: 'https://evil.example', cookie: s.owner.cookie },
      ];
      for (const headers of attempts) {
        const res = await fetch(`${stripe.baseUrl}${url}`, { method, headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...headers }, body: sample });
        expect(res.status, `${label(entry)} with ${JSON.stringify(headers)}: ${await res.text()}`).toBe(400);
        expectSecurityHeaders(res.headers, `${label(entry)} refused`);
      }
      // 1,000 bodies under a forged signature (as many as the fuzzer sends any route): always 400.
      const bodies = Array.from({ length: 1000 }, (_, i) => (i % 3 === 0 ? sample.replace('evt_forged', `evt_${i}`) : i % 3 === 1 ? '{'.repeat(i % 50) : JSON.stringify({ id: `evt_${i}`, type: 'charge.refunded', data: { object: { id: `pi_${i}` } } })));
      const statuses: number[] = [];
      for (let i = 0; i < bodies.length; i += 50) {
        const batch = bodies.slice(i, i + 50).map((body) =>
          fetch(`${stripe.baseUrl}${url}`, { method, headers: { 'stripe-signature': `t=${now},v1=${'c'.repeat(64)}`, 'x-forwarded-for': freshIp() }, body }).then(async (r) => (await r.arrayBuffer(), r.status)),
        );
        statuses.push(...(await Promise.all(batch)));
      }
      expect(statuses.filter((st) => st !== 400), 'forged deliveries not refused with 400').toEqual([]);
      expect(await counts(), `${label(entry)}: a forged delivery changed the database`).toEqual(before);
      recordFigures('cross-site', { [label(entry)]: attempts.length });
      recordFigures('fuzz', { [label(entry)]: bodies.length });
    } finally {
      await stripe.close();
    }
  });
});

/** The headers every answer carries, API and pages alike (pages are checked in Chromium: tests/e2e/reliability-*.spec.ts). */
export function expectSecurityHeaders(headers: Headers, where: string) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, `${where}: CSP object-src`).toMatch(/object-src 'none'/);
  expect(csp, `${where}: CSP base-uri`).toMatch(/base-uri 'self'/);
  expect(csp, `${where}: CSP frame-ancestors`).toMatch(/frame-ancestors 'none'/);
  expect(headers.get('x-content-type-options'), `${where}: nosniff`).toBe('nosniff');
  expect(headers.get('referrer-policy'), `${where}: referrer policy`).toBeTruthy();
  for (const cookie of headers.getSetCookie()) {
    expect(cookie, `${where}: cookie SameSite`).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    // The one cookie scripts may read is the signed-in hint (docs/decisions/0107): it says "1" or nothing.
    if (cookie.startsWith(`${SESSION_HINT_COOKIE}=`)) expect(cookie, `${where}: the hint carries no secret`).toMatch(new RegExp(`^${SESSION_HINT_COOKIE.replace('.', '\\.')}=1?;`));
    else expect(cookie, `${where}: cookie HttpOnly`).toMatch(/;\s*HttpOnly/i);
  }
}

describe('cookies in production', () => {
  it('are Secure, HttpOnly and SameSite', async () => {
    const prod = await startSuiteApp({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'p'.repeat(40) });
    try {
      const res = await prod.request('/api/auth/register', {
        body: { firstName: 'Prod', lastName: 'Cookie', email: `prod-${Date.now()}@example.com`, password: 'Production-Cookie-Pass-9' },
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect(res.status, res.text).toBe(201);
      const cookies = res.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
      expectSecurityHeaders(res.headers, 'production register');
      expect(res.headers.get('strict-transport-security')).toBeTruthy();
    } finally {
      await prod.close();
    }
  });
});
