// Public profiles (issue 28): GET /api/users/{id}/profile for anyone; GET and PUT /api/profile for the
// signed-in person's own, POST/DELETE /api/profile/avatar for their picture. Thin: parse, call.
import { Router } from 'express';
import { PROFILE_TEXTS } from '#contracts/profiles';
import { profileUpdateSchema } from '#contracts/profiles.schemas';
import type { AppContext } from '../../app-context';
import { idParam } from '../../lib/route-params';
import { currentUser, optionalUser, requireUser } from '../../lib/session';
import { stripMarkupFields } from '../../lib/strip-markup';
import { parseInput } from '../../lib/validate';
import { photoUploadLimits, receivePhoto } from '../photos/index';
import { getOwnProfile, getPublicProfile, removeAvatar, saveOwnProfile, setAvatar } from './profiles.service';

/** The one multipart address of this module (the CSRF check lets such bodies through only where named). */
export const AVATAR_UPLOAD_PATH = /^\/api\/profile\/avatar$/;

export function createProfilesRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/users/:id/profile', optionalUser, async (req, res) => {
    const userId = idParam(req, PROFILE_TEXTS.notFound);
    res.set('Cache-Control', 'no-store');
    res.json(await getPublicProfile(ctx.db, { userId, viewerId: req.user?.id }, ctx.clock.now()));
  });

  router.get('/profile', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getOwnProfile(ctx.db, currentUser(req).id));
  });

  router.put('/profile', requireUser, async (req, res) => {
    const input = parseInput(profileUpdateSchema, stripMarkupFields(req.body ?? {}, ['about', 'crops', 'website']));
    res.json(await saveOwnProfile(ctx.db, currentUser(req).id, input, ctx.clock.now()));
  });

  router.post('/profile/avatar', requireUser, ...photoUploadLimits(ctx), async (req, res) => {
    res.json(await setAvatar(ctx, currentUser(req).id, receivePhoto(req)));
  });

  router.delete('/profile/avatar', requireUser, async (req, res) => {
    await removeAvatar(ctx, currentUser(req).id);
    res.status(204).end();
  });

  return router;
}
