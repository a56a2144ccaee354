// The spaces calls of spec 7: browse (public), read one, own list, create, update (edit, pause,
// resume) and delete. Thin: parse with the contracts, call the service, answer.
import { Router } from 'express';
import { createSpaceSchema, spaceQuerySchema, updateSpaceSchema } from '#contracts/spaces.schemas';
import type { AppContext } from '../../app-context';
import { jsonAnswer, normalizedKey, servePublicRead } from '../../lib/public-cache';
import { currentUser, optionalUser, requireUser } from '../../lib/session';
import { stripMarkupFields } from '../../lib/strip-markup';
import { parseInput } from '../../lib/validate';
import { createLocator } from '../places/index';
import { loadSpacesAnswer } from './browse-answer';
import { createSpace, deleteSpace, getVisibleSpace, listOwnSpaces, updateSpace } from './spaces.service';
import { spaceIdParam } from '../../lib/route-params';

const TEXT_FIELDS = ['title', 'description', 'location', 'city', 'state', 'zipCode', 'accessHours', 'foodSafetyStatus'] as const;

export function createSpacesRouter(ctx: AppContext): Router {
  const router = Router();
  const locate = createLocator(ctx.config.GEOCODER_URL);

  // Public reads go through the micro-cache (anonymous visitors) with ETags (api/src/lib/public-cache.ts).
  router.get('/spaces', async (req, res) => {
    const query = parseInput(spaceQuerySchema, req.query);
    await servePublicRead(req, res, ctx.publicCache, normalizedKey('spaces', query), () => loadSpacesAnswer(ctx, query));
  });

  router.get('/spaces/my', requireUser, async (req, res) => {
    res.json(await listOwnSpaces(ctx.db, currentUser(req).id, ctx.clock.now()));
  });

  router.get('/spaces/:id', optionalUser, async (req, res) => {
    const id = spaceIdParam(req);
    await servePublicRead(req, res, ctx.publicCache, `space:${id}`, async () => jsonAnswer(await getVisibleSpace(ctx.db, { spaceId: id, viewerId: req.user?.id }, ctx.clock.now(), ctx.ownerRatings)));
  });

  router.post('/spaces', requireUser, async (req, res) => {
    const input = parseInput(createSpaceSchema, stripMarkupFields(req.body ?? {}, TEXT_FIELDS));
    const space = await createSpace(ctx.db, currentUser(req).id, input, ctx.clock.now(), locate);
    res.status(201).location(`/api/spaces/${space.id}`).json(space);
  });

  router.patch('/spaces/:id', requireUser, async (req, res) => {
    const id = spaceIdParam(req);
    const changes = parseInput(updateSpaceSchema, stripMarkupFields(req.body ?? {}, TEXT_FIELDS));
    res.json(await updateSpace(ctx.db, { spaceId: id, userId: currentUser(req).id }, changes, ctx.clock.now(), locate));
  });

  router.delete('/spaces/:id', requireUser, async (req, res) => {
    await deleteSpace(ctx.db, { spaceId: spaceIdParam(req), userId: currentUser(req).id }, ctx.clock.now());
    res.status(204).end();
  });

  return router;
}
