// publishSpace: what a successful listing payment does to its space (spec 4). The listing goes live for
// 30 days; a featured_upgrade (Premium) also features it for 30 days. Idempotent: a repeated call (a
// retried webhook) finds the listing already published and changes nothing more.
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentType } from './spaces.types';
import type { Executor } from '../../../../db/client';
import { spaces } from '../../../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { LISTING_DURATION_MS, toSpace } from './spaces.service';
import type { Space } from '../../../../contracts/spaces';
import { notifySavedSearches } from '../saved-searches/saved-search-alerts';

export async function publishSpace(db: Executor, spaceId: number, paymentType: PaymentType, now: Date): Promise<Space> {
  const until = new Date(now.getTime() + LISTING_DURATION_MS);
  const featured = paymentType === 'featured_upgrade';
  // First payment: publish (and feature). The WHERE makes the second identical call a no-op.
  const published = await db
    .update(spaces)
    .set({
      hasListingFee: true,
      isActive: true,
      expiresAt: until,
      updatedAt: now,
      ...(featured && { isFeatured: true, featuredUntil: until }),
    })
    .where(and(eq(spaces.id, spaceId), eq(spaces.hasListingFee, false), eq(spaces.isDemoListing, false)))
    .returning({ id: spaces.id });
  // Saved searches that match a newly published listing get their alert (written in this transaction).
  if (published.length) await notifySavedSearches(db, spaceId, now);
  if (featured) {
    // An upgrade of a listing already published as Standard features it once, for 30 days from now.
    await db
      .update(spaces)
      .set({ isFeatured: true, featuredUntil: until, updatedAt: now })
      .where(and(eq(spaces.id, spaceId), eq(spaces.isFeatured, false), sql`${spaces.featuredUntil} is null`, eq(spaces.isDemoListing, false)));
  }
  const [row] = await db.select().from(spaces).where(eq(spaces.id, spaceId));
  if (!row) throw AppError.notFound('Space not found.');
  return toSpace(row);
}
