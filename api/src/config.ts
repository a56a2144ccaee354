// Configuration read from the environment and validated with zod at start. A bad value stops the process
// with one line naming the variable (see scripts/start.ts), never a stack trace.
import { z } from 'zod';
import { SUPPORT_EMAIL } from '#contracts/constants';

const DEV_AUTH_SECRET = 'farmspace-development-secret-change-me-in-production';
/** Every major browser's push service (docs/decisions/1805): FCM, Mozilla, Windows (WNS), Apple. */
const DEFAULT_PUSH_SERVICE_HOSTS = 'fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com';

const booleanFromEnv = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalUrl = (protocols: string[], hint: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || isUrlWithProtocol(v, protocols), { error: `must be ${hint}` });

function isUrlWithProtocol(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a port number').min(0).max(65535, 'must be a port number').default(4321),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL'),
    BETTER_AUTH_SECRET: z.string().optional(),
    PUBLIC_SITE_URL: optionalUrl(['http:', 'https:'], 'an http(s) URL such as https://farmspace.example'),
    /** More origins whose pages may write to the API (besides PUBLIC_SITE_URL's), comma-separated. */
    ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean))
      .refine((list) => list.every((v) => isUrlWithProtocol(v, ['http:', 'https:'])), {
        error: 'must be a comma-separated list of http(s) origins such as https://www.farmspace.example',
      })
      .transform((list) => list.map((v) => new URL(v).origin)),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
    MAIL_FROM: z.string().min(3).default('FarmSpace <no-reply@farmspace.app>'),
    /** Where replies go: the Reply-To of every e-mail that asks for an answer (appeals; issue 25 item 14). */
    SUPPORT_EMAIL: z.email('must be an e-mail address such as support@farmspace.app').default(SUPPORT_EMAIL),
    STRIPE_SECRET_KEY: z.string().optional(),
    PUBLIC_STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_URL: optionalUrl(['http:', 'https:'], 'an http(s) URL'),
    /** A Nominatim-compatible geocoder for exact addresses; the offline gazetteer answers when unset or failing. */
    GEOCODER_URL: optionalUrl(['http:', 'https:'], 'an http(s) URL'),
    /** Map tiles ({z}/{x}/{y}); OpenStreetMap's by default (see docs/places.md for its usage policy). */
    MAP_TILE_URL: z.string().regex(/^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL template with {z}, {x} and {y}').default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    /** The tiles' credit line (HTML), shown on every map. */
    MAP_TILE_ATTRIBUTION: z.string().max(500).default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    TRUST_PROXY: booleanFromEnv(false),
    SERVE_SITE: booleanFromEnv(true),
    /** The public-read micro-cache (docs/decisions/0700); off only to measure or debug without it. */
    PUBLIC_READ_CACHE: booleanFromEnv(true),
    /** Distinct demand asks about one place a day (docs/decisions/1603): what bounds differencing; raised only to measure. */
    DEMAND_DAILY_ASKS_PER_PLACE: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').default(40),
    /** Photos (docs/decisions/0803): an S3-compatible store when S3_ENDPOINT and S3_BUCKET are set, else DATA_DIR/photos. */
    S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'an http(s) URL such as https://s3.eu-west-1.amazonaws.com'),
    S3_BUCKET: z.string().optional().transform((v) => v || undefined),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Path-style addresses (endpoint/bucket/key), which most self-hosted S3-compatible servers need. */
    S3_FORCE_PATH_STYLE: booleanFromEnv(true),
    /** Photos resized at once by this process (CPU-bound; the rest wait in line): default half the cores. */
    PHOTO_CONCURRENCY: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(64).optional(),
    /**
     * `background` (the default, docs/decisions/0800): photo workers take only the CPU page requests leave.
     * `normal`: they run at the API's own priority — for the end-to-end tests, where a browser keeps both
     * cores busy and a background photo would wait out its starvation limit (docs/decisions/1200).
     */
    PHOTO_WORKER_PRIORITY: z.enum(['background', 'normal'], { error: 'must be background or normal' }).default('background'),
    /**
     * The operators (issue 19): accounts with these addresses, once verified, see /admin and the operator
     * API; everyone else gets 404 there. Compared at each request with the account's current address.
     */
    OPERATOR_EMAILS: z
      .string()
      .optional()
      .transform((v) => (v ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))
      .refine((list) => list.every((v) => /^[^\s@]+@[^\s@]+$/.test(v)), { error: 'must be a comma-separated list of e-mail addresses' }),
    /** after: a paid listing is live at once (default); before: it waits for an operator's approval. */
    LISTING_REVIEW: z.enum(['after', 'before'], { error: 'must be after or before' }).default('after'),
    /** Counting listing views and card opens (issue 19); off only to measure browsing without it. */
    VIEW_COUNTING: booleanFromEnv(true),
    /** How often counted listing views are written to the database (ms); at most this much is lost on a crash. */
    VIEW_COUNT_FLUSH_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).max(600_000).default(5000),
    /** The short in-process session cache (docs/decisions/0704); off only to measure or debug without it. */
    SESSION_CACHE: booleanFromEnv(true),
    /** `test` makes password hashing cheap for the test suites (api/src/lib/password-hashing.ts); refused unless NODE_ENV=test. */
    PASSWORD_HASH_COST: z.enum(['standard', 'test'], { error: 'must be standard or test' }).default('standard'),
    /**
     * The bearer token Prometheus sends for GET /metrics (docs/decisions/1400). Unset: /metrics answers 404
     * and nothing is exported. At least 32 characters (`openssl rand -hex 32`), no spaces.
     */
    METRICS_TOKEN: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .refine((v) => v === undefined || (v.length >= 32 && v.length <= 512 && /^[\x21-\x7e]+$/.test(v)), {
        error: 'must be 32 to 512 printable characters without spaces (e.g. openssl rand -hex 32)',
      }),
    /**
     * Web Push (issue 30): the VAPID key pair (base64url, as web-push's generateVAPIDKeys gives) and the contact
     * the push services see (mailto: or https:). Required in production; elsewhere a pair is made once and kept
     * in DATA_DIR/vapid-keys.json (docs/decisions/1700).
     */
    VAPID_PUBLIC_KEY: z.string().optional().transform((v) => v || undefined),
    VAPID_PRIVATE_KEY: z.string().optional().transform((v) => v || undefined),
    VAPID_SUBJECT: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || /^mailto:[^\s@]+@[^\s@]+$/.test(v) || isUrlWithProtocol(v, ['https:']), { error: 'must be a mailto: address or an https:// URL' }),
    /**
     * The push services production sends Web Push to (issue 38 item 3, docs/decisions/1805): host names, or
     * `*.example.com` for its subdomains, comma-separated; https on port 443 only. The default is every major
     * browser's: Chrome/Edge-on-Android/Opera/Samsung (FCM), Firefox, Edge on Windows (WNS) and Safari.
     * Outside production any host whose addresses are public is allowed.
     */
    PUSH_SERVICE_HOSTS: z
      .string()
      .optional()
      .transform((v) => (v || DEFAULT_PUSH_SERVICE_HOSTS).split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))
      .refine((list) => list.length > 0 && list.every((v) => /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(v)), { error: 'must be a comma-separated list of host names such as fcm.googleapis.com or *.notify.windows.com' }),
    /**
     * `true` lets push endpoints on this machine's loopback address (http or https, any port) through: the
     * tests' local push service. Never in production; private and metadata addresses stay refused.
     */
    PUSH_LOCAL_SERVICE: booleanFromEnv(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level such as info' }).default('info'),
  })
  .transform((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    if (production && (!env.BETTER_AUTH_SECRET || env.BETTER_AUTH_SECRET.length < 32)) {
      ctx.addIssue({ code: 'custom', path: ['BETTER_AUTH_SECRET'], message: 'must be set to at least 32 random characters in production' });
    }
    if (production) {
      for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'must be set in production (npx web-push generate-vapid-keys makes a pair)' });
      }
    }
    if (env.VAPID_PUBLIC_KEY && !/^[A-Za-z0-9_-]{87}$/.test(env.VAPID_PUBLIC_KEY)) ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'must be a base64url P-256 public key (87 characters)' });
    if (env.VAPID_PRIVATE_KEY && !/^[A-Za-z0-9_-]{43}$/.test(env.VAPID_PRIVATE_KEY)) ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'must be a base64url P-256 private key (43 characters)' });
    if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) ctx.addIssue({ code: 'custom', path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'must be set with its other half' });
    if (production && env.PUSH_LOCAL_SERVICE) ctx.addIssue({ code: 'custom', path: ['PUSH_LOCAL_SERVICE'], message: 'may be true only outside production (it lets pushes reach this machine)' });
    if (env.PASSWORD_HASH_COST === 'test' && env.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_COST'], message: 'may be test only when NODE_ENV=test (real passwords get the standard cost)' });
    }
    if (env.S3_BUCKET && !env.S3_ENDPOINT) ctx.addIssue({ code: 'custom', path: ['S3_ENDPOINT'], message: 'must be set when S3_BUCKET is set' });
    if (env.S3_ENDPOINT && !env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'must be set when S3_ENDPOINT is set' });
    if (env.BETTER_AUTH_SECRET !== undefined && env.BETTER_AUTH_SECRET.length > 0 && env.BETTER_AUTH_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['BETTER_AUTH_SECRET'], message: 'must be at least 32 characters' });
    }
    return {
      ...env,
      production,
      BETTER_AUTH_SECRET: env.BETTER_AUTH_SECRET || DEV_AUTH_SECRET,
      PUBLIC_SITE_URL: (env.PUBLIC_SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    };
  });

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with a one-line message naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'environment');
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
}
