// Owners' listing numbers (issue 19): a card opened in browse is counted (POST, no body, nothing about
// the visitor kept); the owner reads their listing's daily numbers.
import { Router, type Request } from 'express';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { jsonAnswer } from '../../lib/public-cache';
import { currentUser, requireUser } from '../../lib/session';
import { ownListingStats } from '../moderation/admin-queries';
import { getVisibleSpace } from '../spaces/spaces.service';
import type { ListingViewCounter } from './listing-views';

function spaceId(req: Request): number {
  const raw = String(req.params.id ?? '');
  if (!/^\d{1,9}$/.test(raw)) throw AppError.notFound('Space not found.');
  return Number(raw);
}

export function createListingStatsRouter(ctx: AppContext & { listingViews: ListingViewCounter }): Router {
  const router = Router();

  router.post('/spaces/:id/card-open', async (req, res) => {
    const id = spaceId(req);
    // Only public listings count; the check reads the public micro-cache, so it costs no query when warm.
    await ctx.publicCache.get(`space:${id}`, async () => jsonAnswer(await getVisibleSpace(ctx.db, id, undefined, ctx.clock.now())));
    ctx.listingViews.count(id, 'card');
    res.status(204).end();
  });

  router.get('/spaces/:id/stats', requireUser, async (req, res) => {
    res.json(await ownListingStats(ctx.db, spaceId(req), currentUser(req).id, ctx.clock.now()));
  });

  return router;
}
