// How article metadata reads on the page, shared by the article header, Resources cards and feeds.

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "March 12, 2024" (dates are calendar dates: formatted in UTC so no time zone shifts them). */
export function formatArticleDate(date: Date): string {
  return dateFormat.format(date);
}

/**
 * The day FarmSpace first published its articles (the six built-in ones were written and published that
 * day): an article dated before it claims a history the site does not have (docs/decisions/1211).
 */
export const FIRST_ARTICLES_PUBLISHED = new Date('2026-11-21T00:00:00Z');

/** Why an article's date is not the day it was written and published (a back-date, a future date), or null. */
export function articleDateProblem(date: Date, now: Date = new Date()): string | null {
  if (date < FIRST_ARTICLES_PUBLISHED) return `date must be the day the article was published on FarmSpace (${isoDate(FIRST_ARTICLES_PUBLISHED)} or later), not an earlier one`;
  if (date > now) return 'date must be the day the article was published, not a future one';
  return null;
}

/** "8 min read" */
export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}

/** The ISO calendar date, for <time datetime>. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
