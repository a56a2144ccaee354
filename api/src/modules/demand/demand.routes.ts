// The demand calls (issue 29), public: GET /api/demand (an owner's prospective listing), GET
// /api/demand/widen-search (a farmer's search with few results) and GET /api/demand/cities (the page /demand).
// Rate-limited per address, anonymous answers through the public-read micro-cache (cleared on listing changes;
// saved searches age out with its TTL). The demand by city reads only saved searches: its entry has a lifetime of
// its own (DEMAND_CITIES_LIFETIME), kept across listing changes and refreshed in the background when a search
// changes, so no change makes a reader wait for it.
import { Router } from 'express';
import { demandCitiesQuerySchema, demandQuerySchema } from '#contracts/demand.schemas';
import { spaceQuerySchema } from '#contracts/spaces.schemas';
import type { AppContext } from '../../app-context';
import { MINUTE } from '../../lib/clock';
import { jsonAnswer, normalizedKey, sendPublicAnswer, servePublicRead, type AnswerLifetime, type PublicAnswer } from '../../lib/public-cache';
import { rateLimit } from '../../lib/rate-limit';
import { optionalUser } from '../../lib/session';
import { parseInput } from '../../lib/validate';
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

export function createDemandRouter(ctx: AppContext): Router {
  const router = Router();
  const limit = rateLimit(ctx, DEMAND_LIMIT);
  ctx.publicCache.setLifetime(DEMAND_CITIES_KEY, DEMAND_CITIES_LIFETIME);

  router.get('/demand', limit, optionalUser, async (req, res) => {
    const query = parseInput(demandQuerySchema, req.query);
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
