// Owners' listing numbers (issue 19, 25): what GET /api/spaces/{id}/stats answers, and the console's
// listing page shows. Plain types, no zod (the dashboard island reads them).

/** One value per day for each number, aligned with `dates` (UTC, YYYY-MM-DD, oldest first). */
export type ListingStats = { dates: string[]; pageViews: number[]; cardOpens: number[]; inquiries: number[]; saves: number[] };
