import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { PRODUCTION_VAPID_ENV } from '#tests/fixtures/vapid';

describe('loadConfig', () => {
  it('has working defaults for a local start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 4321, DATA_DIR: './.data', NODE_ENV: 'development', TRUST_PROXY: false, SERVE_SITE: true, PUBLIC_SITE_URL: 'http://localhost:4321' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BETTER_AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('takes METRICS_TOKEN when long enough, and none when empty', () => {
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(32) }).METRICS_TOKEN).toBe('a'.repeat(32));
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });

  it('honours PORT and DATA_DIR, and derives the site URL from the port', () => {
    const config = loadConfig({ PORT: '5000', DATA_DIR: '/tmp/x' });
    expect(config.PORT).toBe(5000);
    expect(config.DATA_DIR).toBe('/tmp/x');
    expect(config.PUBLIC_SITE_URL).toBe('http://localhost:5000');
  });

  it.each([
    [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PUBLIC_SITE_URL: 'farmspace.example' }, 'PUBLIC_SITE_URL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ NODE_ENV: 'production' }, 'BETTER_AUTH_SECRET'],
    [{ BETTER_AUTH_SECRET: 'short' }, 'BETTER_AUTH_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ METRICS_TOKEN: 'too-short' }, 'METRICS_TOKEN'],
    // Web Push (issue 30): the VAPID keys are required in production, like the auth secret, and well formed anywhere.
    [{ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40) }, 'VAPID_PUBLIC_KEY'],
    [{ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40), ...PRODUCTION_VAPID_ENV, VAPID_SUBJECT: '' }, 'VAPID_SUBJECT'],
    [{ VAPID_PUBLIC_KEY: PRODUCTION_VAPID_ENV.VAPID_PUBLIC_KEY }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: PRODUCTION_VAPID_ENV.VAPID_PRIVATE_KEY }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_SUBJECT: 'http://farmspace.example' }, 'VAPID_SUBJECT'],
    [{ METRICS_TOKEN: `with space ${'x'.repeat(40)}` }, 'METRICS_TOKEN'],
  ])('refuses %o with one line naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(message).not.toContain('\n');
  });

  it('accepts a PostgreSQL URL and a production secret', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/farmspace', NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40), TRUST_PROXY: 'true', ...PRODUCTION_VAPID_ENV });
    expect(config.DATABASE_URL).toBe('postgres://u:p@db:5432/farmspace');
    expect(config.production).toBe(true);
    expect(config.TRUST_PROXY).toBe(true);
  });

  it('hashes passwords at the standard cost unless a test asks for less, and never outside tests', () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' }).PASSWORD_HASH_COST).toBe('test');
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'test' })).toThrow(/PASSWORD_HASH_COST may be test only when NODE_ENV=test/);
    expect(() => loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(32), PASSWORD_HASH_COST: 'test' })).toThrow(ConfigError);
  });
});
