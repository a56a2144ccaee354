// The photo calls of issue 17 (owner only: anyone else's listing is "not found", a visitor 401) and the
// route that serves photo files. The route parses and makes one call: the upload's use case is
// uploadPhoto (photos.service.ts); the multipart stream is read by lib/multipart.ts into a temporary file,
// never held in memory.
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import {
  ACCEPTED_PHOTO_TEXT,
  MAX_PHOTO_BYTES,
  PHOTO_CONTENT_TYPES,
  PHOTO_FILE_NAME,
  UPLOAD_KEY_HEADER,
  UPLOAD_KEY_PATTERN,
} from '#contracts/photos';
import { photoAltSchema, reorderPhotosSchema } from '#contracts/photos.schemas';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { MINUTE } from '../../lib/clock';
import { rateLimit, userRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { currentUser, requireUser } from '../../lib/session';
import { stripMarkupFields } from '../../lib/strip-markup';
import { parseInput } from '../../lib/validate';
import { receiveFile } from '../../lib/multipart';
import { deletePhoto, reorderPhotos, setPhotoAlt, uploadPhoto } from './photos.service';
import { spaceIdParam } from '../../lib/route-params';

export const PHOTO_UPLOAD_PATH = /^\/api\/spaces\/\d{1,9}\/photos$/;


function photoId(req: Request): string {
  const raw = String(req.params.photoId ?? '');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw)) throw AppError.notFound('Photo not found.');
  return raw.toLowerCase();
}

/** The upload's Idempotency-Key, if sent (one per file the owner chose); anything else than a plain key is 400. */
function uploadKey(req: Request): string | undefined {
  const raw = req.headers[UPLOAD_KEY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !UPLOAD_KEY_PATTERN.test(raw)) throw AppError.badRequest(`The ${UPLOAD_KEY_HEADER} header must be 8 to 64 letters, digits, - or _.`);
  return raw;
}

function photoTooLarge() {
  return new AppError('payload_too_large', `This file is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB. Upload a smaller photo (${ACCEPTED_PHOTO_TEXT}).`, 413);
}

/**
 * Uploads per client address (several owners may share one) and per account: a listing's 12 photos several
 * times over, with retries. Checked before a byte of the file is read, so a refused upload stores nothing.
 */
export const PHOTO_UPLOAD_LIMITS = {
  perAddress: {
    endpoint: 'photo-upload',
    max: 120,
    windowMs: 10 * MINUTE,
    message: 'Too many photos have been uploaded from your network in the last few minutes. Please wait a few minutes and try again.',
  },
  perAccount: {
    endpoint: 'photo-upload-user',
    max: 60,
    windowMs: 10 * MINUTE,
    message: 'You have uploaded many photos in the last few minutes. Please wait a few minutes and try again.',
  },
} satisfies Record<string, RateLimitRule>;

/** The per-address and per-account upload limits, as middleware (every photo upload: listings, profiles). */
export function photoUploadLimits(ctx: AppContext) {
  return [rateLimit(ctx, PHOTO_UPLOAD_LIMITS.perAddress), userRateLimit(ctx, PHOTO_UPLOAD_LIMITS.perAccount)];
}

/** Streams the request's `photo` field into the upload folder (413 past MAX_PHOTO_BYTES). */
export function receivePhoto(req: Request): (folder: string) => ReturnType<typeof receiveFile> {
  return (folder) => receiveFile(req, { folder, field: 'photo', maxBytes: MAX_PHOTO_BYTES, tooLarge: photoTooLarge });
}

export function createPhotosRouter(ctx: AppContext): Router {
  const router = Router();

  router.post('/spaces/:id/photos', requireUser, ...photoUploadLimits(ctx), async (req, res) => {
    const photo = await uploadPhoto(ctx, { spaceId: spaceIdParam(req), userId: currentUser(req).id, uploadKey: uploadKey(req) }, receivePhoto(req));
    res.status(201).json(photo);
  });

  router.patch('/spaces/:id/photos', requireUser, async (req, res) => {
    const id = spaceIdParam(req);
    const change = parseInput(reorderPhotosSchema, req.body ?? {});
    res.json(await reorderPhotos(ctx, { spaceId: id, userId: currentUser(req).id }, change, ctx.clock.now()));
  });

  router.patch('/spaces/:id/photos/:photoId', requireUser, async (req, res) => {
    const id = spaceIdParam(req);
    const photo = photoId(req);
    const { alt } = parseInput(photoAltSchema, stripMarkupFields(req.body ?? {}, ['alt']));
    res.json(await setPhotoAlt(ctx, { spaceId: id, userId: currentUser(req).id }, photo, alt, ctx.clock.now()));
  });

  router.delete('/spaces/:id/photos/:photoId', requireUser, async (req, res) => {
    await deletePhoto(ctx, { spaceId: spaceIdParam(req), userId: currentUser(req).id }, photoId(req), ctx.clock.now());
    res.status(204).end();
  });

  return router;
}

/** GET /media/photos/{key}-{width}.{ext}: a photo file, from whichever storage holds it, cached for good. */
export function createPhotoFilesRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/media/photos/:name', async (req: Request, res: Response) => {
    const name = String(req.params.name);
    const match = PHOTO_FILE_NAME.exec(name);
    if (!match) throw AppError.notFound('Photo not found.');
    // Content-addressed: the name is the version, so the ETag is the name and a revalidation never needs the file.
    const etag = `"${name}"`;
    if (req.headers['if-none-match'] === etag) {
      res.status(304).set({ ETag: etag, 'Cache-Control': 'public, max-age=31536000, immutable' }).end();
      return;
    }
    const file = await ctx.photoStorage.get(name);
    if (!file) throw AppError.notFound('Photo not found.');
    res.set({
      'Content-Type': PHOTO_CONTENT_TYPES[match[3]!]!,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      ...(file.size ? { 'Content-Length': String(file.size) } : {}),
    });
    if (req.method === 'HEAD') {
      file.body.destroy();
      res.end();
      return;
    }
    await pipeline(file.body, res).catch(() => undefined);
  });
  return router;
}
