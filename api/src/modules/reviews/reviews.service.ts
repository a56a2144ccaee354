// Reviews after an agreed lease (issue 28, docs/decisions/1502): each party of an accepted proposal reviews the
// other once, double-blind. Publication is a time stored on the row (`publishes_at`) and compared with the
// injected clock at read time, so a review is public at the right moment whether or not a job has run; the
// job (tellPublishedReviews) only sends the e-mails. The proposal and its parties are read through the
// agreements module, which owns lease_proposals.
import { and, desc, eq, inArray, isNull, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { displayName } from '#contracts/auth';
import { publicName } from '#contracts/profiles';
import { formatLeaseDate } from '#contracts/agreements';
import { conversationPath } from '#contracts/messaging';
import {
  REVIEW_BLIND_DAYS,
  REVIEW_MESSAGES,
  REVIEW_WINDOW_DAYS,
  REVIEWS_PAGE,
  type AgreementReviews,
  type OwnerRating,
  type PublishedReview,
  type ReviewSummary,
  type WriteReviewRequest,
} from '#contracts/reviews.schemas';
import type { Database, Executor } from '#db/client';
import { conversations, leaseProposals, reviews, spaces, users } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { rootErrorReason, type Logger } from '../../lib/logger';
import { DAY, type Clock } from '../../lib/clock';
import { proposalForParty, type AgreementParties } from '../agreements/index';
import { findUserById, isShownPerson, isUniqueViolation } from '../auth/index';
import { enqueueEmail, reviewPublishedEmail } from '../email/index';

export type ReviewsContext = { db: Database; clock: Clock; siteUrl: string };

type ReviewRow = typeof reviews.$inferSelect;

/** Visible to everyone: its time has come and no operator hid it. */
const visible = (now: Date) => and(lte(reviews.publishesAt, now), isNull(reviews.hiddenAt));

/**
 * When the parties of an agreement may review each other (issue 43, item 3; docs/decisions/1506): from the
 * start of the lease (00:00 UTC of its start date) for REVIEW_WINDOW_DAYS days; never for terms not accepted (an
 * agreement that ends before it starts gets no reviews).
 */
export function reviewWindow(proposal: Pick<AgreementParties['proposal'], 'status' | 'startDate'>): { opensAt: Date; closesAt: Date } | null {
  if (proposal.status !== 'accepted') return null;
  const opensAt = new Date(`${proposal.startDate}T00:00:00.000Z`);
  // The last moment of the window's last day: "until 13 February" means through that day (UTC).
  return { opensAt, closesAt: new Date(opensAt.getTime() + REVIEW_WINDOW_DAYS * DAY - 1) };
}

const otherPartyOf = (agreement: AgreementParties, userId: number) => (agreement.ownerId === userId ? agreement.farmerId : agreement.ownerId);

/**
 * Names by id, as the reader may see them: the parties of an agreement read each other's full name (they
 * talk in a conversation), every public read a first name and initial (publicName, issue 38 item 5). A closed
 * account is "Former member" (its users row says so) and loses its id below.
 */
async function namesOf(db: Executor, ids: number[], audience: 'party' | 'public'): Promise<Map<number, { name: string; closed: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, closedAt: users.closedAt }).from(users).where(inArray(users.id, [...new Set(ids)]));
  const nameOf = (r: (typeof rows)[number]) => (r.closedAt || audience === 'party' ? displayName(r) : publicName(r.firstName, r.lastName));
  return new Map(rows.map((r) => [r.id, { name: nameOf(r), closed: r.closedAt !== null }]));
}

type Names = Awaited<ReturnType<typeof namesOf>>;

function toPublished(row: ReviewRow, names: Names, ownerId: number, spaceTitle: string): PublishedReview {
  const author = names.get(row.authorId);
  return {
    id: row.id,
    rating: row.rating,
    text: row.text,
    // A review written by a closed account stays, anonymised: no id leads back to the person (decision 1502).
    authorId: author?.closed ? null : row.authorId,
    authorName: author?.name ?? displayName({}),
    authorRole: row.authorId === ownerId ? 'owner' : 'farmer',
    subjectId: row.subjectId,
    spaceTitle,
    publishedAt: row.publishesAt.toISOString(),
    reply: row.reply && row.repliedAt ? { text: row.reply, at: row.repliedAt.toISOString() } : null,
  };
}

