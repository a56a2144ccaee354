// Input and output (issue 15, items 9, 12–14, 17): bad encodings, bad percent-encoding, NUL characters and
// out-of-range cursors get a 4xx that says what is wrong and change nothing; failed queries log the
// statement, not the values; answers carrying tokens are never stored by caches; the CSRF refusal names
// no origin; production answers only its configured hosts; the dev mailbox answers only the machine itself.
import { request as httpRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { validSpaceBody } from '../fixtures/spaces';
import { freshIp, newScenario, startSuiteApp } from './harness';
import { assertNoSecrets, rememberPersonalData, rememberSecret } from './secrets';
import type { Scenario } from './route-table';

let t: TestApp;
let s: Scenario;
beforeAll(async () => {
  t = await startSuiteApp();
  s = await newScenario(t);
});
afterAll(async () => {
  await t.close();
  rememberSecret(t.config.BETTER_AUTH_SECRET);
  assertNoSecrets(t.logs, 'input-output.test.ts app logs');
});

async function spaceCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from spaces`);
  return Number(row!.n);
}

/** POSTs raw bytes as the signed-in owner, from the site. */
async function postRaw(path: string, body: Buffer | string, headers: Record<string, string>) {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { origin: t.baseUrl, cookie: s.owner.cookie, 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, text: await res.text() };
}

describe('item 9: bad input is a 4xx with a clear message and changes nothing', () => {
  it('a body that claims gzip or br but is not that encoding', async () => {
    const before = await spaceCount();
    const json = JSON.stringify(validSpaceBody());
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const res = await postRaw('/api/spaces', json, { 'content-encoding': encoding });
      expect(res.status, `${encoding}: ${res.text}`).toBe(400);
      expect(JSON.parse(res.text).message).toMatch(new RegExp(`not valid ${encoding}`, 'i'));
    }
    expect(await spaceCount()).toBe(before);
  });

  it('a body that really is gzip or br is read', async () => {
    const json = JSON.stringify(validSpaceBody());
    expect((await postRaw('/api/spaces', gzipSync(json), { 'content-encoding': 'gzip' })).status).toBe(201);
    expect((await postRaw('/api/spaces', brotliCompressSync(json), { 'content-encoding': 'br' })).status).toBe(201);
  });

  it('a path that is not valid percent-encoding', async () => {
    for (const path of ['/api/spaces/%ff', '/api/blog/%E0%A4%A', '/api/conversations/%c0%af/messages', '/spaces/%ff']) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: { cookie: s.owner.cookie, accept: 'application/json' } });
      const text = await res.text();
      expect(res.status, `${path}: ${text}`).toBe(400);
      expect(JSON.parse(text).message, path).toMatch(/percent-encoding/);
    }
  });

  it('a NUL character in any text field, body, query or path', async () => {
    const conversationId = await s.conversation(s.owner);
    const spaceId = await s.draftSpace(s.owner);
    const before = await spaceCount();
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/api/spaces', validSpaceBody({ title: 'Roof\u0000top' })],
      ['PATCH', `/api/spaces/${spaceId}`, { description: 'x\u0000'.repeat(30) }],
      ['POST', `/api/conversations/${conversationId}/messages`, { content: 'Hello\u0000there' }],
      ['POST', '/api/saved-searches', { name: 'My\u0000search', query: 'city=Portland' }],
      ['PATCH', '/api/auth/profile', { firstName: 'A\u0000', lastName: s.owner.lastName, email: s.owner.email, userType: 'farmer' }],
      ['POST', '/api/auth/register', { firstName: 'N\u0000', lastName: 'Ul', email: `nul-${Date.now()}@example.com`, password: 'Nul-Character-Pass-1' }],
      ['POST', '/api/spaces', { ...validSpaceBody(), amenities: ['ok', 'bad\u0000'] }],
      ['GET', '/api/spaces?city=Port%00land', undefined],
      ['GET', '/api/blog/abc%00def', undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request(path, { method, body, cookie: s.owner.cookie, headers: { 'x-forwarded-for': freshIp() } });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(400);
      expect(res.json.message, `${method} ${path}`).toMatch(/NUL character/);
    }
    expect(await spaceCount()).toBe(before);
    const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from messages where conversation_id = ${conversationId}`);
    expect(Number(row!.n)).toBe(1);
  });

  it('an out-of-range cursor or id on a thread', async () => {
    const conversationId = await s.conversation(s.owner);
    for (const query of ['before=9999999999', 'after=9999999999', 'before=99999999999999999999', 'after=2147483648']) {
      const res = await t.request(`/api/conversations/${conversationId}/messages?${query}`, { cookie: s.owner.cookie });
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(res.json.message, query).toMatch(/message id/);
    }
    for (const path of ['/api/spaces/99999999999999999999', '/api/payments/9223372036854775808', '/api/conversations/2147483648/messages']) {
      const res = await t.request(path, { cookie: s.owner.cookie });
      expect(res.status, `${path}: ${res.text}`).toBe(404);
    }
  });
});

