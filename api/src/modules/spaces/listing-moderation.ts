// What operators do to a listing (issue 19), written here because spaces owns the table: hide and unhide
// one listing, hide all of a suspended owner's listings and bring back only those on reinstatement. The
// moderation module decides, audits and tells; these run in its transaction.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { spaces } from '#db/schema/index';

type SpaceRow = typeof spaces.$inferSelect;

/** Hidden by an operator: out of search and its page, inactive; whether it was active is kept for unhiding. */
export async function hideListing(tx: Executor, row: Pick<SpaceRow, 'id' | 'isActive'>, reason: string, now: Date): Promise<void> {
  await tx.update(spaces).set({ hiddenAt: now, hiddenReason: reason, hiddenWithOwner: false, hiddenWasActive: row.isActive, isActive: false, updatedAt: now }).where(eq(spaces.id, row.id));
}

/** Back to what it was (see restoredState). */
export async function unhideListing(tx: Executor, row: SpaceRow, now: Date): Promise<void> {
  await tx.update(spaces).set(restoredState(row, now)).where(eq(spaces.id, row.id));
}

function restoredState(row: SpaceRow, now: Date) {
  // Back as the owner left it: a listing they had paused stays paused (hiddenWasActive). Otherwise a draft
  // was active-by-default before it was hidden; a paid listing is live again until its end date (the expiry
  // job archives it if that has passed); one in review stays waiting (never active).
  const live = !row.awaitingReviewSince && (row.isDemoListing || !row.hasListingFee || row.expiresAt.getTime() > now.getTime());
  return { hiddenAt: null, hiddenReason: null, hiddenWithOwner: false, hiddenWasActive: true, isActive: live && row.hiddenWasActive, updatedAt: now };
}

/** A suspended owner's listings not hidden already are hidden with the account; returns their ids. */
export async function hideOwnersListings(tx: Executor, ownerId: number, reason: string, now: Date): Promise<number[]> {
  const hidden = await tx
    .update(spaces)
    // hidden_was_active takes is_active as it was before this statement (SET reads the old row).
    .set({ hiddenAt: now, hiddenReason: reason, hiddenWithOwner: true, hiddenWasActive: sql`${spaces.isActive}`, isActive: false, updatedAt: now })
    .where(and(eq(spaces.ownerId, ownerId), isNull(spaces.hiddenAt), isNull(spaces.deletedAt)))
    .returning({ id: spaces.id });
  return hidden.map((h) => h.id);
}

/** Only what the suspension hid comes back; a listing hidden on its own stays hidden. Returns their ids. */
export async function unhideOwnersListings(tx: Executor, ownerId: number, now: Date): Promise<number[]> {
  const withOwner = await tx.select().from(spaces).where(and(eq(spaces.ownerId, ownerId), eq(spaces.hiddenWithOwner, true))).for('update');
  for (const row of withOwner) await unhideListing(tx, row, now);
  return withOwner.map((r) => r.id);
}
