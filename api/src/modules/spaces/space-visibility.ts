// Who may see a listing. Public = a demonstration listing, or a paid listing that is active and not
// expired (spec 4); "paused" is isActive = false. One definition in SQL (for lists, index-friendly)
// and one in TypeScript (for single rows). See docs/decisions/0200-public-listing-predicate.md.
// Hidden by an operator and waiting for review (issue 19, docs/decisions/1001) are never active: check
// constraints on spaces guarantee it, so the SQL predicate (and its partial indexes) leaves them out as it
// is; the status below names them for the owner.
import { and, gt, or, sql, type SQL } from 'drizzle-orm';
import type { SpaceStatus } from '#contracts/spaces.schemas';
import { spaces } from '#db/schema/index';

type Row = typeof spaces.$inferSelect;

/**
 * is_active AND (is_demo_listing OR has_listing_fee) is the predicate of the partial browse indexes, so it
 * is written exactly like theirs; the time-dependent part (expiry) is a separate filter.
 */
export function publicSpacePredicate(now: Date): SQL {
  return and(
    sql`${spaces.isActive} and (${spaces.isDemoListing} or ${spaces.hasListingFee})`,
    or(spaces.isDemoListing, gt(spaces.expiresAt, now)),
  )!;
}

type StatusFields = Pick<Row, 'isDemoListing' | 'hasListingFee' | 'isActive' | 'expiresAt'> & Partial<Pick<Row, 'hiddenAt' | 'awaitingReviewSince'>>;

export function spaceStatus(row: StatusFields, now: Date): SpaceStatus {
  if (row.hiddenAt) return 'hidden';
  if (row.awaitingReviewSince) return 'in_review';
  if (row.isDemoListing) return row.isActive ? 'demo' : 'paused';
  if (!row.hasListingFee) return 'draft';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.isActive ? 'active' : 'paused';
}

export function isPublicSpace(row: StatusFields, now: Date): boolean {
  const status = spaceStatus(row, now);
  return status === 'active' || status === 'demo';
}
