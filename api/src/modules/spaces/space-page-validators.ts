// Conditional requests for a listing's own page (/spaces/{id}, rendered on demand by Astro): anonymous
// visitors get a strong ETag and a public Cache-Control, and a matching If-None-Match is answered 304
// before anything is rendered. The validator comes from the space's cached public answer, this server's
// build (its start), the hour (the page shows times relative to now) and the response's encoding.
import { createHash, randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { hasSessionCookie, jsonAnswer, matchesEtag, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../../lib/public-cache';
import { getVisibleSpace } from './spaces.service';

const SERVER_BUILD = randomUUID();
const SPACE_PAGE = /^\/spaces\/(\d{1,9})\/?$/;
const HOUR = 3_600_000;

export function spacePageValidators(ctx: AppContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const match = SPACE_PAGE.exec(req.path);
    if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (hasSessionCookie(req)) {
      res.set('Cache-Control', PRIVATE_CACHE_CONTROL);
      return next();
    }
    const id = Number(match[1]);
    try {
      const answer = await ctx.publicCache.get(`space:${id}`, async () => jsonAnswer(await getVisibleSpace(ctx.db, { spaceId: id, viewerId: undefined }, ctx.clock.now(), ctx.ownerRatings)));
      const hour = Math.floor(ctx.clock.now().getTime() / HOUR);
      const hash = createHash('sha256').update(`${answer.hash}|${SERVER_BUILD}|${hour}`).digest('base64url').slice(0, 27);
      // The compression middleware encodes the page as Accept-Encoding allows: one ETag per choice.
      const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
      res.set('ETag', `"p-${hash}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`);
      res.set('Cache-Control', PUBLIC_CACHE_CONTROL);
      res.vary('Accept-Encoding');
      if (matchesEtag(req, `p-${hash}`)) {
        res.status(304).end();
        return;
      }
      next();
    } catch (error) {
      if (error instanceof AppError && error.status === 404) {
        res.set('Cache-Control', 'no-store');
        return next();
      }
      next(error);
    }
  };
}
