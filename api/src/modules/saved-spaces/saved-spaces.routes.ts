// Saved spaces (issue 19): PUT/DELETE /api/spaces/{id}/saved save and unsave a listing for the signed-in
// farmer; GET /api/saved-spaces lists them. Visitors get 401; someone else's draft is "not found".
import { Router } from 'express';
import { SAVED_SPACE_TEXTS } from '#contracts/saved-spaces';
import type { AppContext } from '../../app-context';
import { MINUTE } from '../../lib/clock';
import { userRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { currentUser, requireUser } from '../../lib/session';
import { listSavedSpaces, saveSpace, unsaveSpace } from './saved-spaces.service';
import { spaceIdParam } from '../../lib/route-params';

/** Generous for a person going through results; a bound for a script. */
export const SAVE_SPACE_LIMIT: RateLimitRule = { endpoint: 'user-save-space', max: 120, windowMs: 10 * MINUTE, message: SAVED_SPACE_TEXTS.tooFast };


export function createSavedSpacesRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/saved-spaces', requireUser, async (req, res) => {
    res.json(await listSavedSpaces(ctx.db, currentUser(req).id, ctx.clock.now()));
  });

  router.put('/spaces/:id/saved', requireUser, userRateLimit(ctx, SAVE_SPACE_LIMIT), async (req, res) => {
    const { created, ...result } = await saveSpace(ctx.db, { userId: currentUser(req).id, spaceId: spaceIdParam(req) }, ctx.clock.now());
    res.status(created ? 201 : 200).json(result);
  });

  router.delete('/spaces/:id/saved', requireUser, userRateLimit(ctx, SAVE_SPACE_LIMIT), async (req, res) => {
    await unsaveSpace(ctx.db, { userId: currentUser(req).id, spaceId: spaceIdParam(req) }, ctx.clock.now());
    res.status(204).end();
  });

  return router;
}