type Reader = { id: number; verified: boolean };

/**
 * Why `reader` may not write a review of this agreement now, or null when they may: terms not accepted, the
 * lease not started, the window closed, already written, the other's review already published (double-blind:
 * nobody writes after reading what the other wrote, issue 38 item 10), or an address not verified (issue 43,
 * item 7). The one rule the write and the agreement's view (canWrite) both read.
 */
function refusalToWrite(agreement: AgreementParties, rows: ReviewRow[], reader: Reader, now: Date): AppError | null {
  const window = reviewWindow(agreement.proposal);
  if (!window) return AppError.conflict(REVIEW_MESSAGES.notAccepted);
  if (now < window.opensAt) return AppError.conflict(REVIEW_MESSAGES.notStarted(formatLeaseDate(agreement.proposal.startDate)));
  if (now > window.closesAt) return AppError.conflict(REVIEW_MESSAGES.windowClosed);
  if (rows.some((r) => r.authorId === reader.id)) return AppError.conflict(REVIEW_MESSAGES.alreadyWritten);
  if (rows.some((r) => r.authorId !== reader.id && r.publishesAt <= now)) return AppError.conflict(REVIEW_MESSAGES.otherPublished);
  if (!reader.verified) return new AppError('email_unverified', REVIEW_MESSAGES.verifyToReview, 403);
  return null;
}

/** The two reviews of an agreement as `reader` may read them: their own always, the other's once published. */
async function agreementView(db: Executor, agreement: AgreementParties, reader: Reader, now: Date): Promise<AgreementReviews> {
  const { proposal } = agreement;
  const userId = reader.id;
  const rows = await db.select().from(reviews).where(eq(reviews.proposalId, proposal.id));
  const otherId = otherPartyOf(agreement, userId);
  const names = await namesOf(db, [userId, otherId], 'party');
  const mine = rows.find((r) => r.authorId === userId);
  const theirs = rows.find((r) => r.authorId === otherId);
  const window = reviewWindow(proposal);
  const published = (r: ReviewRow) => r.publishesAt <= now;
  const refusal = refusalToWrite(agreement, rows, reader, now);
  return {
    proposalId: proposal.id,
    otherName: names.get(otherId)?.name ?? displayName({}),
    canWrite: refusal === null,
    needsVerification: refusal?.code === 'email_unverified',
    opensAt: window?.opensAt.toISOString() ?? null,
    writableUntil: window?.closesAt.toISOString() ?? null,
    mine: mine ? { ...toPublished(mine, names, agreement.ownerId, agreement.spaceTitle), publishedAt: published(mine) ? mine.publishesAt.toISOString() : null, publishesAt: mine.publishesAt.toISOString() } : null,
    // Double-blind: the other's review does not leave the server before its time, nor once hidden.
    theirs: theirs && published(theirs) && !theirs.hiddenAt ? toPublished(theirs, names, agreement.ownerId, agreement.spaceTitle) : null,
  };
}

/** GET /api/proposals/{id}/reviews: the reader's review and, once published, the other's. 404 to anyone else. */
export async function readAgreementReviews(ctx: Pick<ReviewsContext, 'db' | 'clock'>, reader: Reader, proposalId: number): Promise<AgreementReviews> {
  const agreement = await proposalForParty(ctx.db, { proposalId, userId: reader.id });
  return agreementView(ctx.db, agreement, reader, ctx.clock.now());
}

/**
 * POST /api/proposals/{id}/reviews. Under the conversation's lock, so that of two reviews written at once the
 * second sees the first: the second publishes both now; a first waits REVIEW_BLIND_DAYS for the other.
 */
