// How article metadata reads on the page, shared by the article header, Resources cards and feeds.

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "March 12, 2024" (dates are calendar dates: formatted in UTC so no time zone shifts them). */
export function formatArticleDate(date: Date): string {
  return dateFormat.format(date);
}

/** "8 min read" */
export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}

/** The ISO calendar date, for <time datetime>. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
