// GET /api/places: the location box's autocomplete, answered from the in-memory gazetteer. The answer is
// the same for everyone and changes only with a release, so it is public for a day (Cache-Control), sent
// like the other public reads (ETag per encoding, 304, compressed once) and, once sent, replayed by the
// public fast path before Express for the same request (docs/decisions/0900, 0705).
import { Router } from 'express';
import type { AppContext } from '../../app-context';
import { placesQuerySchema } from '#contracts/places.schemas';
import { jsonAnswer, sendPublicAnswer } from '../../lib/public-cache';
import { parseInput } from '../../lib/validate';
import { searchPlaces } from './gazetteer';

export const PLACES_CACHE_CONTROL = 'public, max-age=86400';

export function createPlacesRouter(ctx: Pick<AppContext, 'config' | 'fastPath'>): Router {
  const router = Router();
  // The map's tile source (MAP_TILE_URL) for the pre-rendered pages, which cannot read the configuration.
  router.get('/places/map', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json({ tileUrl: ctx.config.MAP_TILE_URL, attribution: ctx.config.MAP_TILE_ATTRIBUTION });
  });
  router.get('/places', (req, res) => {
    const { q, limit } = parseInput(placesQuerySchema, req.query);
    const answer = jsonAnswer(searchPlaces(q, limit), { 'Cache-Control': PLACES_CACHE_CONTROL });
    // ctx.fastPath is read per request: createApp sets it after the routers are built.
    sendPublicAnswer(req, res, answer, false, (body) => ctx.fastPath?.offerLasting(req, res, body));
  });
  return router;
}
