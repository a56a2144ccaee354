// Photos of a listing: one function per operation (add, reorder and cover, alt text, delete) and the file
// clean-up. The live space_photos rows are copied in order onto spaces.photos in the same transaction,
// so every read of a space has them without a join (docs/decisions/0801), through the spaces module's
// ListingPhotos port (spaces owns the table: decision 1313).
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { defaultPhotoAlt, defaultPhotoAltPrefix, MAX_PHOTOS, PHOTO_FORMATS, photoFileName, photoUrl, type PhotoView, type SpacePhoto } from '#contracts/photos';
import type { ReorderPhotos } from '#contracts/photos.schemas';
import type { Database, Executor } from '#db/client';
import { spacePhotos, spaces } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { DAY } from '../../lib/clock';
import { rm } from 'node:fs/promises';
import type { AppContext } from '../../app-context';
import type { ReceivedFile } from '../../lib/multipart';
import type { ListingPhotos, PhotoJobOptions, PhotoStorage } from '../../lib/ports';

/** Files of a deleted photo (or of a deleted listing's photos) stay this long: pages, e-mails and caches
 * that still name them keep working meanwhile; then housekeeping deletes them (docs/decisions/0802). */
export const PHOTO_FILE_RETENTION_MS = 7 * DAY;

type PhotoRow = typeof spacePhotos.$inferSelect;

export function toSpacePhoto(row: PhotoRow): SpacePhoto {
  return { id: row.id, key: row.fileKey, width: row.width, height: row.height, widths: row.widths, alt: row.alt };
}

export function toPhotoView(photo: SpacePhoto): PhotoView {
  return { ...photo, url: photoUrl(photo) };
}

/** The listing, if it is the user's and not deleted; anyone else's (public or not) is "not found". */
async function lockOwnSpace(tx: Executor, spaceId: number, userId: number) {
  const [row] = await tx
    .select({ id: spaces.id, title: spaces.title })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.ownerId, userId), isNull(spaces.deletedAt)))
    .for('update');
  if (!row) throw AppError.notFound('Space not found.');
  return row;
}

/**
 * Checks before an upload is read (the transaction checks again): the listing is the user's, and it has room
 * — unless the upload repeats one already stored under its key, which is then the answer.
 */
export async function assertCanAddPhoto(db: Executor, { spaceId, userId, uploadKey }: { spaceId: number; userId: number; uploadKey?: string }): Promise<PhotoView | undefined> {
  const [row] = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.ownerId, userId), isNull(spaces.deletedAt)));
  if (!row) throw AppError.notFound('Space not found.');
  if (uploadKey) {
    const earlier = await photoOfUploadKey(db, spaceId, uploadKey);
    if (earlier) return earlier;
  }
  const count = await db.$count(spacePhotos, and(eq(spacePhotos.spaceId, spaceId), isNull(spacePhotos.removedAt)));
  if (count >= MAX_PHOTOS) throw tooManyPhotos();
  return undefined;
}

/** The photo stored under this upload key (a repeated request's answer); a photo deleted since is a conflict. */
async function photoOfUploadKey(db: Executor, spaceId: number, uploadKey: string): Promise<PhotoView | undefined> {
  const [row] = await db
    .select()
    .from(spacePhotos)
    .where(and(eq(spacePhotos.spaceId, spaceId), eq(spacePhotos.uploadKey, uploadKey)));
  if (!row) return undefined;
  if (row.removedAt) throw AppError.conflict('This photo was deleted from the listing. Choose it again to add it back.');
  return toPhotoView(toSpacePhoto(row));
}

function tooManyPhotos() {
  return AppError.conflict(`A listing can have at most ${MAX_PHOTOS} photos. Delete one to add another.`);
}

async function livePhotos(tx: Executor, spaceId: number): Promise<PhotoRow[]> {
  return tx
    .select()
    .from(spacePhotos)
    .where(and(eq(spacePhotos.spaceId, spaceId), isNull(spacePhotos.removedAt)))
    .orderBy(asc(spacePhotos.position), asc(spacePhotos.createdAt));
}

