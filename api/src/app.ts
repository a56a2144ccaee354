// createApp(deps): the Express application. Middleware order: request log → security headers → hosts
// (production) → malformed addresses → /api (JSON, routers, 404) → static site files → Astro on-demand
// pages → 404 page → error handler.
import { existsSync } from 'node:fs';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import express, { type ErrorRequestHandler, type Express, type NextFunction, type Request, type Response } from 'express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { toNodeHandler } from 'better-auth/node';
import type { AppContext, AppDeps } from './app-context';
import { allowedHostsGuard } from './lib/allowed-hosts';
import { AppError } from './lib/app-error';
import { AUTH_BASE_PATH, AUTH_HTTP_PATHS, createAuth } from './lib/auth';
import { csrfGuard } from './lib/csrf';
import { databaseUnavailableError, isDatabaseUnavailable } from './lib/database-errors';
import { safeErrorReason } from './lib/logger';
import { createMetrics } from './lib/metrics';
import { PUBLIC_CACHE_DEFAULTS, PublicCache } from './lib/public-cache';
import { createPublicFastPath, type PublicFastPath } from './lib/public-fast-path';
import { requestLog } from './lib/request-log';
import { badEncodingError, rejectMalformedAddress, rejectNulInBody } from './lib/request-input';
import { attachSessionUser, forgetSessionAfterWrites, prepareSessionLookup, sessionLookupFor, type SessionUser } from './lib/session';
import { listenForSessionChanges, SESSION_CACHE_DEFAULTS, SessionCache } from './lib/session-cache';
import { siteScriptHashes } from './lib/site-script-hashes';
import { createAccountRouter } from './modules/account/account.routes';
import { AVATAR_UPLOAD_PATH, createProfilesRouter } from './modules/profiles/profiles.routes';
import { createAuthRouter } from './modules/auth/auth.routes';
import { createPageGuard } from './modules/auth/page-guard';
import { createBlogRouter } from './modules/blog/blog.routes';
import { createDevMailApiRouter, createDevMailPageRouter, devMailAvailable } from './modules/email/dev-mail.routes';
import { createHealthRouter } from './modules/health/health.routes';
import { createPaymentsRouter, createStripeWebhookHandler, WEBHOOK_PATH } from './modules/payments/payments.routes';
import { createSiteLocals } from './site-locals';
import { sessionHint } from './lib/session-hint';
import { createSavedSearchesRouter } from './modules/saved-searches/saved-searches.routes';
import { createSpacesRouter } from './modules/spaces/spaces.routes';
import { createPlacesRouter } from './modules/places/places.routes';
import { createMessagingRouter } from './modules/messaging/messaging.routes';
import { createAgreementsRouter } from './modules/agreements/agreements.routes';
import { createPhotoFilesRouter, createPhotosRouter, PHOTO_UPLOAD_PATH } from './modules/photos/photos.routes';
import { createPhotoStorage } from './modules/photos/photo-storage';
import { createPhotoProcessor, defaultPhotoConcurrency, NORMAL_PRIORITY_PHOTOS } from './modules/photos/photo-processor';
import { listenForSpaceChanges } from './modules/spaces/space-change-listener';
import { spacePageValidators } from './modules/spaces/space-page-validators';
import { countListingPageViews } from './modules/listing-stats/page-views';
import { createOwnViewCheck } from './modules/listing-stats/own-views';
import { createListingStatsRouter } from './modules/listing-stats/listing-stats.routes';
import { createListingViewCounter } from './modules/listing-stats/listing-views';
import { createAdminRouter } from './modules/moderation/admin.routes';
import { createReportsRouter } from './modules/moderation/reports.routes';
import { createReviewsRouter } from './modules/reviews/reviews.routes';
import { ownerRatingColumn, ownerRatings } from './modules/reviews/index';
import { writeListingPhotos } from './modules/spaces/listing-photos';
import { createSavedSpacesRouter } from './modules/saved-spaces/saved-spaces.routes';
import { createDemandRouter } from './modules/demand/demand.routes';
import { createPushRouter } from './modules/push/push.routes';

export const JSON_BODY_LIMIT = '100kb';

export type SiteOptions = {
  /** The Astro build's client folder (pre-rendered pages and hashed assets). */
  clientDir: string;
  /** Astro's middleware-mode handler for on-demand pages, when the build has one. */
  ssrHandler?: SsrHandler;
};

