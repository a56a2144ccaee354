// GET /api/places: the location box's autocomplete, answered from the in-memory gazetteer (public, cached
// by browsers for a day: the gazetteer changes only with a release).
import { Router } from 'express';
import type { AppContext } from '../../app-context';
import { placesQuerySchema } from '#contracts/places.schemas';
import { parseInput } from '../../lib/validate';
import { searchPlaces } from './gazetteer';

export function createPlacesRouter(ctx: Pick<AppContext, 'config'>): Router {
  const router = Router();
  // The map's tile source (MAP_TILE_URL) for the pre-rendered pages, which cannot read the configuration.
  router.get('/places/map', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json({ tileUrl: ctx.config.MAP_TILE_URL, attribution: ctx.config.MAP_TILE_ATTRIBUTION });
  });
  router.get('/places', (req, res) => {
    const { q, limit } = parseInput(placesQuerySchema, req.query);
    res.set('Cache-Control', 'public, max-age=86400').json(searchPlaces(q, limit));
  });
  return router;
}
