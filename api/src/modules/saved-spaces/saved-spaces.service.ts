// Listings a farmer saved (issue 19, docs/decisions/1006). Saving needs a public listing that is not one's
// own; it is idempotent and bounded (SAVED_SPACES_MAX per account, checked under a lock on the user's row
// so racing saves cannot pass it). Unsaving keeps the row (removed_at), so a save counted in the owner's
// numbers (trigger, migration 0015) is counted once per farmer however often it is toggled.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { SAVED_SPACE_TEXTS, SAVED_SPACES_MAX, type SavedSpace, type SaveSpaceResult } from '#contracts/saved-spaces';
import type { Database, Executor } from '#db/client';
import { savedSpaces, spaces, users } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { findSpace, toSpace } from '../spaces/index';
import { isPublicSpace } from '../spaces/index';

export async function saveSpace(db: Database, { userId, spaceId }: { userId: number; spaceId: number }, now: Date): Promise<SaveSpaceResult & { created: boolean }> {
  const row = await findSpace(db, spaceId);
  if (!row || (!isPublicSpace(row, now) && row.ownerId !== userId)) throw AppError.notFound('Space not found.');
  if (row.ownerId === userId) throw AppError.badRequest(SAVED_SPACE_TEXTS.ownListing);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx.select().from(savedSpaces).where(and(eq(savedSpaces.userId, userId), eq(savedSpaces.spaceId, spaceId)));
    if (existing && !existing.removedAt) return { spaceId, saved: true as const, savedAt: existing.savedAt.toISOString(), created: false };
    const [held] = await tx.select({ n: count() }).from(savedSpaces).where(and(eq(savedSpaces.userId, userId), isNull(savedSpaces.removedAt)));
    if ((held?.n ?? 0) >= SAVED_SPACES_MAX) throw AppError.conflict(SAVED_SPACE_TEXTS.tooMany);
    await tx
      .insert(savedSpaces)
      .values({ userId, spaceId, createdAt: now, savedAt: now })
      .onConflictDoUpdate({ target: [savedSpaces.userId, savedSpaces.spaceId], set: { savedAt: now, removedAt: null } });
    return { spaceId, saved: true as const, savedAt: now.toISOString(), created: true };
  });
}

/** Idempotent: unsaving what is not saved changes nothing. */
export async function unsaveSpace(db: Executor, { userId, spaceId }: { userId: number; spaceId: number }, now: Date): Promise<void> {
  await db
    .update(savedSpaces)
    .set({ removedAt: now })
    .where(and(eq(savedSpaces.userId, userId), eq(savedSpaces.spaceId, spaceId), isNull(savedSpaces.removedAt)));
}

/** The farmer's saved listings, newest save first; one that is no longer public keeps its title, without the space. */
export async function listSavedSpaces(db: Executor, userId: number, now: Date): Promise<SavedSpace[]> {
  const rows = await db
    .select({ savedAt: savedSpaces.savedAt, space: spaces })
    .from(savedSpaces)
    .innerJoin(spaces, eq(spaces.id, savedSpaces.spaceId))
    .where(and(eq(savedSpaces.userId, userId), isNull(savedSpaces.removedAt)))
    .orderBy(desc(savedSpaces.savedAt), desc(savedSpaces.spaceId))
    .limit(SAVED_SPACES_MAX);
  return rows.map(({ savedAt, space }) => ({
    spaceId: space.id,
    title: space.title,
    savedAt: savedAt.toISOString(),
    space: !space.deletedAt && isPublicSpace(space, now) ? toSpace(space) : null,
  }));
}

/**
 * Closing the account (issue 28): the farmer's short list goes. The owners' numbers keep the saves they
 * counted (a trigger counted them on insert; a deletion changes no day's count).
 */
export async function deleteSavedSpacesOf(tx: Executor, userId: number): Promise<number> {
  const rows = await tx.delete(savedSpaces).where(eq(savedSpaces.userId, userId)).returning({ spaceId: savedSpaces.spaceId });
  return rows.length;
}