export async function writeReview(ctx: ReviewsContext, reader: Reader, proposalId: number, input: WriteReviewRequest): Promise<AgreementReviews> {
  const now = ctx.clock.now();
  const userId = reader.id;
  return ctx.db.transaction(async (tx) => {
    const agreement = await proposalForParty(tx, { proposalId, userId }, true);
    const existing = await tx.select().from(reviews).where(eq(reviews.proposalId, proposalId));
    const refusal = refusalToWrite(agreement, existing, reader, now);
    if (refusal) throw refusal;
    const other = existing.find((r) => r.authorId !== userId);
    // The other's review still blind: both are published now, and both authors told at once.
    const publishNow = other !== undefined && other.publishesAt > now;
    const publishesAt = other ? now : new Date(now.getTime() + REVIEW_BLIND_DAYS * DAY);
    try {
      await tx.insert(reviews).values({
        proposalId,
        authorId: userId,
        subjectId: otherPartyOf(agreement, userId),
        rating: input.rating,
        text: input.text,
        createdAt: now,
        publishesAt,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(REVIEW_MESSAGES.alreadyWritten);
      throw error;
    }
    if (publishNow) await tx.update(reviews).set({ publishesAt: now }).where(eq(reviews.id, other.id));
    if (other) await tellPublished({ ...ctx, db: tx }, proposalId);
    return agreementView(tx, agreement, reader, now);
  });
}

/** POST /api/reviews/{id}/reply: the reviewed person, once, on a published review. */
export async function replyToReview(ctx: Pick<ReviewsContext, 'db' | 'clock'>, userId: number, reviewId: number, text: string): Promise<PublishedReview> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviews).where(and(eq(reviews.id, reviewId), isNull(reviews.hiddenAt))).for('update');
    // Only the person reviewed may answer, once it is published: to anyone else (its author included), and
    // before then, there is nothing to reply to, as for any resource of another person (404, never 403 or
    // 409: nothing is said about the review, not even that it exists — issue 38, item 8).
    if (!row || row.subjectId !== userId || row.publishesAt > now) throw AppError.notFound(REVIEW_MESSAGES.reviewNotFound);
    if (row.reply !== null) throw AppError.conflict(REVIEW_MESSAGES.alreadyReplied);
    const [updated] = await tx.update(reviews).set({ reply: text, repliedAt: now }).where(eq(reviews.id, reviewId)).returning();
    const [items] = await publishedRows(tx, { where: eq(reviews.id, updated!.id), now });
    return items!;
  });
}

/** Published reviews with their author's name, the agreement's owner and the listing's title. */
async function publishedRows(db: Executor, { where, now, limit = REVIEWS_PAGE }: { where: ReturnType<typeof and>; now: Date; limit?: number }): Promise<PublishedReview[]> {
  const rows = await db
    .select({ review: reviews, ownerId: conversations.ownerId, spaceTitle: spaces.title })
    .from(reviews)
    .innerJoin(leaseProposals, eq(leaseProposals.id, reviews.proposalId))
    .innerJoin(conversations, eq(conversations.id, leaseProposals.conversationId))
    .innerJoin(spaces, eq(spaces.id, conversations.spaceId))
    .where(and(visible(now), where))
    .orderBy(desc(reviews.publishesAt), desc(reviews.id))
    .limit(limit);
  const names = await namesOf(db, rows.map((r) => r.review.authorId), 'public');
  return rows.map((r) => toPublished(r.review, names, r.ownerId, r.spaceTitle));
}

/**
 * A person's published reviews (GET /api/users/{id}/reviews, and the profile): the average to one decimal and
 * the count over all of them, the newest REVIEWS_PAGE in full. Never an unpublished or hidden review.
 */
export async function reviewSummaryOf({ db, userId, now }: { db: Executor; userId: number; now: Date }): Promise<ReviewSummary> {
  const rating = (await ownerRatings({ db, ownerIds: [userId], now })).get(userId);
  if (!rating) return { average: null, count: 0, items: [] };
  return { ...rating, items: await publishedRows(db, { where: eq(reviews.subjectId, userId), now }) };
}

/**
 * GET /api/users/{id}/reviews: 404 for no such person, and for one whose profile is not shown to the viewer
 * (suspended, closed or private: the same rule as the profile, issue 38 item 9).
 */
