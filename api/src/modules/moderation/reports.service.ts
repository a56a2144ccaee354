// POST /api/reports: a signed-in user reports a listing, a person, a conversation they are part of, or a
// published review (issue 28: reported as any other target, about the review's author).
// One open report per reporter and target (a unique partial index; a repeat answers 409 and writes
// nothing); nobody reports themselves or their own listing; unknown and invisible targets are 404.
import { and, eq, isNull, or } from 'drizzle-orm';
import { MODERATION_MESSAGES, type ReportTarget } from '#contracts/moderation';
import type { CreateReportRequest } from '#contracts/moderation.schemas';
import type { Executor } from '#db/client';
import { conversations, reports, spaces, users } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../auth/index';
import { reviewReportTarget } from '../reviews/index';
import { isPublicSpace } from '../spaces/index';

export async function createReport(db: Executor, reporterId: number, input: CreateReportRequest, now: Date): Promise<{ id: number; message: string }> {
  if (input.userId === reporterId) throw AppError.badRequest(MODERATION_MESSAGES.reportSelf);
  const { targetType, targetId, subjectUserId } = await resolveTarget(db, reporterId, input, now);
  if (subjectUserId === reporterId) throw AppError.badRequest(MODERATION_MESSAGES.reportSelf);
  try {
    const [row] = await db
      .insert(reports)
      .values({ reporterId, targetType, targetId, subjectUserId, reason: input.reason, details: input.details, createdAt: now })
      .returning({ id: reports.id });
    return { id: row!.id, message: MODERATION_MESSAGES.reportThanks };
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(MODERATION_MESSAGES.reportDuplicate);
    throw error;
  }
}

async function resolveTarget(db: Executor, reporterId: number, input: CreateReportRequest, now: Date): Promise<{ targetType: ReportTarget; targetId: number; subjectUserId: number }> {
  const notFound = () => AppError.notFound(MODERATION_MESSAGES.reportTargetNotFound);
  if (input.spaceId !== undefined) {
    const [row] = await db.select().from(spaces).where(and(eq(spaces.id, input.spaceId), isNull(spaces.deletedAt)));
    // What the reporter cannot see does not exist for them; their own listing is "reporting yourself".
    if (!row || (row.ownerId !== reporterId && !isPublicSpace(row, now))) throw notFound();
    return { targetType: 'space', targetId: row.id, subjectUserId: row.ownerId };
  }
  if (input.reviewId !== undefined) {
    const review = await reviewReportTarget(db, input.reviewId, now);
    if (!review) throw notFound();
    return { targetType: 'review', targetId: review.reviewId, subjectUserId: review.authorId };
  }
  if (input.conversationId !== undefined) {
    const [row] = await db.select().from(conversations).where(eq(conversations.id, input.conversationId));
    if (!row || (row.ownerId !== reporterId && row.farmerId !== reporterId)) throw notFound();
    return { targetType: 'conversation', targetId: row.id, subjectUserId: row.ownerId === reporterId ? row.farmerId : row.ownerId };
  }
  // A person is reported from a conversation with them: other ids do not exist for the reporter.
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(conversations, or(and(eq(conversations.ownerId, users.id), eq(conversations.farmerId, reporterId)), and(eq(conversations.farmerId, users.id), eq(conversations.ownerId, reporterId))))
    .where(eq(users.id, input.userId!))
    .limit(1);
  if (!row) throw notFound();
  return { targetType: 'user', targetId: row.id, subjectUserId: row.id };
}