/** Numbers the live photos 0.. in the given order and copies them onto the listing. */
async function writeOrder(tx: Executor, listing: ListingPhotos, spaceId: number, ordered: PhotoRow[], now: Date): Promise<SpacePhoto[]> {
  for (const [position, row] of ordered.entries()) {
    if (row.position !== position) await tx.update(spacePhotos).set({ position }).where(eq(spacePhotos.id, row.id));
  }
  const photos = ordered.map(toSpacePhoto);
  await listing.write(tx, spaceId, photos, now);
  return photos;
}

/** What the photo operations that change a listing's photos need: the database and the listing's copy. */
type PhotosOfListing = { db: Database; listingPhotos: ListingPhotos };

export type NewPhoto = { key: string; width: number; height: number; widths: number[]; bytes: number };

type PhotoContext = Pick<AppContext, 'db' | 'clock' | 'photoProcessor' | 'photoStorage' | 'photoUploadFolder'>;

/**
 * An upload through the pipeline: `receive` streams it into the upload folder, a worker cleans it (metadata
 * stripped, orientation applied) and makes its sizes, the files are stored under `keyOf(content key)`, and
 * `keep` records them; if `keep` throws, the files are deleted unless `stillUsed` says another row names
 * them. The temporary file never stays. Listing photos and profile pictures (issue 28) both go through it.
 */
export async function storeUpload<T>(
  ctx: PhotoContext,
  receive: (folder: string) => Promise<ReceivedFile>,
  keep: (photo: NewPhoto) => Promise<T>,
  options: { keyOf?: (contentKey: string) => string; stillUsed?: (key: string) => Promise<boolean>; job?: PhotoJobOptions } = {},
): Promise<T> {
  const upload = await receive(ctx.photoUploadFolder);
  try {
    if (upload.size === 0) throw AppError.badRequest('The file is empty. Choose a photo and try again.');
    const key = options.keyOf?.(upload.key) ?? upload.key;
    const processed = await ctx.photoProcessor.process(upload.filePath, key, options.job);
    await Promise.all(processed.files.map((file) => ctx.photoStorage.put(file.name, file.bytes, file.contentType)));
    try {
      return await keep({ key, width: processed.width, height: processed.height, widths: processed.widths, bytes: processed.bytes });
    } catch (error) {
      if (!(await (options.stillUsed?.(key) ?? false))) await ctx.photoStorage.deleteMany(processed.files.map((f) => f.name));
      throw error;
    }
  } finally {
    await rm(upload.filePath, { force: true });
  }
}

/**
 * POST /api/spaces/{id}/photos, the whole use case: refused before a byte of the file is read (someone
 * else's listing, a full listing), then the upload goes through the pipeline and its row is added. A refusal
 * after the files were written (the listing filled up meanwhile) deletes them unless another photo uses the
 * same content.
 */
export async function uploadPhoto(ctx: PhotoContext & PhotosOfListing, target: { spaceId: number; userId: number; uploadKey?: string }, receive: (folder: string) => Promise<ReceivedFile>): Promise<PhotoView> {
  const { spaceId, userId, uploadKey } = target;
  // A repeat of an upload already stored (the browser retried, or sent it twice) answers that photo unread.
  const earlier = await assertCanAddPhoto(ctx.db, { spaceId, userId, uploadKey });
  if (earlier) return earlier;
  const stillUsed = (key: string) => isFileKeyUsed(ctx.db, key);
  return storeUpload(
    ctx,
    receive,
    async (photo) => {
      const stored = await addPhoto(ctx, { spaceId, userId, uploadKey }, photo, ctx.clock.now());
      // Another request with the same key won meanwhile: its photo is the answer, and these files go unless named.
      if (stored.key !== photo.key && !(await stillUsed(photo.key))) await ctx.photoStorage.deleteMany(fileNamesOf(photo.key, photo.widths));
      return stored;
    },
    { stillUsed, job: { kind: 'listing', account: `user:${userId}` } },
  );
}

