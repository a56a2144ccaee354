// Routes that exist only when NODE_ENV=test (the end-to-end server): they let a browser test reach states
// that another feature owns, such as a paid listing, without going through that feature's outside world.
// Never mounted in development or production. See docs/decisions/0300-test-only-publish-route.md.
import { Router } from 'express';
import { eq } from 'drizzle-orm';
import { spaces } from '../../../../db/schema/index';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { currentUser, requireUser } from '../../lib/session';
import { publishSpace } from '../spaces/publish-space';

export function testRoutesAvailable(nodeEnv: string): boolean {
  return nodeEnv === 'test';
}

export function createTestOnlyRouter(ctx: AppContext): Router {
  const router = Router();
  /** Publishes the caller's own draft as a successful Standard payment would. */
  router.post('/test/spaces/:id/publish', requireUser, async (req, res) => {
    const id = Number(req.params.id);
    const [space] = Number.isInteger(id) ? await ctx.db.select().from(spaces).where(eq(spaces.id, id)) : [];
    if (!space || space.ownerId !== currentUser(req).id) throw AppError.notFound('Space not found.');
    res.json(await publishSpace(ctx.db, id, 'listing_fee', ctx.clock.now()));
  });
  return router;
}