export async function listUserReviews(ctx: Pick<ReviewsContext, 'db' | 'clock'>, { userId, viewerId }: { userId: number; viewerId: number | undefined }): Promise<ReviewSummary> {
  if (!isShownPerson(await findUserById(ctx.db, userId), viewerId)) throw AppError.notFound(REVIEW_MESSAGES.personNotFound);
  return reviewSummaryOf({ db: ctx.db, userId, now: ctx.clock.now() });
}

/**
 * The listing cards' and pages' number (the fixed 4.9 of the spec replaced, docs/decisions/1503): one owner's
 * published reviews as an average to one decimal and a count, or null without one (shown "New"), as a column of
 * another statement — browse reads a page's ratings in its own statement (decision 0708).
 */
export function ownerRatingColumn(ownerId: SQL | AnyColumn, now: Date): SQL<OwnerRating | null> {
  // Raw: a scalar sub-select in another statement's select list; json_build_object makes the one value.
  return sql<OwnerRating | null>`(select json_build_object('average', round(avg(${reviews.rating}), 1)::float8, 'count', count(*)::int) from ${reviews} where ${reviews.subjectId} = ${ownerId} and ${visible(now)} having count(*) > 0)`;
}

/** The same ratings for a few owners in one read (a listing's page, a profile); owners without one are absent. */
export async function ownerRatings({ db, ownerIds, now }: { db: Executor; ownerIds: number[]; now: Date }): Promise<Map<number, OwnerRating>> {
  const ids = [...new Set(ownerIds)];
  if (ids.length === 0) return new Map();
  const ownerId = sql<number>`owners.owner_id`;
  // Raw: the ids as a relation, so each gets the one rating expression above.
  const rows = await db.select({ ownerId, rating: ownerRatingColumn(ownerId, now) }).from(sql`unnest(${sql.param(ids)}::int[]) as owners(owner_id)`);
  return new Map(rows.flatMap((r) => (r.rating ? [[Number(r.ownerId), r.rating] as const] : [])));
}

// ---- publication e-mails ------------------------------------------------------------------------

/**
 * The "published" e-mails of one agreement, for its reviews published and not yet told: one e-mail to each
 * party (their own review is public; the other's review of them is), if they take e-mails. Marks them told.
 */
async function tellPublished(ctx: { db: Executor; clock: Clock; siteUrl: string }, proposalId: number): Promise<number> {
  const now = ctx.clock.now();
  const untold = await ctx.db
    .select({ review: reviews, conversationId: conversations.id, ownerId: conversations.ownerId, farmerId: conversations.farmerId, spaceTitle: spaces.title })
    .from(reviews)
    .innerJoin(leaseProposals, eq(leaseProposals.id, reviews.proposalId))
    .innerJoin(conversations, eq(conversations.id, leaseProposals.conversationId))
    .innerJoin(spaces, eq(spaces.id, conversations.spaceId))
    .where(and(eq(reviews.proposalId, proposalId), isNull(reviews.publishedNotifiedAt), lte(reviews.publishesAt, now)));
  const head = untold[0];
  if (!head) return 0;
  const parties = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, emailNotifications: users.emailNotifications, closedAt: users.closedAt })
    .from(users)
    .where(inArray(users.id, [head.ownerId, head.farmerId]));
  for (const party of parties) {
    const wroteOne = untold.some((r) => r.review.authorId === party.id);
    const reviewedByOther = untold.some((r) => r.review.subjectId === party.id && !r.review.hiddenAt);
    if (!party.emailNotifications || party.closedAt || (!wroteOne && !reviewedByOther)) continue;
    const other = parties.find((p) => p.id !== party.id);
    await enqueueEmail(ctx, {
      userId: party.id,
      type: 'review_published',
      recipient: party.email,
      content: reviewPublishedEmail({ otherName: displayName(other ?? {}), spaceTitle: head.spaceTitle, wroteOne, reviewedByOther, url: `${ctx.siteUrl}${conversationPath(head.conversationId)}` }),
    });
  }
  await ctx.db.update(reviews).set({ publishedNotifiedAt: now }).where(inArray(reviews.id, untold.map((r) => r.review.id)));
  return untold.length;
}

