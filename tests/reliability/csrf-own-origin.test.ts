// Defect 1 of issue 11: opened at 127.0.0.1 or a LAN address instead of PUBLIC_SITE_URL, sign-up and
// sign-in were refused as cross-site. Outside production the request's own origin (its Host) is the site;
// in production only PUBLIC_SITE_URL and ALLOWED_ORIGINS are, and a refusal says what to set (without
// listing the accepted origins). Production answers only its configured hosts: the calls there come through a
// trusted proxy that names the site's host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/index';
import { loadConfig } from '#api/config';
import { startTestApp, type TestApp } from '../fixtures/test-app';

const PRODUCTION_SECRET = 'x'.repeat(40);
const account = (tag: string) => ({ firstName: 'Lan', lastName: 'User', email: `${tag}-${Date.now()}@example.com`, password: 'Own-Origin-Pass-42' });

describe('outside production: the address the site was opened at is the site', () => {
  let t: TestApp;
  // PUBLIC_SITE_URL says localhost:1; the browser opened http://127.0.0.1:<port> (baseUrl), as a person would.
  beforeAll(async () => {
    t = await startTestApp({ env: { NODE_ENV: 'development', PUBLIC_SITE_URL: 'http://localhost:1' } });
  });
  afterAll(async () => t.close());

  it('signs up and signs in from the page at the request own origin', async () => {
    const body = account('own');
    const reg = await t.request('/api/auth/register', { body });
    expect(reg.status, reg.text).toBe(201);
    const login = await t.request('/api/auth/login', { body: { email: body.email, password: body.password } });
    expect(login.status, login.text).toBe(200);
  });

  it('still refuses a foreign origin, and the message says what to set', async () => {
    const body = account('foreign');
    const res = await t.request('/api/auth/register', { body, headers: { origin: 'http://192.0.2.10:4321' } });
    expect(res.status).toBe(403);
    expect(res.json.message).toContain('ALLOWED_ORIGINS');
    expect(res.json.message).toContain('PUBLIC_SITE_URL');
    expect(res.json.message).toContain('http://192.0.2.10:4321');
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
  });

  it('does not take a forged Host for a foreign Origin', async () => {
    const res = await t.request('/api/auth/register', { body: account('host'), headers: { origin: 'http://evil.example' } });
    expect(res.status).toBe(403);
  });
});

describe('in production: PUBLIC_SITE_URL plus ALLOWED_ORIGINS, nothing else', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: PRODUCTION_SECRET,
        PUBLIC_SITE_URL: 'https://farmspace.example',
        ALLOWED_ORIGINS: 'https://www.farmspace.example, http://10.0.0.5:4321/',
        TRUST_PROXY: 'true',
      },
    });
  });
  afterAll(async () => t.close());

  it("refuses the request's own address when it is not configured, naming ALLOWED_ORIGINS", async () => {
    const res = await t.request('/api/auth/register', { body: account('prod-own'), headers: { 'x-forwarded-host': 'farmspace.example' } });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/ALLOWED_ORIGINS/);
    expect(res.json.message).not.toContain('https://farmspace.example');
  });

  it('accepts each configured origin', async () => {
    for (const origin of ['https://farmspace.example', 'https://www.farmspace.example', 'http://10.0.0.5:4321']) {
      const res = await t.request('/api/auth/forgot-password', { body: { email: 'nobody@example.com' }, headers: { origin, 'x-forwarded-host': 'farmspace.example' } });
      expect(res.status, `${origin}: ${res.text}`).toBe(200);
    }
  });
});

describe('ALLOWED_ORIGINS configuration', () => {
  it('is a list of origins; a bad entry stops start with the variable named', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example/path, http://b.example:8080' }).ALLOWED_ORIGINS).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(loadConfig({}).ALLOWED_ORIGINS).toEqual([]);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'farmspace.example' })).toThrow(/ALLOWED_ORIGINS/);
  });
});
