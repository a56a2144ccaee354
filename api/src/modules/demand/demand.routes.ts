// The demand calls (issue 29), public: GET /api/demand (an owner's prospective listing), GET
// /api/demand/widen-search (a farmer's search with few results) and GET /api/demand/cities (the page /demand).
// Rate-limited per address, anonymous answers through the public-read micro-cache (cleared on listing changes;
// saved searches age out with its TTL). The demand by city reads only saved searches: its entry has a lifetime of
// its own (DEMAND_CITIES_LIFETIME), kept across listing changes and refreshed in the background when a search
// changes, so no change makes a reader wait for it.
import { createHash } from 'node:crypto';
import { Router } from 'express';
import { demandCitiesQuerySchema, demandQuerySchema, type DemandQuery } from '#contracts/demand.schemas';
import { spaceQuerySchema } from '#contracts/spaces.schemas';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { DAY, MINUTE } from '../../lib/clock';
import { jsonAnswer, normalizedKey, sendPublicAnswer, servePublicRead, type AnswerLifetime, type PublicAnswer } from '../../lib/public-cache';
import { consumeRateLimit, forgetRateLimit, rateLimit } from '../../lib/rate-limit';
import { optionalUser } from '../../lib/session';
import { parseInput } from '../../lib/validate';
import { snapAsk } from './demand-release';
import { cityDemand, getDemand, widenSearch } from './demand.service';

/** The public-read cache key of the demand by city (GET /api/demand/cities and the page /demand). */
export const DEMAND_CITIES_KEY = 'demand-cities';
/**
 * Fresh for a minute, then served while one refresh runs for ten more; kept across listing changes, turned stale
 * by a change to saved searches (the next reader gets it at once and starts the refresh). A rebuild costs 380 ms
 * at 100,000 searches (docs/decisions/1602): after every listing change, as first built, a reader waited for it.
 */
export const DEMAND_CITIES_LIFETIME: AnswerLifetime = { ttlMs: MINUTE, staleMs: 10 * MINUTE, reads: 'saved_searches' };

/** The demand by city as the API sends it, through its own public-read cache entry (also the page /demand). */
export function cityDemandAnswer(ctx: Pick<AppContext, 'db' | 'publicCache'>): Promise<PublicAnswer> {
  const cacheControl = `public, max-age=${DEMAND_CITIES_LIFETIME.ttlMs / 1000}, stale-while-revalidate=${DEMAND_CITIES_LIFETIME.staleMs / 1000}`;
  return ctx.publicCache.get(DEMAND_CITIES_KEY, async () => jsonAnswer(await cityDemand({ db: ctx.db }), { 'Cache-Control': cacheControl }));
}

/** A form that asks as its owner types (debounced) stays far below this; a scraper does not. */
export const DEMAND_LIMIT = { endpoint: 'demand', max: 120, windowMs: 10 * MINUTE, message: 'Too many demand lookups; try again in a few minutes' };

/**
 * Distinct asks about one place a day (decision 1603): what bounds differencing. Anonymous asks share the place's
 * quota; a signed-in asker has their own. Asked again the same day, an ask is not counted again.
 */
export const DEMAND_PLACE_QUOTA = {
  endpoint: 'demand-place',
  /** The default of DEMAND_DAILY_ASKS_PER_PLACE. */
  max: 40,
  windowMs: DAY,
  message: 'Too many different demand questions about this place today. Try again tomorrow, or ask about the facts you have already asked about.',
};

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** Counts a (snapped) ask against its place's daily quota when it is new today; 429 beyond the quota. */
async function countDistinctAsk(ctx: AppContext, query: DemandQuery, userId: number | undefined): Promise<void> {
  const place = query.city !== undefined ? `${query.city.toLowerCase()}|${query.country}` : `${query.lat},${query.lng}`;
  const placeKey = digest(`${userId === undefined ? 'anyone' : `user:${userId}`}|${place}`);
  const askEndpoint = `demand-ask:${placeKey}`;
  const askKey = digest(normalizedKey('demand', query));
  const ask = await consumeRateLimit(ctx, { endpoint: askEndpoint, max: Number.MAX_SAFE_INTEGER, windowMs: DAY }, askKey);
  if (ask.attempts > 1) return;
  const quota = await consumeRateLimit(ctx, { ...DEMAND_PLACE_QUOTA, max: ctx.config.DEMAND_DAILY_ASKS_PER_PLACE }, placeKey);
  if (quota.allowed) return;
  // Not answered, so not asked: the same ask tomorrow is new again.
  await forgetRateLimit(ctx, askEndpoint, askKey);
  throw AppError.tooManyRequests(quota.retryAfterSeconds, DEMAND_PLACE_QUOTA.message);
}

export function createDemandRouter(ctx: AppContext): Router {
  const router = Router();
  const limit = rateLimit(ctx, DEMAND_LIMIT);
  ctx.publicCache.setLifetime(DEMAND_CITIES_KEY, DEMAND_CITIES_LIFETIME);

  router.get('/demand', limit, optionalUser, async (req, res) => {
    // Snapped first (price and size on the ladder, the pin in its cell): near-identical asks are one ask, one cache entry.
    const query = snapAsk(parseInput(demandQuerySchema, req.query));
    await countDistinctAsk(ctx, query, req.user?.id);
    // Signed in: the asker's own searches are left out, as the alerts leave out the owner's (not cached then).
    await servePublicRead(req, res, ctx.publicCache, normalizedKey('demand', query), async () =>
      jsonAnswer(await getDemand({ db: ctx.db, now: ctx.clock.now() }, { query, ownerId: req.user?.id })),
    );
  });

  router.get('/demand/widen-search', limit, async (req, res) => {
    const query = parseInput(spaceQuerySchema, req.query);
    await servePublicRead(req, res, ctx.publicCache, normalizedKey('widen-search', query), async () => jsonAnswer(await widenSearch({ db: ctx.db, now: ctx.clock.now() }, { query })));
  });

  // The public page /demand reads the same answer through the site's locals (api/src/site-locals.ts). The same
  // for everyone, signed in or not: always the cached one.
  router.get('/demand/cities', limit, async (req, res) => {
    parseInput(demandCitiesQuerySchema, req.query);
    sendPublicAnswer(req, res, await cityDemandAnswer(ctx), false);
  });

  return router;
}