/** Astro's node middleware: Express's arguments plus the locals its on-demand pages read. */
export type SsrHandler = (req: Request, res: Response, next: NextFunction, locals?: object) => unknown;

/** What a node:http server runs: cache hits of public reads answered before Express (0705), the rest by the app. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export function createApp(deps: AppDeps, site?: SiteOptions): { app: Express; handler: RequestHandler; context: AppContext } {
  const auth = createAuth({ db: deps.database.db, config: deps.config, logger: deps.logger });
  const publicCache = new PublicCache({ ...PUBLIC_CACHE_DEFAULTS, enabled: deps.config.PUBLIC_READ_CACHE, now: () => deps.clock.now().getTime() });
  // Stopped with the database handle; until it listens the cache stays off (docs/decisions/0700).
  if (deps.config.PUBLIC_READ_CACHE) listenForSpaceChanges(deps.database, publicCache, deps.logger);
  const listingViews = createListingViewCounter({
    db: deps.database.db,
    clock: deps.clock,
    logger: deps.logger,
    flushMs: deps.config.VIEW_COUNT_FLUSH_MS,
    enabled: deps.config.VIEW_COUNTING,
  });
  const sessionCache = new SessionCache<SessionUser>({ ...SESSION_CACHE_DEFAULTS, enabled: deps.config.SESSION_CACHE });
  // Off until it listens for session and user changes, like the public-read cache (docs/decisions/0704).
  if (deps.config.SESSION_CACHE) listenForSessionChanges(deps.database, sessionCache, deps.logger);
  const context: AppContext = {
    ...deps,
    db: deps.database.db,
    auth,
    publicCache,
    listingViews,
    sessionCache,
    photoStorage: deps.photoStorage ?? createPhotoStorage(deps.config),
    photoUploadFolder: deps.photoUploadFolder ?? path.join(os.tmpdir(), 'farmspace-uploads'),
    photoProcessor: createPhotoProcessor({ concurrency: deps.config.PHOTO_CONCURRENCY ?? defaultPhotoConcurrency(), ...(deps.config.PHOTO_WORKER_PRIORITY === 'normal' && NORMAL_PRIORITY_PHOTOS) }),
    metrics: createMetrics({ token: deps.config.METRICS_TOKEN }),
    ownerRatings: { read: ownerRatings, column: ownerRatingColumn },
    listingPhotos: { write: writeListingPhotos },
    siteClientDir: site?.clientDir,
  };
  const app = express();

  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.TRUST_PROXY ? true : false);
  app.set('etag', 'strong');

  app.use(requestLog(deps.logger));

  app.use(sessionHint({ secure: deps.config.production }));

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // No 'unsafe-inline': an inline script runs only if the site build hashed it (docs/decisions/0608);
          // pre-rendered pages also carry Astro's <meta> CSP with the same hashes (0002). Stripe.js: /checkout.
          // Pagefind's search index (Resources) runs as WebAssembly: 'wasm-unsafe-eval' (not 'unsafe-eval').
          scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(site ? siteScriptHashes(site.clientDir) : []), 'https://js.stripe.com'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // blob: for the photo form's previews of files not yet uploaded (URL.createObjectURL); blob URLs
          // exist only inside this page, so they widen nothing an attacker can reach.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'https://api.stripe.com'],
          frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: deps.config.production ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: deps.config.production,
    }),
  );

  // Dynamic answers above 1 KB (brotli or gzip); precompressed files and cached public reads come with
  // their Content-Encoding set already and pass through untouched (docs/decisions/0701).
  app.use(compression({ threshold: 1024, brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } }));

  // Production answers only its configured host names (docs/decisions/0606).
  if (deps.config.production) {
    app.use(allowedHostsGuard([deps.config.PUBLIC_SITE_URL, ...deps.config.ALLOWED_ORIGINS]));
  }

  // Bad percent-encoding and NUL characters: refused here, once, for every route below (docs/decisions/0605).
  app.use(rejectMalformedAddress);

  // No answer of the API is stored by a cache unless a route says so (public reads); better-auth's
  // session answers carry tokens, so this comes before its handler.
  app.use('/api', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  // CSRF: every state-changing /api request, better-auth's included, must come from the site, as JSON.
  app.use(
    '/api',
    csrfGuard({
      siteUrl: deps.config.PUBLIC_SITE_URL,
      allowedOrigins: deps.config.ALLOWED_ORIGINS,
      acceptOwnOrigin: !deps.config.production,
      multipartPaths: [PHOTO_UPLOAD_PATH, AVATAR_UPLOAD_PATH],
    }),
  );

  // A signed-in visitor's write may change their session or account: forget it once answered (0704).
  app.use('/api', forgetSessionAfterWrites(sessionLookupFor(context)));

  // better-auth's own handler reads the raw body itself, so it is mounted before the JSON parser.
  // Only the listed endpoints (AUTH_HTTP_PATHS): the others answer session tokens or bypass our rules.
  const authHandler = toNodeHandler(auth);
  app.all(`${AUTH_BASE_PATH}/*splat`, (req, res, next) => {
    const endpoint = req.path.slice(AUTH_BASE_PATH.length).replace(/\/+$/, '');
    if (!AUTH_HTTP_PATHS.has(endpoint)) return next(AppError.notFound(`No API route for ${req.method} ${req.path}`));
    return authHandler(req, res);
  });

  // The Stripe webhook verifies its signature over the raw bytes: mounted before the JSON parser.
  app.post(WEBHOOK_PATH, ...createStripeWebhookHandler(context));

  const api = express.Router();
  api.use(express.json({ limit: JSON_BODY_LIMIT }), rejectNulInBody);
  api.use(prepareSessionLookup(auth, sessionLookupFor(context)));
  api.use(createHealthRouter(context));
  api.use(createAuthRouter(context));
  api.use(createAccountRouter(context));
  api.use(createProfilesRouter(context));
  api.use(createBlogRouter(context));
  if (devMailAvailable(deps.config.production, deps.mailer)) api.use(createDevMailApiRouter(deps.mailer));
  api.use(createPlacesRouter(context));
  api.use(createSpacesRouter(context));
  api.use(createPhotosRouter(context));
  api.use(createMessagingRouter(context));
  api.use(createAgreementsRouter(context));
  api.use(createReviewsRouter(context));
  api.use(createPaymentsRouter(context));
  api.use(createSavedSearchesRouter(context));
  api.use(createSavedSpacesRouter(context));
  api.use(createDemandRouter(context));
  api.use(createPushRouter(context));
  api.use(createReportsRouter(context));
  api.use(createListingStatsRouter(context));
  api.use(createAdminRouter(context));
  api.use((req, _res, next) => next(AppError.notFound(`No API route for ${req.method} ${req.path}`)));
  app.use('/api', api);

  // Photo files: served by every instance from the shared storage, whether or not it serves the site.
  app.use(createPhotoFilesRouter(context));

  if (devMailAvailable(deps.config.production, deps.mailer)) app.use(createDevMailPageRouter(deps.mailer));
  if (site) mountSite(app, site, context);

  app.use(errorHandler(deps));

  // Anonymous public reads that the full path above answered from the cache are remembered with the
  // headers it sent, and the same request is answered again without Express while that answer stays
  // fresh in the cache (docs/decisions/0705).
  const fastPath = createPublicFastPath({ cache: publicCache, logger: deps.logger });
  publicCache.onAnonymousAnswer = fastPath.offer;
  const handler: RequestHandler = context.metrics.instrument((req, res) => {
    if (!fastPath.serve(req, res)) app(req, res);
  });
  context.fastPath = fastPath;
  watchForMetrics(context, fastPath);
  return { app, handler, context };
}

/** What the metrics read at each scrape besides the requests (docs/decisions/1400). */
function watchForMetrics(context: AppContext, fastPath: PublicFastPath) {
  const { metrics, publicCache, sessionCache } = context;
  if (!metrics.enabled) return;
  // The fast path answers only fresh hits of the public-read cache: they are its hits too.
  metrics.watchCache('public_read', () => ({ hits: publicCache.lookups.hits + fastPath.served, misses: publicCache.lookups.misses }));
  metrics.watchCache('session', () => ({ hits: sessionCache.hits, misses: sessionCache.misses }));
  metrics.watchDatabase(context.database);
  metrics.watchPhotoProcessor(context.photoProcessor);
  metrics.watchDataDir(path.resolve(context.config.DATA_DIR));
}

