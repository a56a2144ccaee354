// The operators' actions (issue 19), one function each: hide and unhide a listing, suspend and reinstate
// an account, dismiss a report, refund a payment, unlock an account, approve a listing in review, hide and
// unhide a review (issue 28). Each
// runs in one transaction that locks its target first, refuses what makes no sense now (a second click:
// 409, nothing written), does the thing, closes the reports it answers, writes its audit row and queues
// the e-mail that tells the person. Refused actions write nothing, the audit log included. The rows of
// other modules' tables are written by their owners' functions (spaces, auth, payments; decision 1310).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MODERATION_MESSAGES } from '#contracts/moderation';
import type { Database, Executor } from '#db/client';
import { reports, spaces, users } from '#db/schema/index';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { APPEAL_SENTENCE, moderationEmail } from '../email/index';
import { tellUser } from '../email/index';
import { setLiveUntilOfListingPayment } from '../payments/index';
import { notifySavedSearches } from '../saved-searches/index';
import { hideListing, hideOwnersListings, unhideListing, unhideOwnersListings } from '../spaces/index';
import { hideReviewRow, unhideReviewRow } from '../reviews/index';
import { goLive } from '../spaces/index';
import { LISTING_DURATION_MS } from '../spaces/index';
import { recordAudit, type Operator } from '../../lib/audit-log';
import { tellLeasePartnersOfReinstatement, tellLeasePartnersOfSuspension } from './lease-partners';
import { liftLockout } from '../auth/index';
import { reinstateAccount, suspendAccount } from '../auth/index';
import { cutText } from '#contracts/text';
import { isOperator } from '../auth/index';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'logger' | 'payments'>;
export type { Operator };

const spaceNotFound = () => AppError.notFound('Space not found.');
const userNotFound = () => AppError.notFound('User not found.');

async function lockSpace(tx: Executor, id: number) {
  const [row] = await tx.select().from(spaces).where(and(eq(spaces.id, id), isNull(spaces.deletedAt))).for('update');
  if (!row) throw spaceNotFound();
  return row;
}

async function lockUser(tx: Executor, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw userNotFound();
  return row;
}

/** Open reports about a target, closed as acted on (the action's audit row says what was done). */
async function closeReports(tx: Executor, operator: Operator | null, now: Date, where: ReturnType<typeof and>) {
  await tx
    .update(reports)
    .set({ status: 'actioned', resolvedAt: now, resolvedBy: operator?.id ?? null })
    .where(and(eq(reports.status, 'open'), where));
}

/** Every operator's e-mail may be answered (an appeal, a question): replies reach support, not no-reply. */
const tell = (ctx: Ctx, tx: Executor, userId: number, content: ReturnType<typeof moderationEmail>) => tellUser({ db: tx, clock: ctx.clock, config: ctx.config }, userId, content);

const site = (ctx: Ctx) => ctx.config.PUBLIC_SITE_URL;

export async function hideSpace(ctx: Ctx, operator: Operator, spaceId: number, reason: string): Promise<void> {
  const now = ctx.clock.now();
  await (ctx.db as Database).transaction(async (tx) => {
    const row = await lockSpace(tx, spaceId);
    if (row.hiddenAt) throw AppError.conflict(MODERATION_MESSAGES.alreadyHidden);
    await hideListing(tx, row, reason, now);
    await closeReports(tx, operator, now, and(eq(reports.targetType, 'space'), eq(reports.targetId, spaceId)));
    await recordAudit(tx, { actor: operator, action: 'space.hide', targetType: 'space', targetId: spaceId, reason, details: { title: row.title, wasActive: row.isActive }, at: now });
    await tell(
      ctx,
      tx,
      row.ownerId,
      moderationEmail({
        subject: `Your listing "${cutText(row.title, 80, { ellipsis: '' })}" was hidden`,
        what: `We hid your listing "${row.title}": farmers no longer see it in search or at its address.`,
        reason,
        next: APPEAL_SENTENCE,
        action: { label: 'Open My Listings', url: `${site(ctx)}/dashboard?tab=listings` },
      }),
    );
  });
}

