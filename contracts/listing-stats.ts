// Owners' listing numbers (issue 19, 25): what GET /api/spaces/{id}/stats answers, and the console's
// listing page shows. Plain types, no zod (the dashboard island reads them).
import type { DemandCount } from './demand';

/** One value per day for each number, aligned with `dates` (UTC, YYYY-MM-DD, oldest first). */
export type ListingStats = {
  dates: string[];
  pageViews: number[];
  cardOpens: number[];
  inquiries: number[];
  saves: number[];
  /**
   * Farmers' saved searches (issue 29, decision 1602), under the k-anonymity rule ("fewer than 5"): those the
   * alerts' predicate matches now, and those the alerts recorded when the listing was published.
   */
  searches: { matchingNow: DemandCount; matchedWhenPublished: DemandCount };
};
