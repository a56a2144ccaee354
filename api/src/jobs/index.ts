// The background jobs every API instance runs (each claims its rows, so N instances are safe), with what
// waits for each (its backlog, read at every metrics scrape: docs/decisions/1400).
import type { AppContext } from '../app-context';
import { MINUTE } from '../lib/clock';
import { passwordResetBacklog, processPasswordResetRequests } from '../modules/auth/password-reset';
import { failedEmails, outboxBacklog, sendPendingEmails } from '../modules/email/outbox';
import { alertBacklog, failedAlerts, sendSavedSearchAlerts } from '../modules/saved-searches/saved-search-alerts';
import { digestBacklog, sendDueDigests } from '../modules/messaging/digest';
import { expireListings, expiryBacklog } from '../modules/spaces/expire-listings';
import { deleteExpiredPhotoFiles } from '../modules/photos/photos.service';
import { tellPublishedReviews } from '../modules/reviews/reviews.service';
import { inviteReviewers, reviewInvitationBacklog } from '../modules/agreements/index';
import { pushBacklog, sendPendingPushes } from '../modules/push/index';
import { HOUSEKEEPING_INTERVAL_MS, runHousekeeping } from './housekeeping';
import type { Job } from './job-runner';

/** How often each instance looks for due e-mails (one indexed query when there are none). */
export const OUTBOX_INTERVAL_MS = 2000;

/** How often each instance looks for message digests whose window has ended (late by at most this). */
export const DIGEST_INTERVAL_MS = 30_000;

export function backgroundJobs(ctx: AppContext): Job[] {
  return [
    // Forgot-password asks are answered off the request path (docs/decisions/0105): as quick as the outbox.
    { name: 'password-reset-requests', intervalMs: OUTBOX_INTERVAL_MS, run: () => processPasswordResetRequests(ctx), backlog: () => passwordResetBacklog(ctx) },
    // E-mails that gave up stay as failed rows (90 days): the jobs view lists them to retry or drop.
    { name: 'email-outbox', intervalMs: OUTBOX_INTERVAL_MS, run: () => sendPendingEmails(ctx), backlog: () => outboxBacklog(ctx), failedItems: (limit) => failedEmails(ctx.db, limit) },
    {
      name: 'message-digest',
      intervalMs: DIGEST_INTERVAL_MS,
      run: () => sendDueDigests({ db: ctx.db, clock: ctx.clock, siteUrl: ctx.config.PUBLIC_SITE_URL, logger: ctx.logger }),
      backlog: () => digestBacklog(ctx),
    },
    { name: 'listing-expiry', intervalMs: MINUTE, run: () => expireListings(ctx.db, ctx.clock.now()), backlog: () => expiryBacklog(ctx.db, ctx.clock.now()) },
    { name: 'housekeeping', intervalMs: HOUSEKEEPING_INTERVAL_MS, run: () => runHousekeeping(ctx) },
    // Files of photos deleted (or of listings deleted) past their retention (docs/decisions/0802).
    { name: 'photo-files', intervalMs: HOUSEKEEPING_INTERVAL_MS, run: () => deleteExpiredPhotoFiles({ db: ctx.db, storage: ctx.photoStorage, now: ctx.clock.now() }) },
    // Web Push (issue 30): as quick as the e-mail outbox; a push that gives up is not kept for retrying (it is
    // stale by then), so the view shows backlog and runs only (docs/decisions/1700).
    { name: 'push-outbox', intervalMs: OUTBOX_INTERVAL_MS, run: () => sendPendingPushes(ctx), backlog: () => pushBacklog(ctx) },
    // Before the outbox tick picks them up; an alert leaves within seconds of the listing's publication.
    // Reviews published at the end of their blind period (the other party never wrote) are told by e-mail; a
    // review's publication itself needs no job (docs/decisions/1502).
    { name: 'review-publications', intervalMs: MINUTE, run: () => tellPublishedReviews({ db: ctx.db, clock: ctx.clock, siteUrl: ctx.config.PUBLIC_SITE_URL, logger: ctx.logger }) },
    // The parties are invited to review each other when the lease starts, not when the terms are accepted
    // (issue 43, item 3; docs/decisions/1506).
    {
      name: 'review-invitations',
      intervalMs: MINUTE,
      run: () => inviteReviewers({ db: ctx.db, clock: ctx.clock, siteUrl: ctx.config.PUBLIC_SITE_URL }),
      backlog: () => reviewInvitationBacklog(ctx),
    },
    // A search whose alert keeps failing is parked (issue 38 item 2): the view lists it to retry or drop.
    { name: 'saved-search-alerts', intervalMs: 5000, run: () => sendSavedSearchAlerts(ctx), backlog: () => alertBacklog(ctx), failedItems: (limit) => failedAlerts(ctx.db, limit) },
  ];
}
