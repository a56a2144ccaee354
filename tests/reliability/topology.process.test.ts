// The production topology (docs/decisions/0610): two API instances (SERVE_SITE=false, TRUST_PROXY=true)
// on one PostgreSQL behind Debian's nginx running deploy/nginx.conf.template, which also serves the site
// build. Signed-in farmers browse, read their conversations, send messages and save searches through
// nginx, and visitors read anonymously, while instance A is stopped with SIGTERM, restarted, killed with
// SIGKILL and restarted again. Afterwards: every acknowledged write is stored exactly once, every read was
// answered 2xx, every write 2xx or a clear 5xx from the proxy, nothing hung; sessions work on both
// instances; a write through one instance clears the other's public-read cache within the bound.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSiteBuild } from '../../scripts/build-site';
import { validSpaceBody } from '../fixtures/spaces';
import { startNginx, type NginxProxy } from './nginx-proxy';
import { faultDatabase, freePort, killStarted, processLogs, startProduct, type ProductProcess } from './process-harness';
import { assertNoSecrets } from './secrets';
import { recordFigures } from './summary';
import { messageSend, publishDirectly, registerUser } from './write-operations';

/**
 * The static files nginx serves: the client directory of the site build (docs/decisions/0009), built once
 * for all the fault tests by tests/setup/process-setup.ts (here it is only found).
 */
const siteClientDir = () => path.join(ensureSiteBuild(), 'client');

const LOAD_MS = Number(process.env.RELIABILITY_TOPOLOGY_LOAD_MS ?? 30_000);
/** A write through one instance reaches the other's cache by LISTEN/NOTIFY (docs/decisions/0700). */
const INVALIDATION_BOUND_MS = 1_000;
/** Per farmer, under the limits (30 messages per 5 minutes, 20 saved searches), so no write is refused by them. */
const MESSAGE_BUDGET = 24;
const SAVED_SEARCH_BUDGET = 18;
const VISITORS = 2;
/** Saved searches the owner sends at the moment of the crash (the owner has none otherwise). */
const BURST_WRITES = 10;
/** Longer than nginx's worst case (two tries of 30 s read timeout are capped at 15 s): more is a hang. */
const CLIENT_TIMEOUT_MS = 20_000;
/** What a write may answer besides 2xx: the proxy saying the instance died under it (never resent). */
const CLEAR_WRITE_ERRORS = [502, 503, 504];

type Outcome = { kind: 'read' | 'write'; what: string; status: number | 'hung' | 'no answer'; marker?: string };