/** Back to what it was: live if paid and not expired (or a draft as before); the owner is told. */
export async function unhideSpace(ctx: Ctx, operator: Operator, spaceId: number, reason: string): Promise<void> {
  const now = ctx.clock.now();
  await (ctx.db as Database).transaction(async (tx) => {
    const row = await lockSpace(tx, spaceId);
    if (!row.hiddenAt) throw AppError.conflict(MODERATION_MESSAGES.notHidden);
    const [owner] = await tx.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, row.ownerId));
    if (owner?.suspendedAt) throw AppError.conflict('The owner of this listing is suspended: reinstate the account first.');
    await unhideListing(tx, row, now);
    await recordAudit(tx, { actor: operator, action: 'space.unhide', targetType: 'space', targetId: spaceId, reason, details: { title: row.title }, at: now });
    await tell(
      ctx,
      tx,
      row.ownerId,
      moderationEmail({
        subject: `Your listing "${cutText(row.title, 80, { ellipsis: '' })}" is visible again`,
        what: `We made your listing "${row.title}" visible again.`,
        reason,
        next: 'Thank you for your patience.',
        action: { label: 'Open your listing', url: `${site(ctx)}/spaces/${row.id}` },
      }),
    );
  });
}

export async function suspendUser(ctx: Ctx, operator: Operator, userId: number, reason: string): Promise<{ hiddenListings: number }> {
  const now = ctx.clock.now();
  return (ctx.db as Database).transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.suspendedAt) throw AppError.conflict(MODERATION_MESSAGES.alreadySuspended);
    if (isOperator(ctx.config, user)) throw AppError.conflict(MODERATION_MESSAGES.cannotSuspendOperator);
    // Every session ends now: the next request of any device is a visitor's (401 on the API).
    const sessionsRevoked = await suspendAccount(tx, userId, reason, now);
    const hidden = await hideOwnersListings(tx, userId, `Account suspended: ${reason}`, now);
    await closeReports(tx, operator, now, sql`(${reports.subjectUserId} = ${userId} or (${reports.targetType} = 'user' and ${reports.targetId} = ${userId}))`);
    await recordAudit(tx, {
      actor: operator,
      action: 'user.suspend',
      targetType: 'user',
      targetId: userId,
      reason,
      details: { email: user.email, sessionsRevoked, hiddenListings: hidden },
      at: now,
    });
    await tell(
      ctx,
      tx,
      userId,
      moderationEmail({
        subject: 'Your FarmSpace account is suspended',
        what: 'We suspended your FarmSpace account: you cannot sign in or send messages, and your listings are hidden.',
        reason,
        next: APPEAL_SENTENCE,
      }),
    );
    // Whoever agreed a lease with this person must not find out by accident (issue 25 item 24).
    await tellLeasePartnersOfSuspension(ctx, tx, user, now);
    return { hiddenListings: hidden.length };
  });
}

export async function reinstateUser(ctx: Ctx, operator: Operator, userId: number, reason: string): Promise<void> {
  const now = ctx.clock.now();
  await (ctx.db as Database).transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user.suspendedAt) throw AppError.conflict(MODERATION_MESSAGES.notSuspended);
    await reinstateAccount(tx, userId, now);
    // Only what the suspension hid comes back; a listing hidden on its own stays hidden.
    const restoredListings = await unhideOwnersListings(tx, userId, now);
    await recordAudit(tx, { actor: operator, action: 'user.reinstate', targetType: 'user', targetId: userId, reason, details: { email: user.email, restoredListings }, at: now });
    await tell(
      ctx,
      tx,
      userId,
      moderationEmail({
        subject: 'Your FarmSpace account is active again',
        what: 'We reinstated your FarmSpace account: you can sign in again, and listings hidden with the suspension are back.',
        reason,
        next: 'Thank you for your patience.',
        action: { label: 'Sign in', url: `${site(ctx)}/login` },
      }),
    );
    // Whoever was warned about this person hears that the warning no longer stands (issue 43 item 4).
    await tellLeasePartnersOfReinstatement(ctx, tx, user, now);
  });
}

