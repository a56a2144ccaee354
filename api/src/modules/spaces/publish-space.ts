// publishSpace: what a successful listing payment does to its space (spec 4, docs/decisions/0400).
// - a draft goes live for 30 days (Premium: featured for the same 30 days);
// - an expired or archived listing is renewed for 30 days from now (it leaves archived_spaces);
// - a live Standard listing paid featured_upgrade becomes featured until its current end.
// Anything else (e.g. a repeated call for a listing already live) changes nothing; payment fulfilment
// itself runs once per payment (api/src/modules/payments/fulfil-payment.ts).
import { and, eq } from 'drizzle-orm';
import type { PaymentType } from './spaces.types';
import type { Executor } from '#db/client';
import { archivedSpaces, spaces } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { LISTING_DURATION_MS, toSpace, type SpaceRow } from './spaces.service';
import type { Space } from '#contracts/spaces.schemas';

/**
 * What else happens, in the same transaction, when a listing goes live: the saved-search alerts. Passed in
 * by the caller (the saved-searches module depends on spaces, not the other way round; decision 1310), and
 * required, so no way of going live can forget it.
 */
export type OnListingLive = (tx: Executor, spaceId: number, now: Date) => Promise<unknown>;

export type ListingPurpose = 'publish' | 'renew' | 'upgrade';

/** What paying `paymentType` would do for this listing now, or why there is nothing to pay for. */
export function listingPurpose(
  row: Pick<SpaceRow, 'hasListingFee' | 'isDemoListing' | 'isActive' | 'isFeatured' | 'expiresAt' | 'featuredUntil'>,
  paymentType: PaymentType,
  now: Date,
): { purpose: ListingPurpose } | { conflict: string; alreadyPaid?: true } {
  if (row.isDemoListing) return { conflict: 'Demonstration listings cannot be paid for.' };
  if (!row.hasListingFee) return { purpose: 'publish' };
  if (row.expiresAt.getTime() <= now.getTime()) return { purpose: 'renew' };
  // Live (or paused) and paid up.
  if (paymentType === 'listing_fee') return { conflict: 'This listing is already published. You can renew it once it expires.', alreadyPaid: true };
  const featuredNow = row.isFeatured && row.featuredUntil !== null && row.featuredUntil.getTime() > now.getTime();
  if (featuredNow) return { conflict: 'This listing is already Premium.', alreadyPaid: true };
  return { purpose: 'upgrade' };
}

/**
 * `review` (LISTING_REVIEW=before): a first publication or a renewal waits for an operator's approval
 * (approveListing starts its 30 days); an upgrade needs none.
 */
export async function publishSpace(
  db: Executor,
  spaceId: number,
  paymentType: PaymentType,
  now: Date,
  options: { review?: boolean; onLive: OnListingLive },
): Promise<Space> {
  const [row] = await db.select().from(spaces).where(eq(spaces.id, spaceId)).for('update');
  if (!row) throw AppError.notFound('Space not found.');
  // A deleted listing stays deleted, even if a payment opened before the deletion succeeds.
  if (row.deletedAt) return toSpace(row);
  const decision = listingPurpose(row, paymentType, now);
  if ('conflict' in decision) return toSpace(row);
  const featured = paymentType === 'featured_upgrade';
  if (decision.purpose === 'upgrade') {
    // A listing an operator hid stays hidden (inactive) whatever is paid; unhiding restores it.
    const [updated] = await db
      .update(spaces)
      .set({ isFeatured: true, featuredUntil: row.expiresAt, ...(row.hiddenAt && { isActive: false }), updatedAt: now })
      .where(and(eq(spaces.id, spaceId), eq(spaces.isDemoListing, false)))
      .returning();
    return toSpace(updated ?? row);
  }
  // A renewal leaves archived_spaces.
  if (decision.purpose === 'renew') await db.delete(archivedSpaces).where(eq(archivedSpaces.originalId, spaceId));
  const bought = (until: Date): Partial<SpaceRow> =>
    decision.purpose === 'publish'
      ? { hasListingFee: true, ...(featured && { isFeatured: true, featuredUntil: until }) }
      : // A renewal buys what was paid for now: Premium features it again, Standard ends an old feature.
        { isFeatured: featured, featuredUntil: featured ? until : null };
  if (options.review === true) {
    // LISTING_REVIEW=before: it waits, inactive, for an operator's approval (approveListing calls goLive).
    const until = new Date(now.getTime() + LISTING_DURATION_MS);
    const [updated] = await db
      .update(spaces)
      .set({ ...bought(until), expiresAt: until, isActive: false, awaitingReviewSince: now, updatedAt: now })
      .where(and(eq(spaces.id, spaceId), eq(spaces.isDemoListing, false)))
      .returning();
    return toSpace(updated ?? row);
  }
  return toSpace((await goLive(db, row, now, { changes: bought, onLive: options.onLive })) ?? row);
}

/**
 * A listing goes live, the one way (publishSpace after a payment, approveListing after review): its 30
 * days start now, it is active unless an operator hid it (unhiding restores it), and a visible listing is
 * matched against the saved searches in the caller's transaction (`onLive`). `changes` are what else the
 * caller sets, given the new end date (what the payment bought, the end of review). The caller holds the
 * row's lock. Returns the updated row (none for a demonstration listing).
 */
export async function goLive(
  tx: Executor,
  row: Pick<SpaceRow, 'id' | 'hiddenAt'>,
  now: Date,
  options: { changes?: (until: Date) => Partial<SpaceRow>; onLive: OnListingLive },
): Promise<SpaceRow | undefined> {
  const until = new Date(now.getTime() + LISTING_DURATION_MS);
  const [updated] = await tx
    .update(spaces)
    .set({ ...options.changes?.(until), expiresAt: until, isActive: !row.hiddenAt, updatedAt: now })
    .where(and(eq(spaces.id, row.id), eq(spaces.isDemoListing, false)))
    .returning();
  if (updated && !row.hiddenAt) await options.onLive(tx, row.id, now);
  return updated;
}

/**
 * A refunded payment takes back what it bought: a listing fee unpublishes its listing (back to a draft the
 * owner may pay for again), a featured upgrade ends the feature. A hidden listing stays inactive (the check
 * constraint): it becomes an unpaid, hidden draft. A demonstration listing is left alone. Returns whether
 * a listing was unpublished.
 */
export async function withdrawPaidListing(tx: Executor, spaceId: number, paymentType: PaymentType, now: Date): Promise<boolean> {
  const changes =
    paymentType === 'listing_fee'
      ? { hasListingFee: false, isActive: true, isFeatured: false, featuredUntil: null, awaitingReviewSince: null, updatedAt: now }
      : { isFeatured: false, featuredUntil: null, updatedAt: now };
  const [space] = await tx.select({ hiddenAt: spaces.hiddenAt, demo: spaces.isDemoListing }).from(spaces).where(eq(spaces.id, spaceId)).for('update');
  if (!space || space.demo) return false;
  await tx.update(spaces).set({ ...changes, ...(space.hiddenAt && { isActive: false }) }).where(eq(spaces.id, spaceId));
  return paymentType === 'listing_fee';
}
