// The background jobs every API instance runs (each claims its rows, so N instances are safe).
import type { AppContext } from '../app-context';
import { MINUTE } from '../lib/clock';
import { processPasswordResetRequests } from '../modules/auth/password-reset';
import { sendPendingEmails } from '../modules/email/outbox';
import { sendSavedSearchAlerts } from '../modules/saved-searches/saved-search-alerts';
import { sendDueDigests } from '../modules/messaging/digest';
import { expireListings } from '../modules/spaces/expire-listings';
import { deleteExpiredPhotoFiles } from '../modules/photos/photos.service';
import { HOUSEKEEPING_INTERVAL_MS, runHousekeeping } from './housekeeping';
import type { Job } from './job-runner';

/** How often each instance looks for due e-mails (one indexed query when there are none). */
export const OUTBOX_INTERVAL_MS = 2000;

/** How often each instance looks for message digests whose window has ended (late by at most this). */
export const DIGEST_INTERVAL_MS = 30_000;

export function backgroundJobs(ctx: AppContext): Job[] {
  return [
    // Forgot-password asks are answered off the request path (docs/decisions/0105): as quick as the outbox.
    { name: 'password-reset-requests', intervalMs: OUTBOX_INTERVAL_MS, run: () => processPasswordResetRequests(ctx) },
    { name: 'email-outbox', intervalMs: OUTBOX_INTERVAL_MS, run: () => sendPendingEmails(ctx) },
    {
      name: 'message-digest',
      intervalMs: DIGEST_INTERVAL_MS,
      run: () => sendDueDigests({ db: ctx.db, clock: ctx.clock, siteUrl: ctx.config.PUBLIC_SITE_URL }),
    },
    { name: 'listing-expiry', intervalMs: MINUTE, run: () => expireListings(ctx.db, ctx.clock.now()) },
    { name: 'housekeeping', intervalMs: HOUSEKEEPING_INTERVAL_MS, run: () => runHousekeeping(ctx) },
    // Files of photos deleted (or of listings deleted) past their retention (docs/decisions/0802).
    { name: 'photo-files', intervalMs: HOUSEKEEPING_INTERVAL_MS, run: () => deleteExpiredPhotoFiles({ db: ctx.db, storage: ctx.photoStorage, now: ctx.clock.now() }) },
    // Before the outbox tick picks them up; an alert leaves within seconds of the listing's publication.
    { name: 'saved-search-alerts', intervalMs: 5000, run: () => sendSavedSearchAlerts(ctx) },
  ];
}