function mountSite(app: Express, site: SiteOptions, context: AppContext) {
  app.use(createPageGuard(context, site.clientDir));
  app.use(precompressedStatic(site.clientDir));
  const ssrHandler = site.ssrHandler;
  if (ssrHandler) {
    // On-demand pages know their visitor (an owner sees their own unpublished listing), read the same way
    // as on the API; requests without a session cookie skip the lookup.
    const session = attachSessionUser(context.auth, sessionLookupFor(context));
    app.use(countListingPageViews(context.listingViews, createOwnViewCheck(context)));
    app.use(spacePageValidators(context));
    app.use(session, (req, res, next) => {
      reasonPhraseFollowsStatus(res);
      return ssrHandler(req, res, next, createSiteLocals(context, req.user?.id));
    });
  }
  const notFoundPage = path.join(site.clientDir, '404.html');
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (existsSync(notFoundPage)) return res.status(404).sendFile(notFoundPage, { headers: { 'Cache-Control': 'no-store' } });
    res.status(404).type('text/plain').send('Not found');
  });
}

/**
 * Astro copies its Response's statusText onto the answer, and that stays "OK" when a page sets only
 * Astro.response.status: the status line read "404 OK". The reason phrase is the status's own.
 */
function reasonPhraseFollowsStatus(res: Response) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, statusCode: number, ...rest: unknown[]) {
    this.statusMessage = STATUS_CODES[statusCode] ?? '';
    return (writeHead as (...args: unknown[]) => Response).call(this, statusCode, ...rest);
  } as Response['writeHead'];
}