async function call(kind: Outcome['kind'], what: string, url: string, init: RequestInit = {}, marker?: string): Promise<Outcome> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
    await res.arrayBuffer();
    return { kind, what, status: res.status, marker };
  } catch (error) {
    return { kind, what, status: (error as Error).name === 'TimeoutError' ? 'hung' : 'no answer', marker };
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const is2xx = (o: Outcome) => typeof o.status === 'number' && o.status >= 200 && o.status < 300;

let database: Awaited<ReturnType<typeof faultDatabase>>;
let nginx: NginxProxy | undefined;
beforeAll(async () => {
  database = await faultDatabase('topology');
}, 30_000);
afterAll(async () => {
  await nginx?.stop();
  killStarted();
  assertNoSecrets(processLogs, 'topology product logs');
});

async function sql<T extends pg.QueryResultRow>(statements: Array<[string, unknown[]?]>): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    let rows: T[] = [];
    for (const [text, values] of statements) rows = (await client.query<T>(text, values)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

async function storedMarkers(prefix: string): Promise<Map<string, number>> {
  const rows = await sql<{ marker: string; n: number }>([
    [
      `select marker, count(*)::int as n from (
         select content as marker from messages where content like $1
         union all select name from saved_searches where name like $1) stored group by marker`,
      [`${prefix}%`],
    ],
  ]);
  return new Map(rows.map((r) => [r.marker, r.n]));
}

async function anonymousTitle(base: string, spaceId: number): Promise<string> {
  const res = await fetch(`${base}/api/spaces/${spaceId}`);
  expect(res.status, `anonymous read of the listing on ${base}`).toBe(200);
  return ((await res.json()) as { title: string }).title;
}

describe('production topology behind nginx', () => {
  it('two instances, one stopped then killed under load: nothing acknowledged lost, every request answered', { timeout: LOAD_MS + 180_000 }, async () => {
    const clientDir = siteClientDir();
    const [portA, portB] = [await freePort(), await freePort()];
    // nginx first: the instances' public origin is its address (CSRF, links), as in production.
    nginx = await startNginx(`127.0.0.1:${portA}`, `127.0.0.1:${portB}`, clientDir);
    const site = nginx.baseUrl;
    const env = { DATABASE_URL: database.url, PUBLIC_SITE_URL: site, SERVE_SITE: 'false', TRUST_PROXY: 'true' };
    const [firstA, b] = await Promise.all([startProduct(env, portA), startProduct(env, portB)]);
    let a: ProductProcess = firstA;

    // Through nginx: the build's files (instances serve none), and the API.
    const page = await fetch(`${site}/about`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-encoding'), 'the build’s .gz served as it is').toBe('gzip');
    expect((await fetch(`${b.baseUrl}/about`)).status, 'instances serve no site files').toBe(404);
    expect((await fetch(`${site}/api/health`)).status).toBe(200);
    // Ready as API-only instances (decision 1401), and nginx keeps each instance's /metrics to itself (1400).
    for (const instance of [a, b]) expect((await fetch(`${instance.baseUrl}/api/ready`)).status).toBe(200);
    expect((await fetch(`${site}/api/ready`)).status).toBe(200);
    expect((await fetch(`${site}/metrics`)).status).toBe(404);

    // People: farmers with conversations (registered on A), an owner of a live listing (registered on B).
    const messaging = await messageSend.prepare(a.baseUrl, database.url);
    const ownerCookie = await registerUser(b.baseUrl, 'topology-owner');
    const created = await fetch(`${b.baseUrl}/api/spaces`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site, cookie: ownerCookie }, body: JSON.stringify(validSpaceBody({ title: 'Topology rooftop' })) });
    expect(created.status).toBe(201);
    const { id: spaceId } = (await created.json()) as { id: number };
    await publishDirectly(database.url, spaceId);

    // The load: farmers read and write through nginx, visitors read anonymously (the cached reads).
    const prefix = `topology-${Date.now()}-`;
    const outcomes: Outcome[] = [];
    const started = Date.now();
    const until = started + LOAD_MS;
    const farmer = async (index: number) => {
      const { cookie, conversationId } = messaging.farmers[index]!;
      const write = { 'content-type': 'application/json', origin: site, cookie };
      let messages = 0;
      let searches = 0;
      for (let step = 0; Date.now() < until; step++) {
        // Writes spread over the whole run, so some are in flight at each fault.
        const due = (budget: number) => Math.min(budget, 1 + (budget * (Date.now() - started)) / LOAD_MS);
        let outcome: Outcome;
        if (step % 4 === 1 && messages < due(MESSAGE_BUDGET)) {
          const marker = `${prefix}m${index}-${++messages}`;
          outcome = await call('write', 'send message', `${site}/api/conversations/${conversationId}/messages`, { method: 'POST', headers: write, body: JSON.stringify({ content: marker }) }, marker);
        } else if (step % 4 === 3 && searches < due(SAVED_SEARCH_BUDGET)) {
          const marker = `${prefix}s${index}-${++searches}`;
          outcome = await call('write', 'save search', `${site}/api/saved-searches`, { method: 'POST', headers: write, body: JSON.stringify({ name: marker, query: 'city=Portland&spaceType=rooftop' }) }, marker);
        } else {
          const reads = [`/api/spaces?city=Portland`, '/api/conversations', `/api/conversations/${conversationId}/messages`, '/api/saved-searches'];
          const target = reads[step % reads.length]!;
          outcome = await call('read', `GET ${target.replace(/\d+/g, '{id}')}`, `${site}${target}`, { headers: { cookie } });
        }
        outcomes.push(outcome);
        await pause(40 + Math.random() * 40);
      }
    };
    const visitor = async () => {
      const reads = ['/api/spaces', `/api/spaces/${spaceId}`, '/api/spaces?featured=true', '/about'];
      for (let step = 0; Date.now() < until; step++) {
        const target = reads[step % reads.length]!;
        outcomes.push(await call('read', `anonymous GET ${target.replace(/\d+/g, '{id}')}`, `${site}${target}`));
        await pause(40 + Math.random() * 40);
      }
    };
    // The faults, on A only, while B serves: a graceful stop, then a crash; A comes back after each.
    const faults = async () => {
      await pause(LOAD_MS * 0.2);
      a.child.kill('SIGTERM');
      const stopCode = await a.exited;
      await pause(1_000);
      a = await startProduct(env, portA);
      await pause(Math.max(0, started + LOAD_MS * 0.55 - Date.now()));
      // The crash lands in a burst (reads by the farmers, saved searches by the owner), so requests are in
      // flight on A when it dies: nginx must resend the reads to B and answer the writes it cannot resend.
      const burst = [
        ...messaging.farmers.map(({ cookie, conversationId }) => call('read', 'GET /api/conversations/{id}/messages', `${site}/api/conversations/${conversationId}/messages`, { headers: { cookie } })),
        ...Array.from({ length: BURST_WRITES }, (_, i) => {
          const marker = `${prefix}burst-${i}`;
          return call('write', 'save search', `${site}/api/saved-searches`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site, cookie: ownerCookie }, body: JSON.stringify({ name: marker, query: 'city=Portland' }) }, marker);
        }),
      ];
      await pause(5);
      a.child.kill('SIGKILL');
      outcomes.push(...(await Promise.all(burst)));
      await a.exited;
      await pause(2_000);
      a = await startProduct(env, portA);
      return stopCode;
    };
    const [stopCode] = await Promise.all([faults(), ...messaging.farmers.map((_, i) => farmer(i)), ...Array.from({ length: VISITORS }, visitor)]);
    const loadSeconds = (Date.now() - started) / 1000;

    // Every request answered: reads 2xx (nginx retried them on B), writes 2xx or a clear proxy error.
    const reads = outcomes.filter((o) => o.kind === 'read');
    const writes = outcomes.filter((o) => o.kind === 'write');
    const failedReads = reads.filter((o) => !is2xx(o));
    const unclearWrites = writes.filter((o) => !is2xx(o) && !CLEAR_WRITE_ERRORS.includes(o.status as number));
    const acknowledged = writes.filter(is2xx);
    const refused = writes.filter((o) => !is2xx(o));

    // No acknowledged write lost, none stored twice (a write nginx refused may or may not have been stored).
    const stored = await storedMarkers(prefix);
    const lost = acknowledged.filter((o) => stored.get(o.marker!) !== 1);
    const duplicated = [...stored].filter(([, n]) => n > 1);
    const storedUnacknowledged = refused.filter((o) => stored.has(o.marker!)).length;

    // Sessions: each one made through one instance works on the other (and on the restarted A).
    const sessionChecks = [...messaging.farmers.map((f) => f.cookie), ownerCookie, await registerUser(b.baseUrl, 'topology-late')];
    const sessionStatuses = await Promise.all(sessionChecks.flatMap((cookie) => [a, b].map(async (instance) => (await fetch(`${instance.baseUrl}/api/auth/user`, { headers: { cookie } })).status)));

    // The public-read cache: a write through one instance reaches the other's cached anonymous read.
    const invalidation = async (writer: string, reader: string, title: string) => {
      // First, proof that the reader's cache is on (otherwise the timing below would prove nothing): after a
      // change it is not told about (triggers skipped) it still serves its cached answer. Any other write
      // to spaces in between (a background job's) clears the cache too: then try again.
      let cached = false;
      for (let attempt = 1; attempt <= 5 && !cached; attempt++) {
        const before = await anonymousTitle(reader, spaceId);
        await sql([['set session_replication_role = replica'], ['update spaces set title = $1 where id = $2', [`${title} (untold ${attempt})`, spaceId]]]);
        cached = (await anonymousTitle(reader, spaceId)) === before;
      }
      expect(cached, `${reader} serves anonymous reads from its cache`).toBe(true);
      const patched = await fetch(`${writer}/api/spaces/${spaceId}`, { method: 'PATCH', headers: { 'content-type': 'application/json', origin: site, cookie: ownerCookie }, body: JSON.stringify({ title }) });
      expect(patched.status).toBe(200);
      // From the write's acknowledgment to the other instance's first fresh answer.
      const t0 = Date.now();
      while ((await anonymousTitle(reader, spaceId)) !== title && Date.now() - t0 <= INVALIDATION_BOUND_MS) await pause(10);
      return Date.now() - t0;
    };
    const aToB = await invalidation(a.baseUrl, b.baseUrl, 'Topology rooftop, renamed on A');
    const bToA = await invalidation(b.baseUrl, a.baseUrl, 'Topology rooftop, renamed on B');

    if (process.env.RELIABILITY_DEBUG) (await import('node:fs')).writeFileSync('/tmp/topology-nginx.log', nginx.errorLog());
    const nginxLog = nginx.errorLog().split('\n');
    const refusedConnections = nginxLog.filter((line) => /connect\(\) failed/.test(line)).length;
    const cutInFlight = nginxLog.filter((line) => /prematurely closed|reset by peer/.test(line)).length;
    console.log(
      [
        `topology: ${outcomes.length} requests served through nginx in ${loadSeconds.toFixed(0)} s (${reads.length} reads, ${writes.length} writes)`,
        `  writes acknowledged ${acknowledged.length}, found afterwards ${acknowledged.length - lost.length}, stored twice ${duplicated.length}`,
        `  errors seen by clients: reads ${failedReads.length}, writes ${refused.length} (${refused.map((o) => o.status).join(', ') || 'none'}; ${storedUnacknowledged} of them stored anyway), hung ${outcomes.filter((o) => o.status === 'hung').length}`,
        `  nginx saw ${refusedConnections} refused connections (sent on to the other instance) and ${cutInFlight} requests cut in flight; SIGTERM exit code ${stopCode}`,
        `  cache invalidated across instances in ${aToB} ms (A→B) and ${bToA} ms (B→A); sessions checked on both: ${sessionChecks.length}`,
      ].join('\n'),
    );
    recordFigures('faults', { 'instance SIGTERM behind nginx': 1, 'instance SIGKILL behind nginx': 1 });
    recordFigures('lost', { 'acknowledged writes behind nginx': lost.length });

    expect(stopCode, 'the SIGTERMed instance stopped gracefully').toBe(0);
    expect(failedReads, 'reads not answered 2xx').toEqual([]);
    expect(unclearWrites, 'writes answered neither 2xx nor a clear proxy error').toEqual([]);
    expect(lost, 'acknowledged writes not stored exactly once').toEqual([]);
    expect(duplicated, 'writes stored twice').toEqual([]);
    expect(sessionStatuses, 'sessions valid on both instances').toEqual(sessionStatuses.map(() => 200));
    expect(aToB, `A→B invalidation within ${INVALIDATION_BOUND_MS} ms`).toBeLessThanOrEqual(INVALIDATION_BOUND_MS);
    expect(bToA, `B→A invalidation within ${INVALIDATION_BOUND_MS} ms`).toBeLessThanOrEqual(INVALIDATION_BOUND_MS);
    expect(acknowledged.length, 'the load wrote').toBeGreaterThan(messaging.farmers.length * 5);
  });
});
