// Starts one FarmSpace process: database (migrated and seeded), API, site, background jobs; and stops it
// gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, stop jobs, close the database).
import { existsSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RequestHandler } from 'express';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { seedDemonstrationData } from '../../db/seed/index';
import { createApp, type SiteOptions } from './app';
import type { Config } from './config';
import { startJobs } from './jobs/job-runner';
import { systemClock } from './lib/clock';
import { createLogger, type Logger } from './lib/logger';
import { createDevMailbox, createSmtpMailer, type Mailer } from './lib/mailer';
import { createStripeProvider } from './lib/payments';
import { backgroundJobs } from './jobs/index';

export const siteDistDir = path.resolve(process.env.SITE_DIST_DIR ?? 'dist');

export function openConfiguredDatabase(config: Config, logger: Logger): DatabaseHandle {
  return config.DATABASE_URL
    ? openDatabase({ databaseUrl: config.DATABASE_URL, onPoolError: (err) => logger.error({ err }, 'idle database client error') })
    : openDatabase({ dataDir: path.resolve(config.DATA_DIR) });
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

export async function startServer(config: Config) {
  const logger = createLogger(config.LOG_LEVEL);
  const database = openConfiguredDatabase(config, logger);
  await database.migrate();
  await seedDemonstrationData(database.db, systemClock.now());

  const mailer = createMailer(config);
  const payments = config.STRIPE_SECRET_KEY
    ? createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL })
    : null;
  const site = config.SERVE_SITE ? await loadSite(siteDistDir) : undefined;
  if (config.SERVE_SITE && !site) logger.warn(`no site build in ${siteDistDir}: serving the API only`);

  const { app, context } = createApp({ config, database, clock: systemClock, mailer, payments, logger }, site);
  const jobs = startJobs(backgroundJobs(context), logger);

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
    s.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ port, database: database.kind, mail: mailer.kind, payments: payments ? 'stripe' : 'none' }, 'listening');

  // Responses under way when the stop begins (and any that arrive on open connections after it) say
  // Connection: close, so each client reads its whole answer and closes, instead of keeping an idle
  // socket that the stop would then have to cut (clients saw ECONNRESET after a completed 201).
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('shutting down');
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      await closed;
      clearTimeout(force);
      await jobs.stop();
      mailer.close?.();
      await database.close();
      logger.info('stopped');
    })());

  return { server, port, context, stop };
}