/**
 * A listing renamed (issue 43 item 14): each photo whose description is still the default one made from the old
 * title ("Old roof – photo 2") takes the new title; a description the owner wrote stays as it is.
 */
export async function retitlePhotos({ db, listingPhotos }: PhotosOfListing, spaceId: number, oldTitle: string, newTitle: string, now: Date): Promise<void> {
  const from = defaultPhotoAltPrefix(oldTitle);
  const to = defaultPhotoAltPrefix(newTitle);
  if (from === to) return;
  await db.transaction(async (tx) => {
    await tx.select({ id: spaces.id }).from(spaces).where(eq(spaces.id, spaceId)).for('update');
    const live = await livePhotos(tx, spaceId);
    const renamed = live.map((row) => (row.alt.startsWith(from) && /^\d+$/.test(row.alt.slice(from.length)) ? { ...row, alt: `${to}${row.alt.slice(from.length)}` } : row));
    if (renamed.every((row, i) => row.alt === live[i]!.alt)) return;
    for (const [i, row] of renamed.entries()) {
      if (row.alt !== live[i]!.alt) await tx.update(spacePhotos).set({ alt: row.alt }).where(eq(spacePhotos.id, row.id));
    }
    await writeOrder(tx, listingPhotos, spaceId, renamed, now);
  });
}

/** Adds a photo to the listing; with an upload key already stored there, answers that photo and adds none. */
export async function addPhoto({ db, listingPhotos }: PhotosOfListing, { spaceId, userId, uploadKey }: { spaceId: number; userId: number; uploadKey?: string }, photo: NewPhoto, now: Date): Promise<PhotoView> {
  return db.transaction(async (tx) => {
    const space = await lockOwnSpace(tx, spaceId, userId);
    // Read after the listing's lock: a request with the same key that held it has committed its row by now.
    const earlier = uploadKey ? await photoOfUploadKey(tx, spaceId, uploadKey) : undefined;
    if (earlier) return earlier;
    const live = await livePhotos(tx, spaceId);
    if (live.length >= MAX_PHOTOS) throw tooManyPhotos();
    const [row] = await tx
      .insert(spacePhotos)
      .values({
        spaceId,
        ownerId: userId,
        position: live.length,
        fileKey: photo.key,
        width: photo.width,
        height: photo.height,
        widths: photo.widths,
        bytes: photo.bytes,
        alt: defaultPhotoAlt(space.title, live.length + 1),
        createdAt: now,
        uploadKey: uploadKey ?? null,
      })
      .returning();
    await writeOrder(tx, listingPhotos, spaceId, [...live, row!], now);
    return toPhotoView(toSpacePhoto(row!));
  });
}

export async function reorderPhotos({ db, listingPhotos }: PhotosOfListing, { spaceId, userId }: { spaceId: number; userId: number }, change: ReorderPhotos, now: Date): Promise<PhotoView[]> {
  return db.transaction(async (tx) => {
    await lockOwnSpace(tx, spaceId, userId);
    const live = await livePhotos(tx, spaceId);
    const byId = new Map(live.map((row) => [row.id, row]));
    const named = [...(change.order ?? []), ...(change.cover ? [change.cover] : [])];
    const foreign = named.find((id) => !byId.has(id));
    if (foreign) throw AppError.badRequest('That photo is not one of this listing’s photos. Reload the page and try again.', { order: 'Not a photo of this listing' });
    let ordered = live;
    if (change.order) {
      if (change.order.length !== live.length) {
        throw AppError.badRequest(`The new order must list each of this listing’s ${live.length} photos once.`, { order: 'List every photo once' });
      }
      ordered = change.order.map((id) => byId.get(id)!);
    }
    if (change.cover) ordered = [byId.get(change.cover)!, ...ordered.filter((row) => row.id !== change.cover)];
    return (await writeOrder(tx, listingPhotos, spaceId, ordered, now)).map(toPhotoView);
  });
}