describe('item 13: failed queries log the statement and the error, not the values', () => {
  it('keeps e-mail addresses and message texts out of the log line', async () => {
    const email = `failed-query-${Date.now()}@example.com`;
    const text = `A private message about my allotment ${Date.now()}`;
    rememberPersonalData(email);
    rememberPersonalData(text);
    const error = await queryRows(t.db, sql`select ${email}::int + ${text}::int`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    t.context.logger.error({ err: error }, 'unhandled error');
    const line = t.logs.at(-1)!;
    expect(line).toContain('select $1::int + $2::int');
    expect(line).toContain('invalid input syntax');
    expect(line).not.toContain(email);
    expect(line).not.toContain(text);
  });
});

describe('item 14: answers carrying tokens are no-store; the CSRF refusal lists no origins', () => {
  it('better-auth session answers are closed over HTTP (issue 38 item 12): no token to store or cache', async () => {
    for (const path of ['/api/auth/ba/list-sessions', '/api/auth/ba/get-session']) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: { cookie: s.owner.cookie } });
      const text = await res.text();
      expect(res.status, `${path}: ${text}`).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('the CSRF refusal names the variable to set, not the origins this server accepts', async () => {
    const app = await startTestApp({ env: { ALLOWED_ORIGINS: 'https://second-site.example,https://third-site.example', NODE_ENV: 'production', BETTER_AUTH_SECRET: 'c'.repeat(40) } });
    try {
      const res = await app.request('/api/auth/forgot-password', { body: { email: 'nobody@example.com' }, headers: { origin: 'https://evil.example' } });
      expect(res.status).toBe(403);
      expect(res.json.message).toMatch(/ALLOWED_ORIGINS/);
      for (const origin of ['second-site.example', 'third-site.example', app.baseUrl]) expect(res.json.message).not.toContain(origin);
    } finally {
      await app.close();
    }
  });
});

/** A raw HTTP/1.1 request with a Host of our choice (fetch always sends the URL's). */
function rawGet(baseUrl: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers: { host, accept: 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('item 12: in production only the configured hosts are answered', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await startTestApp({
      env: { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'h'.repeat(40), PUBLIC_SITE_URL: 'https://farmspace.example', ALLOWED_ORIGINS: 'https://www.farmspace.example,http://10.0.0.5:4321' },
    });
  });
  afterAll(async () => prod.close());

  it('answers PUBLIC_SITE_URL and ALLOWED_ORIGINS hosts, refuses others with 421, keeps /api/health for load balancers', async () => {
    for (const host of ['farmspace.example', 'www.farmspace.example', '10.0.0.5:4321', 'FarmSpace.Example']) {
      const res = await rawGet(prod.baseUrl, '/api/spaces', host);
      expect(res.status, `${host}: ${res.body}`).toBe(200);
    }
    for (const host of ['evil.example', 'farmspace.example.evil.example', '10.0.0.5:9999', '127.0.0.1']) {
      const res = await rawGet(prod.baseUrl, '/api/spaces', host);
      expect(res.status, `${host}: ${res.body}`).toBe(421);
      expect(JSON.parse(res.body).message).toMatch(/PUBLIC_SITE_URL/);
    }
    expect((await rawGet(prod.baseUrl, '/api/health', 'internal-probe')).status).toBe(200);
  });

  it('outside production any host is answered (a LAN address, a tunnel)', async () => {
    expect((await rawGet(t.baseUrl, '/api/spaces', 'some-laptop.local:4321')).status).toBe(200);
  });
});

describe('item 17: the development mailbox answers only the machine itself', () => {
  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

  it('serves loopback, and 404 to any other address whatever X-Forwarded-For says', async () => {
    if (!lanAddress) throw new Error('this test needs a non-loopback IPv4 address on the machine to call from');
    const lan = await startTestApp({ listenHost: '0.0.0.0', env: { TRUST_PROXY: 'true' } });
    try {
      const port = new URL(lan.baseUrl).port;
      for (const path of ['/api/dev/mail', '/dev/mail']) {
        expect((await fetch(`http://127.0.0.1:${port}${path}`)).status, `${path} from loopback`).toBe(200);
        const fromLan = await fetch(`http://${lanAddress}:${port}${path}`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
        expect(fromLan.status, `${path} from ${lanAddress}`).toBe(404);
        expect(await fromLan.text()).not.toContain('Development mailbox');
      }
    } finally {
      await lan.close();
    }
  });
});
