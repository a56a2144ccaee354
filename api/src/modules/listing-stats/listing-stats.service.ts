// Owners' listing numbers (issue 19, 25): a listing's daily page views, card opens, inquiries and saves over
// its life, read from space_daily_stats (kept by triggers and the view counter), and the farmers' saved searches
// it matches now and matched when published (the saved-searches module's counts, issue 29). The owner reads their own;
// the operators' console reads any listing's through listingStats.
import { and, eq, sql } from 'drizzle-orm';
import type { ListingStats } from '#contracts/listing-stats';
import type { Executor } from '#db/client';
import { spaceDailyStats, spaces } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { DAY, dayRange, isoDay } from '../../lib/clock';
import { releaseCount } from '../demand/index';
import { listingSearchCounts } from '../saved-searches/index';

/** A listing's numbers per day over its life (at most the last 365 days). */
export async function listingStats(db: Executor, spaceId: number, createdAt: Date, now: Date): Promise<ListingStats> {
  const days = Math.min(365, Math.max(1, Math.floor((Date.parse(`${isoDay(now)}T00:00:00Z`) - Date.parse(`${isoDay(createdAt)}T00:00:00Z`)) / DAY) + 1));
  const dates = dayRange(days, now);
  const rows = await db.select().from(spaceDailyStats).where(and(eq(spaceDailyStats.spaceId, spaceId), sql`${spaceDailyStats.day} >= ${dates[0]!}`));
  const searches = await listingSearchCounts(db, spaceId, now);
  const index = new Map(dates.map((d, i) => [d, i]));
  const out: ListingStats = {
    dates,
    pageViews: dates.map(() => 0),
    cardOpens: dates.map(() => 0),
    inquiries: dates.map(() => 0),
    saves: dates.map(() => 0),
    // People, under the demand's release rule (decision 1603).
    searches: { matchingNow: releaseCount(searches.matchingNow), matchedWhenPublished: releaseCount(searches.matchedWhenPublished) },
  };
  for (const r of rows) {
    const i = index.get(r.day);
    if (i === undefined) continue;
    out.pageViews[i] = r.pageViews;
    out.cardOpens[i] = r.cardOpens;
    out.inquiries[i] = r.inquiries;
    out.saves[i] = r.saves;
  }
  return out;
}

/** The owner's own listing numbers (GET /api/spaces/:id/stats): 404 for anyone else's. */
export async function ownListingStats(db: Executor, { spaceId, ownerId }: { spaceId: number; ownerId: number }, now: Date): Promise<ListingStats> {
  const [row] = await db.select({ createdAt: spaces.createdAt }).from(spaces).where(and(eq(spaces.id, spaceId), eq(spaces.ownerId, ownerId)));
  if (!row) throw AppError.notFound('Space not found.');
  return listingStats(db, spaceId, row.createdAt, now);
}
