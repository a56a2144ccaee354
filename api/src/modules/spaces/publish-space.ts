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
import { notifySavedSearches } from '../saved-searches/saved-search-alerts';

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
export async function publishSpace(db: Executor, spaceId: number, paymentType: PaymentType, now: Date, options: { review?: boolean } = {}): Promise<Space> {
  const [row] = await db.select().from(spaces).where(eq(spaces.id, spaceId)).for('update');
  if (!row) throw AppError.notFound('Space not found.');
  // A deleted listing stays deleted, even if a payment opened before the deletion succeeds.
  if (row.deletedAt) return toSpace(row);
  const decision = listingPurpose(row, paymentType, now);
  if ('conflict' in decision) return toSpace(row);
  const featured = paymentType === 'featured_upgrade';
  const until = new Date(now.getTime() + LISTING_DURATION_MS);
  let changes: Partial<SpaceRow>;
  switch (decision.purpose) {
    case 'publish':
      changes = { hasListingFee: true, isActive: true, expiresAt: until, ...(featured && { isFeatured: true, featuredUntil: until }) };
      break;
    case 'renew':
      // A renewal buys what was paid for now: Premium features it again, Standard ends an old feature.
      changes = { isActive: true, expiresAt: until, isFeatured: featured, featuredUntil: featured ? until : null };
      await db.delete(archivedSpaces).where(eq(archivedSpaces.originalId, spaceId));
      break;
    case 'upgrade':
      changes = { isFeatured: true, featuredUntil: row.expiresAt };
      break;
  }
  const waitsForReview = options.review === true && decision.purpose !== 'upgrade';
  if (waitsForReview) changes = { ...changes, isActive: false, awaitingReviewSince: now };
  // A listing an operator hid stays hidden (inactive) whatever is paid; unhiding restores it.
  if (row.hiddenAt) changes = { ...changes, isActive: false };
  const [updated] = await db
    .update(spaces)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(spaces.id, spaceId), eq(spaces.isDemoListing, false)))
    .returning();
  // A listing that goes live (first publication or renewal) is matched against the saved searches; the
  // alerts are written in this transaction.
  if (updated && decision.purpose !== 'upgrade' && !waitsForReview && !row.hiddenAt) await notifySavedSearches(db, spaceId, now);
  return toSpace(updated ?? row);
}
