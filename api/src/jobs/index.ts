// The background jobs every API instance runs (each claims its rows, so N instances are safe).
import type { AppContext } from '../app-context';
import { MINUTE } from '../lib/clock';
import { sendPendingEmails } from '../modules/email/outbox';
import { sendSavedSearchAlerts } from '../modules/saved-searches/saved-search-alerts';
import { expireListings } from '../modules/spaces/expire-listings';
import { HOUSEKEEPING_INTERVAL_MS, runHousekeeping } from './housekeeping';
import type { Job } from './job-runner';

/** How often each instance looks for due e-mails (one indexed query when there are none). */
export const OUTBOX_INTERVAL_MS = 2000;

export function backgroundJobs(ctx: AppContext): Job[] {
  return [
    { name: 'email-outbox', intervalMs: OUTBOX_INTERVAL_MS, run: () => sendPendingEmails(ctx) },
    { name: 'listing-expiry', intervalMs: MINUTE, run: () => expireListings(ctx.db, ctx.clock.now()) },
    { name: 'housekeeping', intervalMs: HOUSEKEEPING_INTERVAL_MS, run: () => runHousekeeping(ctx) },
    // Before the outbox tick picks them up; an alert leaves within seconds of the listing's publication.
    { name: 'saved-search-alerts', intervalMs: 5000, run: () => sendSavedSearchAlerts(ctx) },
  ];
}
