// NODE_ENV=test only: POST /api/test/spaces/:id/publish lets the end-to-end tests publish their own draft
// as a paid listing would be, until checkout exists on this branch (the coordinator switches the e2e to
// the real test-mode payment). Never mounted in development or production.
import { Router } from 'express';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { currentUser, requireUser } from '../../lib/session';
import { publishSpace } from '../spaces/publish-space';
import { getVisibleSpace } from '../spaces/spaces.service';

export function createTestPublishRouter(ctx: AppContext): Router {
  const router = Router();
  router.post('/test/spaces/:id/publish', requireUser, async (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isInteger(id)) throw AppError.notFound('Space not found.');
    const now = ctx.clock.now();
    const space = await getVisibleSpace(ctx.db, id, currentUser(req).id, now);
    if (space.ownerId !== currentUser(req).id) throw AppError.forbidden('Only the owner can publish this listing.');
    res.json(await ctx.db.transaction((tx) => publishSpace(tx, id, 'listing_fee', now)));
  });
  return router;
}