export async function setPhotoAlt({ db, listingPhotos }: PhotosOfListing, { spaceId, userId }: { spaceId: number; userId: number }, photoId: string, alt: string, now: Date): Promise<PhotoView> {
  return db.transaction(async (tx) => {
    await lockOwnSpace(tx, spaceId, userId);
    const live = await livePhotos(tx, spaceId);
    const target = live.find((row) => row.id === photoId);
    if (!target) throw AppError.notFound('Photo not found.');
    target.alt = alt;
    await tx.update(spacePhotos).set({ alt }).where(eq(spacePhotos.id, photoId));
    await writeOrder(tx, listingPhotos, spaceId, live, now);
    return toPhotoView(toSpacePhoto(target));
  });
}

export async function deletePhoto({ db, listingPhotos }: PhotosOfListing, { spaceId, userId }: { spaceId: number; userId: number }, photoId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnSpace(tx, spaceId, userId);
    const live = await livePhotos(tx, spaceId);
    if (!live.some((row) => row.id === photoId)) throw AppError.notFound('Photo not found.');
    await tx.update(spacePhotos).set({ removedAt: now }).where(eq(spacePhotos.id, photoId));
    await writeOrder(
      tx,
      listingPhotos,
      spaceId,
      live.filter((row) => row.id !== photoId),
      now,
    );
  });
}

/** A listing's photos are removed with it (its files go after the retention). */
export async function removeSpacePhotos(tx: Executor, spaceId: number, now: Date): Promise<void> {
  await tx
    .update(spacePhotos)
    .set({ removedAt: now })
    .where(and(eq(spacePhotos.spaceId, spaceId), isNull(spacePhotos.removedAt)));
}

export function fileNamesOf(key: string, widths: number[]): string[] {
  return widths.flatMap((w) => PHOTO_FORMATS.map((format) => photoFileName(key, w, format)));
}

/** Whether any photo row (live or waiting for clean-up) still names these files. */
export async function isFileKeyUsed(db: Executor, key: string): Promise<boolean> {
  return (await db.$count(spacePhotos, eq(spacePhotos.fileKey, key))) > 0;
}

/**
 * Housekeeping for photo files: photos removed (or of listings deleted) longer than the retention ago
 * lose their rows, and their files once no other row names the same content. Files first, rows second:
 * a failure leaves the row, and the next run tries again; nothing is orphaned for good.
 */
export async function deleteExpiredPhotoFiles(deps: { db: Database; storage: PhotoStorage; now: Date }, batch = 200): Promise<number> {
  const cutoff = new Date(deps.now.getTime() - PHOTO_FILE_RETENTION_MS);
  const candidates = await deps.db
    .select({ id: spacePhotos.id, key: spacePhotos.fileKey, widths: spacePhotos.widths })
    .from(spacePhotos)
    .leftJoin(spaces, eq(spaces.id, spacePhotos.spaceId))
        // Removed long enough ago; of a listing archived long enough ago; or of a listing gone with its owner's account.
    .where(or(lt(spacePhotos.removedAt, cutoff), lt(spaces.deletedAt, cutoff), and(isNull(spacePhotos.spaceId), isNull(spacePhotos.removedAt))))
    .limit(batch);
  if (!candidates.length) return 0;
  const ids = candidates.map((c) => c.id);
  const keys = [...new Set(candidates.map((c) => c.key))];
  const stillUsed = await deps.db
    .selectDistinct({ key: spacePhotos.fileKey })
    .from(spacePhotos)
    .where(and(inArray(spacePhotos.fileKey, keys), sql`${spacePhotos.id} not in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`));
  const used = new Set(stillUsed.map((r) => r.key));
  const names = candidates.filter((c) => !used.has(c.key)).flatMap((c) => fileNamesOf(c.key, c.widths));
  await deps.storage.deleteMany([...new Set(names)]);
  await deps.db.delete(spacePhotos).where(inArray(spacePhotos.id, ids));
  return candidates.length;
}
