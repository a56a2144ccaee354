// Owners' listing numbers (issue 19): a card opened in browse is counted (POST, no body, nothing about
// the visitor kept) unless the owner or an operator opened it; the owner reads their listing's daily numbers.
import { Router } from 'express';
import type { AppContext } from '../../app-context';
import { jsonAnswer } from '../../lib/public-cache';
import { currentUser, requireUser } from '../../lib/session';
import { getVisibleSpace } from '../spaces/index';
import { ownListingStats } from './listing-stats.service';
import type { ListingViewCounter } from './listing-views';
import { createOwnViewCheck } from './own-views';
import { spaceIdParam } from '../../lib/route-params';


export function createListingStatsRouter(ctx: AppContext & { listingViews: ListingViewCounter }): Router {
  const router = Router();
  const isOwnView = createOwnViewCheck(ctx);

  router.post('/spaces/:id/card-open', async (req, res) => {
    const id = spaceIdParam(req);
    // Only public listings count; the check reads the public micro-cache, so it costs no query when warm.
    await ctx.publicCache.get(`space:${id}`, async () => jsonAnswer(await getVisibleSpace(ctx.db, { spaceId: id, viewerId: undefined }, ctx.clock.now(), ctx.ownerRatings)));
    // Anonymous visitors (no session cookie) cost no lookup.
    await req.loadSession?.();
    if (!(await isOwnView(id, req.user))) ctx.listingViews.count(id, 'card');
    res.status(204).end();
  });

  router.get('/spaces/:id/stats', requireUser, async (req, res) => {
    res.json(await ownListingStats(ctx.db, { spaceId: spaceIdParam(req), ownerId: currentUser(req).id }, ctx.clock.now()));
  });

  return router;
}
