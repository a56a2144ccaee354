// The listing-expiry job (spec 4: a listing lasts 30 days). Expired paid listings are copied into
// archived_spaces and switched off; featured status ends at featuredUntil. Safe with any number of API
// instances: rows are claimed with FOR UPDATE SKIP LOCKED and archived_spaces.original_id is unique
// (ON CONFLICT DO NOTHING), so each listing is archived exactly once; each expiry is written to the audit log
// (recordAudit) in the batch's transaction.
import { and, count, eq, isNotNull, lte, min, sql } from 'drizzle-orm';
import { queryRows, type Executor, type RawRow } from '#db/client';
import { spaces } from '#db/schema/index';
import { recordAudit } from '../../lib/audit-log';
import { toBacklog, type Backlog } from '../../lib/metrics';

const BATCH = 500;

export type ExpiryResult = { archived: number; unfeatured: number };

/** Paid listings past their end and still live, and how long the oldest has been over (metrics). */
export async function expiryBacklog(db: Executor, now: Date): Promise<Backlog> {
  const [row] = await db
    .select({ n: count(), oldest: min(spaces.expiresAt) })
    .from(spaces)
    .where(and(eq(spaces.isActive, true), eq(spaces.hasListingFee, true), eq(spaces.isDemoListing, false), lte(spaces.expiresAt, now)));
  return toBacklog(row, now);
}

export async function expireListings(db: Executor, now: Date): Promise<ExpiryResult> {
  let archived = 0;
  for (;;) {
    const rows = await db.transaction(async (tx) => {
      // Raw: data-modifying CTEs (claim with skip locked, archive with insert … select, update) in one
      // statement, so a batch is archived and closed at once; its audit entries follow in the same transaction.
      const closed = await queryRows<RawRow<{ id: (typeof spaces.$inferSelect)['id']; archived_count: number }>>(
        tx,
        sql`
          with due as (
            select id from spaces
            where is_active and has_listing_fee and not is_demo_listing and expires_at <= ${now}
            order by id
            limit ${BATCH}
            for update skip locked
          ), archived as (
            insert into archived_spaces (original_id, title, description, location, city, price_per_month, space_type, owner_id, archived_at)
            select s.id, s.title, s.description, s.location, s.city, s.price_per_month, s.space_type, s.owner_id, ${now}
            from spaces s join due on due.id = s.id
            on conflict (original_id) do nothing
            returning original_id
          )
          update spaces set is_active = false, is_featured = false, updated_at = ${now}
          from due where spaces.id = due.id
          returning (select count(*) from archived)::int as archived_count, spaces.id`,
      );
      // The audit log records automatic actions of the operators' kind too (issue 19).
      await recordAudit(
        tx,
        closed.map((row) => ({ actor: 'system' as const, action: 'space.expire', targetType: 'space' as const, targetId: Number(row.id), reason: 'The listing reached the end of its paid period.', at: now })),
      );
      return closed;
    });
    archived += rows[0] ? Number(rows[0].archived_count) : 0;
    if (rows.length < BATCH) break;
  }
  const unfeatured = await db
    .update(spaces)
    .set({ isFeatured: false, updatedAt: now })
    .where(and(eq(spaces.isFeatured, true), isNotNull(spaces.featuredUntil), lte(spaces.featuredUntil, now), eq(spaces.isDemoListing, false)))
    .returning({ id: spaces.id });
  return { archived, unfeatured: unfeatured.length };
}
