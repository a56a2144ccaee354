// The photo calls of issue 17 (owner only: anyone else's listing is "not found", a visitor 401) and the
// route that serves photo files. The upload is streamed to a temporary file (busboy), never held in
// memory, and processed within the process's resize limit (photo-processing.ts).
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { Router, type Request, type Response } from 'express';
import {
  ACCEPTED_PHOTO_TEXT,
  MAX_PHOTO_BYTES,
  PHOTO_CONTENT_TYPES,
  PHOTO_FILE_NAME,
} from '#contracts/photos';
import { photoAltSchema, reorderPhotosSchema } from '#contracts/photos.schemas';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { MINUTE } from '../../lib/clock';
import { rateLimit, userRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { currentUser, requireUser } from '../../lib/session';
import { stripMarkupFields } from '../../lib/strip-markup';
import { parseInput } from '../../lib/validate';
import { addPhoto, assertCanAddPhoto, deletePhoto, isFileKeyUsed, reorderPhotos, setPhotoAlt } from './photos.service';
import { spaceIdParam } from '../../lib/route-params';

/** The multipart envelope around one file: boundaries, headers of the part. */
const MULTIPART_OVERHEAD = 16 * 1024;
export const PHOTO_UPLOAD_PATH = /^\/api\/spaces\/\d{1,9}\/photos$/;


function photoId(req: Request): string {
  const raw = String(req.params.photoId ?? '');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw)) throw AppError.notFound('Photo not found.');
  return raw.toLowerCase();
}

function tooLarge() {
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

type Received = { filePath: string; key: string; size: number };

/**
 * Streams the request's one `photo` file to a temporary file, hashing it on the way. Refuses a body over
 * the limit as soon as it passes it; a refused or failed upload leaves no file behind.
 */
async function receivePhoto(req: Request, folder: string): Promise<Received> {
  if (!req.is('multipart/form-data')) throw new AppError('unsupported_media_type', 'Send the photo as multipart/form-data in the field "photo".', 415);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_PHOTO_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
  await mkdir(folder, { recursive: true });
  const filePath = path.join(folder, `${randomUUID()}.upload`);
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: MAX_PHOTO_BYTES, fields: 10, fieldSize: 1024, parts: 12 } });
  } catch {
    throw AppError.badRequest('The upload could not be read: send multipart/form-data with the photo in the field "photo".');
  }
  try {
    return await new Promise<Received>((resolve, reject) => {
      let received: Promise<Received> | undefined;
      parser.on('file', (field, stream) => {
        if (field !== 'photo' || received) {
          stream.resume();
          return;
        }
        const hash = createHash('sha256');
        let size = 0;
        let truncated = false;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          hash.update(chunk);
        });
        stream.on('limit', () => {
          truncated = true;
        });
        received = pipeline(stream, createWriteStream(filePath)).then(() => {
          if (truncated) throw tooLarge();
          return { filePath, key: hash.digest('hex'), size };
        });
        received.catch(() => undefined);
      });
      parser.on('error', () => reject(AppError.badRequest('The upload could not be read: it ended early or is not valid multipart/form-data.')));
      parser.on('close', () => {
        if (!received) return reject(AppError.badRequest('No photo received: send the file in the field "photo".'));
        received.then(resolve, reject);
      });
      req.on('aborted', () => reject(AppError.badRequest('The upload was interrupted.')));
      req.pipe(parser);
    });
  } catch (error) {
    await rm(filePath, { force: true });
    if (error instanceof AppError) throw error;
    throw AppError.badRequest('The upload could not be read: it ended early or is not valid multipart/form-data.');
  }
}

export function createPhotosRouter(ctx: AppContext): Router {
  const router = Router();
  const addressLimit = rateLimit(ctx, PHOTO_UPLOAD_LIMITS.perAddress);
  const accountLimit = userRateLimit(ctx, PHOTO_UPLOAD_LIMITS.perAccount);

  router.post('/spaces/:id/photos', requireUser, addressLimit, accountLimit, async (req, res) => {
    const id = spaceIdParam(req);
    const userId = currentUser(req).id;
    // Refused before a byte of the file is read: someone else's listing, a full listing.
    await assertCanAddPhoto(ctx.db, id, userId);
    const upload = await receivePhoto(req, ctx.photoUploadFolder);
    try {
      if (upload.size === 0) throw AppError.badRequest('The file is empty. Choose a photo and try again.');
      const processed = await ctx.photoProcessor.process(upload.filePath, upload.key);
      await Promise.all(processed.files.map((file) => ctx.photoStorage.put(file.name, file.bytes, file.contentType)));
      try {
        const photo = await addPhoto(ctx.db, id, userId, { key: upload.key, width: processed.width, height: processed.height, widths: processed.widths, bytes: processed.bytes }, ctx.clock.now());
        res.status(201).json(photo);
      } catch (error) {
        // Refused after the files were written (the listing filled up meanwhile): no file stays unnamed.
        if (!(await isFileKeyUsed(ctx.db, upload.key))) await ctx.photoStorage.deleteMany(processed.files.map((f) => f.name));
        throw error;
      }
    } finally {
      await rm(upload.filePath, { force: true });
    }
  });

  router.patch('/spaces/:id/photos', requireUser, async (req, res) => {
    const id = spaceIdParam(req);
    const change = parseInput(reorderPhotosSchema, req.body ?? {});
    res.json(await reorderPhotos(ctx.db, id, currentUser(req).id, change, ctx.clock.now()));
  });

  router.patch('/spaces/:id/photos/:photoId', requireUser, async (req, res) => {
    const id = spaceIdParam(req);
    const photo = photoId(req);
    const { alt } = parseInput(photoAltSchema, stripMarkupFields(req.body ?? {}, ['alt']));
    res.json(await setPhotoAlt(ctx.db, id, photo, currentUser(req).id, alt, ctx.clock.now()));
  });

  router.delete('/spaces/:id/photos/:photoId', requireUser, async (req, res) => {
    await deletePhoto(ctx.db, spaceIdParam(req), photoId(req), currentUser(req).id, ctx.clock.now());
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
