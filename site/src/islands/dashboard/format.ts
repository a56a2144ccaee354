// Dates and times as the dashboard shows them: dates as every other date of the site's en-US pages,
// "December 28, 2026" (issue 43 item 14: one format per screen).
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

export function shortDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "just now", "5 min ago", "3:42 PM" today, else the date. */
export function messageTime(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  const seconds = Math.round((now - at.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (new Date(now).toDateString() === at.toDateString()) return timeFormat.format(at);
  return dateFormat.format(at);
}