export async function dismissReport(ctx: Ctx, operator: Operator, reportId: number, reason: string): Promise<void> {
  const now = ctx.clock.now();
  await (ctx.db as Database).transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
    if (!report) throw AppError.notFound('Report not found.');
    if (report.status !== 'open') throw AppError.conflict(MODERATION_MESSAGES.reportClosed);
    await tx.update(reports).set({ status: 'dismissed', resolvedAt: now, resolvedBy: operator.id }).where(eq(reports.id, reportId));
    await recordAudit(tx, { actor: operator, action: 'report.dismiss', targetType: 'report', targetId: reportId, reason, details: { target: `${report.targetType}:${report.targetId}` }, at: now });
  });
}

export async function unlockUser(ctx: Ctx, operator: Operator, userId: number, reason: string): Promise<void> {
  const now = ctx.clock.now();
  await (ctx.db as Database).transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const lockedUntil = await liftLockout(tx, userId, now);
    if (!lockedUntil) throw AppError.conflict(MODERATION_MESSAGES.notLocked);
    await recordAudit(tx, { actor: operator, action: 'user.unlock', targetType: 'user', targetId: userId, reason, details: { email: user.email, lockedUntil: lockedUntil.toISOString() }, at: now });
  });
}

/** LISTING_REVIEW=before: an operator approves a paid listing; its 30 days start now and the owner is told. */
export async function approveListing(ctx: Ctx, operator: Operator, spaceId: number, reason: string): Promise<void> {
  const now = ctx.clock.now();
  await (ctx.db as Database).transaction(async (tx) => {
    const row = await lockSpace(tx, spaceId);
    if (!row.awaitingReviewSince) throw AppError.conflict(MODERATION_MESSAGES.notAwaitingReview);
    const live = await goLive(tx, row, now, {
      changes: (until) => ({ awaitingReviewSince: null, ...(row.isFeatured && { featuredUntil: until }) }),
      onLive: notifySavedSearches,
    });
    const until = live?.expiresAt ?? new Date(now.getTime() + LISTING_DURATION_MS);
    await setLiveUntilOfListingPayment(tx, spaceId, until);
    await recordAudit(tx, { actor: operator, action: 'space.approve', targetType: 'space', targetId: spaceId, reason, details: { title: row.title, liveUntil: until.toISOString() }, at: now });
    await tell(
      ctx,
      tx,
      row.ownerId,
      moderationEmail({
        subject: `Your listing "${cutText(row.title, 80, { ellipsis: '' })}" is live`,
        what: `We reviewed and approved your listing "${row.title}". It is live for 30 days from today.`,
        next: 'Farmers can now find it and contact you.',
        action: { label: 'Open your listing', url: `${site(ctx)}/spaces/${row.id}` },
      }),
    );
  });
}

/** A review that breaks the rules leaves the profile and the ratings at once; its author is told why. */
export async function hideReview(ctx: Ctx, operator: Operator, reviewId: number, reason: string): Promise<void> {
  const now = ctx.clock.now();
  await (ctx.db as Database).transaction(async (tx) => {
    const review = await hideReviewRow(tx, reviewId, reason, now);
    await closeReports(tx, operator, now, and(eq(reports.targetType, 'review'), eq(reports.targetId, reviewId)));
    await recordAudit(tx, { actor: operator, action: 'review.hide', targetType: 'review', targetId: reviewId, reason, details: { authorId: review.authorId, subjectId: review.subjectId, rating: review.rating }, at: now });
    await tell(
      ctx,
      tx,
      review.authorId,
      moderationEmail({ subject: 'Your review was hidden', what: 'We hid a review you wrote on FarmSpace: it no longer appears on the profile or in the rating.', reason, next: APPEAL_SENTENCE }),
    );
  });
}

export async function unhideReview(ctx: Ctx, operator: Operator, reviewId: number, reason: string): Promise<void> {
  const now = ctx.clock.now();
  await (ctx.db as Database).transaction(async (tx) => {
    const review = await unhideReviewRow(tx, reviewId);
    await recordAudit(tx, { actor: operator, action: 'review.unhide', targetType: 'review', targetId: reviewId, reason, details: { authorId: review.authorId, subjectId: review.subjectId }, at: now });
  });
}
