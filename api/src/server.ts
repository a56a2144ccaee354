// Starts one FarmSpace process: database (migrated and seeded), API, site, background jobs; and stops it
// gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, stop jobs, close the database).
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RequestHandler } from 'express';
import { openDatabase, type DatabaseHandle } from '#db/client';
import { seedDemonstrationData } from '#db/seed/index';
import { seedDevelopmentCoupons } from '#db/seed/dev-coupons';
import { createApp, type SiteOptions } from './app';
import type { Config } from './config';
import { startJobs } from './jobs/job-runner';
import { systemClock } from './lib/clock';
import { createLogger, type Logger } from './lib/logger';
import { keepNewFilesPrivate, makeFolderPrivate, openFolderWarning } from './lib/private-files';
import { createDevMailbox, createSmtpMailer, type Mailer } from './lib/mailer';
import { createStripeProvider, type PaymentProvider } from './lib/payments';
import { createTestModeProvider } from './modules/payments/test-mode-provider';
import { backgroundJobs } from './jobs/index';
import { currentSiteBuildDir, holdSiteBuild } from './site-build';
import { warmGazetteer } from './modules/places/gazetteer';
import { fillListingPositions } from './modules/spaces/fill-positions';

export function openConfiguredDatabase(config: Config, logger: Logger): DatabaseHandle {
  return config.DATABASE_URL
    ? openDatabase({ databaseUrl: config.DATABASE_URL, onPoolError: (err) => logger.error({ err }, 'idle database client error') })
    : openDatabase({ dataDir: path.resolve(config.DATA_DIR) });
}

/**
 * The process's files are its user's alone (decision 1405): umask 077, and DATA_DIR (the embedded database,
 * photos on disk, development keys) made 0700 with its files 0600 — with a warning when it was open to
 * others. A DATA_DIR that nothing uses (PostgreSQL and S3) and that does not exist is not made.
 */
export function keepDataPrivate(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'S3_ENDPOINT' | 'S3_BUCKET'>, logger: Pick<Logger, 'warn'>): void {
  keepNewFilesPrivate();
  const folder = path.resolve(config.DATA_DIR);
  const used = !config.DATABASE_URL || !(config.S3_ENDPOINT && config.S3_BUCKET);
  if (!used && !existsSync(folder)) return;
  const warning = openFolderWarning(makeFolderPrivate(folder), 'DATA_DIR');
  if (warning) logger.warn(warning);
}

/**
 * Migrates and seeds the database at start, both under the migration lock: instances starting at once on a
 * new database would otherwise race their select-then-insert seeds (a duplicate coupon stopped one).
 */
export async function prepareDatabase(database: DatabaseHandle, production: boolean, now: Date): Promise<void> {
  await database.migrate(async (db) => {
    await seedDemonstrationData(db, now);
    await fillListingPositions(db);
    if (!production) await seedDevelopmentCoupons(db);
  });
}

/** Stripe with keys; the offline test mode without them outside production; nothing in production without keys. */
export function createPaymentProvider(config: Config): PaymentProvider | null {
  if (config.STRIPE_SECRET_KEY) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.PUBLIC_STRIPE_PUBLISHABLE_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return config.production ? null : createTestModeProvider();
}

export function createMailer(config: Config): Mailer {
  return config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createDevMailbox();
}

async function loadSite(distDir: string): Promise<SiteOptions | undefined> {
  const clientDir = path.join(distDir, 'client');
  if (!existsSync(clientDir)) return undefined;
  const entry = path.join(distDir, 'server', 'entry.mjs');
  const ssrHandler = existsSync(entry) ? ((await import(pathToFileURL(entry).href)) as { handler: RequestHandler }).handler : undefined;
  return { clientDir, ssrHandler };
}

/**
 * `siteBuildDir`: the site build to serve (scripts/start.ts passes the one it just ensured); by default the
 * current one. Either way it is resolved here, once: later builds never change what this process serves.
 */
export async function startServer(config: Config, options: { siteBuildDir?: string } = {}) {
  const logger = createLogger(config.LOG_LEVEL);
  keepDataPrivate(config, logger);
  const database = openConfiguredDatabase(config, logger);
  await prepareDatabase(database, config.production, systemClock.now());

  const mailer = createMailer(config);
  const payments = createPaymentProvider(config);
  const siteBuildDir = config.SERVE_SITE ? (options.siteBuildDir ?? currentSiteBuildDir()) : undefined;
  const site = siteBuildDir ? await loadSite(siteBuildDir) : undefined;
  if (config.SERVE_SITE && !site) logger.warn('no site build (npm run build): serving the API only');
  // Old builds are removed only when no running process holds them.
  const releaseSiteBuild = site && siteBuildDir ? holdSiteBuild(siteBuildDir) : undefined;

  // The gazetteer's index (about a second) is built before the first request, not during it.
  warmGazetteer();
  const { handler, context } = createApp({ config, database, clock: systemClock, mailer, payments, logger }, site);
  const jobs = startJobs(backgroundJobs(context), logger, { metrics: context.metrics, clock: systemClock });
  context.jobs = jobs;

  // Responses under way when the stop begins (and any that arrive on open connections after it) say
  // Connection: close, so each client reads its whole answer and closes, instead of keeping an idle
  // socket that the stop would then have to cut (clients saw ECONNRESET after a completed 201). This
  // listener runs before the app's: the public-read fast path answers synchronously (docs/decisions/0705).
  const inFlight = new Set<ServerResponse>();
  let stopping: Promise<void> | undefined;
  const server: Server = createServer();
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  server.on('request', handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ port, database: database.kind, mail: mailer.kind, payments: payments?.kind ?? 'none' }, 'listening');

  const stop = () =>
    (stopping ??= (async () => {
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Logged once new connections are refused (tests/reliability/graceful-stop waits for it).
      logger.info('shutting down');
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      await closed;
      clearTimeout(force);
      await jobs.stop();
      // The last interval's listing view counts (docs/decisions/1004).
      await context.listingViews.stop();
      await context.photoProcessor.close();
      mailer.close?.();
      await database.close();
      releaseSiteBuild?.();
      logger.info('stopped');
    })());

  return { server, port, context, stop };
}