/**
 * The site's files: the build wrote .br and .gz beside each text file (scripts/precompress.ts), which
 * express-static-gzip serves by Accept-Encoding with Vary: Accept-Encoding. It matches exact file paths
 * only, so an extensionless page URL (/spaces) is first pointed at its file (/spaces.html), as
 * express.static's `extensions` would (docs/decisions/0701).
 */
function precompressedStatic(clientDir: string) {
  const serve = expressStaticGzip(clientDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: 'index.html',
    serveStatic: {
      extensions: ['html'],
      redirect: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}_astro${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else if (/\.html(\.br|\.gz)?$/.test(filePath)) res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
        // The service worker (issue 30): a new one is found on the next visit, not an hour later.
        else if (/[\\/]sw\.js(\.br|\.gz)?$/.test(filePath)) res.setHeader('Cache-Control', 'no-cache');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const original = req.url;
    const pathname = req.path;
    if (!path.posix.extname(pathname) && !pathname.endsWith('/') && existsSync(path.join(clientDir, `${decodeSafe(pathname)}.html`))) {
      req.url = `${pathname}.html${original.slice(pathname.length)}`;
    }
    serve(req, res, (error?: unknown) => {
      req.url = original;
      next(error);
    });
  };
}

function decodeSafe(pathname: string): string {
  try {
    return path.posix.normalize(decodeURIComponent(pathname)).replace(/^(\.\.\/?)+/, '');
  } catch {
    return pathname;
  }
}

/** Answers every error as JSON {message, code, fieldErrors?} (text for pages); never a stack trace. */
export function errorHandler(deps: Pick<AppDeps, 'logger'>): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const appError = toAppError(error, req);
    if (!appError) {
      deps.logger.error({ err: error, reqId: req.id }, 'unhandled error');
    } else if (appError.code === 'unavailable') {
      deps.logger.warn({ reqId: req.id, reason: safeErrorReason(error) }, 'database unavailable');
    }
    if (res.headersSent) return;
    const status = appError?.status ?? 500;
    if (appError?.headers) res.set(appError.headers);
    const body = appError
      ? { message: appError.message, code: appError.code, ...(appError.fieldErrors && { fieldErrors: appError.fieldErrors }) }
      : { message: 'Internal error', code: 'internal' };
    if (req.path.startsWith('/api/') || req.accepts(['json', 'html']) === 'json') res.status(status).json(body);
    else res.status(status).type('text/plain').send(body.message);
  };
}

/** Turns our AppError and the body parser's errors into AppErrors; anything else is unexpected. */
function toAppError(error: unknown, req: Request): AppError | null {
  if (error instanceof AppError) return error;
  const badEncoding = badEncodingError(error, req);
  if (badEncoding) return badEncoding;
  // The database is down or restarting: a 503 the person can act on (try again), not an internal error.
  if (isDatabaseUnavailable(error)) return databaseUnavailableError();
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.too.large') return new AppError('payload_too_large', `Request body is larger than ${JSON_BODY_LIMIT}.`, 413);
  if (type === 'entity.parse.failed') return AppError.badRequest('Request body is not valid JSON.');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return new AppError('unsupported_media_type', 'Unsupported request encoding.', 415);
  return null;
}
