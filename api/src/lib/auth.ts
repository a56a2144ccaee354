// The better-auth instance: email and password, sessions in PostgreSQL, its models mapped onto our tables
// with integer ids. It is mounted under AUTH_BASE_PATH; the spec's /api/auth/* calls are our own routes
// that call auth.api.* (see api/src/modules/auth). See docs/decisions/0005-better-auth-on-our-tables.md.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Database } from '#db/client';
import { accounts, sessions, users, verifications } from '#db/schema/index';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '#contracts/constants';
import type { Config } from '../config';
import type { Logger } from './logger';
import { passwordHashing } from './password-hashing';

export const AUTH_BASE_PATH = '/api/auth/ba';
export const SESSION_COOKIE_PREFIX = 'farmspace';

/**
 * The one session cookie name that signs in: `__Secure-farmspace.session_token` in production (what
 * better-auth sets with useSecureCookies), the plain name elsewhere. In production a plain-named cookie,
 * which a sibling subdomain or a page over http can plant, is never read (issue 15, item 8).
 */
export function sessionCookieName(production: boolean): string {
  return `${production ? '__Secure-' : ''}${SESSION_COOKIE_PREFIX}.session_token`;
}
const SESSION_DAYS = 7;
export const SESSION_TTL_SECONDS = SESSION_DAYS * 24 * 60 * 60;
/** better-auth extends a session's expiry when it is used and older than this. */
export const SESSION_REFRESH_AGE_SECONDS = 24 * 60 * 60;

/**
 * The only better-auth endpoints reachable over HTTP under AUTH_BASE_PATH: signing out and revoking one's
 * sessions (issue 38 item 12). Everything else is 404 there — get-session and list-sessions answer raw session
 * tokens to any script with the cookie, and an endpoint a better-auth upgrade adds is closed until listed here.
 * Closed there too: sign-in, sign-up and the password and e-mail endpoints, which would bypass our lockout,
 * rate limits, common-password check and outbox; the spec's /api/auth/* routes are the only way in. The product
 * calls better-auth through auth.api (api/src/lib/session.ts, modules/auth), which this does not affect.
 */
export const AUTH_HTTP_PATHS: ReadonlySet<string> = new Set(['/sign-out', '/revoke-sessions', '/revoke-other-sessions']);

export function createAuth(options: { db: Database; config: Config; logger?: Logger }) {
  const { db, config, logger } = options;
  return betterAuth({
    appName: 'FarmSpace',
    baseURL: config.PUBLIC_SITE_URL,
    basePath: AUTH_BASE_PATH,
    secret: config.BETTER_AUTH_SECRET,
    // Our csrfGuard decides which origins may write (it runs before every /api route, better-auth's too).
    trustedOrigins: [config.PUBLIC_SITE_URL, ...config.ALLOWED_ORIGINS],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications },
    }),
    user: {
      modelName: 'users',
      fields: { name: 'firstName', emailVerified: 'verified', image: 'profileImageUrl' },
      additionalFields: {
        lastName: { type: 'string', required: false, defaultValue: '', input: true },
        userType: { type: 'string', required: false, defaultValue: 'both', input: false },
      },
    },
    session: {
      modelName: 'sessions',
      fields: { token: 'sid', expiresAt: 'expire' },
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_REFRESH_AGE_SECONDS,
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      password: passwordHashing(config.PASSWORD_HASH_COST),
    },
    // Our own limiter (rate_limits table) guards our routes; better-auth's keys on X-Forwarded-For.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Into our logger, message only: better-auth's extra arguments can carry request data.
    logger: logger
      ? { level: 'warn', log: (level, message) => logger[level === 'debug' ? 'debug' : level]({ source: 'better-auth' }, message) }
      : { level: 'error' },
    advanced: {
      database: { generateId: 'serial' },
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.production },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