/**
 * The job: reviews whose blind period ended (the other party never wrote) are told to both parties. Claims
 * the agreements with FOR UPDATE SKIP LOCKED, so N instances tell each once. Each agreement is told in a
 * savepoint of its own (issue 38 item 2, docs/decisions/1801): one that cannot be told is rolled back alone,
 * logged, and stays due for the next run; the agreements behind it are told.
 */
export async function tellPublishedReviews(ctx: { db: Database; clock: Clock; siteUrl: string; logger?: Logger }, batchSize = 50): Promise<{ told: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ proposalId: reviews.proposalId })
      .from(reviews)
      .where(and(isNull(reviews.publishedNotifiedAt), lte(reviews.publishesAt, now)))
      .orderBy(reviews.publishesAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    let told = 0;
    for (const proposalId of new Set(due.map((d) => d.proposalId))) {
      try {
        told += await tx.transaction((sp) => tellPublished({ ...ctx, db: sp }, proposalId));
      } catch (error) {
        ctx.logger?.warn({ proposalId, error: rootErrorReason(error) }, 'review publication e-mail failed');
      }
    }
    return { told };
  });
}

// ---- moderation ---------------------------------------------------------------------------------

/** What a report of a review needs: the review visible to the reporter, and whom it is about (its author). */
export async function reviewReportTarget(db: Executor, reviewId: number, now: Date): Promise<{ reviewId: number; authorId: number } | null> {
  const [row] = await db.select({ id: reviews.id, authorId: reviews.authorId }).from(reviews).where(and(eq(reviews.id, reviewId), visible(now)));
  return row ? { reviewId: row.id, authorId: row.authorId } : null;
}

/** A reported review as the operators' queue shows it, hidden or not. */
export async function reviewForConsole(db: Executor, reviewId: number): Promise<{ id: number; rating: number; text: string; hidden: boolean } | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  return row ? { id: row.id, rating: row.rating, text: row.text, hidden: row.hiddenAt !== null } : null;
}

/** An operator hides a review (moderation's action writes the audit row in the same transaction). */
export async function hideReviewRow(tx: Executor, reviewId: number, reason: string, now: Date): Promise<ReviewRow> {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
  if (!row) throw AppError.notFound(REVIEW_MESSAGES.reviewNotFound);
  if (row.hiddenAt) throw AppError.conflict(REVIEW_MESSAGES.alreadyHidden);
  await tx.update(reviews).set({ hiddenAt: now, hiddenReason: reason }).where(eq(reviews.id, reviewId));
  return row;
}

export async function unhideReviewRow(tx: Executor, reviewId: number): Promise<ReviewRow> {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
  if (!row) throw AppError.notFound(REVIEW_MESSAGES.reviewNotFound);
  if (!row.hiddenAt) throw AppError.conflict(REVIEW_MESSAGES.notHidden);
  await tx.update(reviews).set({ hiddenAt: null, hiddenReason: null }).where(eq(reviews.id, reviewId));
  return row;
}

// ---- the account ------------------------------------------------------------------------------

/** The account export's section (issue 28): reviews the person wrote and those written about them, hidden ones included. */
export async function reviewsOfPerson(db: Executor, userId: number, now: Date) {
  const rows = await db.select().from(reviews).where(or(eq(reviews.authorId, userId), eq(reviews.subjectId, userId))).orderBy(reviews.id);
  return rows
    // Double-blind holds in the export too: a review of the person still blind is not theirs to read yet.
    .filter((r) => r.authorId === userId || (r.publishesAt <= now && !r.hiddenAt))
    .map((r) => ({
      id: r.id,
      proposalId: r.proposalId,
      writtenByYou: r.authorId === userId,
      rating: r.rating,
      text: r.text,
      writtenAt: r.createdAt.toISOString(),
      publishedAt: r.publishesAt <= now ? r.publishesAt.toISOString() : null,
      reply: r.reply,
      repliedAt: r.repliedAt?.toISOString() ?? null,
      hiddenByFarmSpace: r.hiddenAt !== null,
    }));
}
