// What the console reads (issue 19): the queue of open reports with each target's history, a person's
// history, search over users and listings, one listing in any state, and the overview's daily series.
// Reads only; every action is in moderation-actions.ts.
import { and, asc, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import {
  OVERVIEW_METRICS,
  type AuditEntry,
  type Overview,
  type OverviewMetric,
  type QueueItem,
  type ReportReason,
  type ReportTarget,
  type UserHistory,
} from '#contracts/moderation';
import type { OwnSpace } from '#contracts/spaces.schemas';
import type { Executor } from '#db/client';
import { auditLog, conversations, dailyCounts, failedLogins, messages, payments, reports, spaces, users } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { dayRange } from '../../lib/clock';
import type { ListingStats } from '#contracts/listing-stats';
import { listingStats } from '../listing-stats/index';
import { toOwnSpace } from '../spaces/index';
import { spaceStatus } from '../spaces/index';
import { toAuditEntry } from '../../lib/audit-log';
import { cutText } from '#contracts/text';
import { reviewForConsole } from '../reviews/index';

const QUEUE_PAGE = 50;
const CONVERSATION_EXCERPT = 50;

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

async function historyOf(db: Executor, targetType: string, targetId: number): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id))
    .limit(50);
  return rows.map(toAuditEntry);
}

export async function userHistory(db: Executor, userId: number, now: Date): Promise<UserHistory | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [lock] = await db.select({ lockedUntil: failedLogins.lockedUntil }).from(failedLogins).where(and(eq(failedLogins.userId, userId), gt(failedLogins.lockedUntil, now)));
  const listings = await db.select().from(spaces).where(eq(spaces.ownerId, userId)).orderBy(desc(spaces.id)).limit(50);
  const paid = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.id)).limit(50);
  const reported = await db
    .select({ id: reports.id, reason: reports.reason, status: reports.status, createdAt: reports.createdAt })
    .from(reports)
    .where(eq(reports.subjectUserId, userId))
    .orderBy(desc(reports.id))
    .limit(50);
  return {
    id: user.id,
    email: user.email,
    name: nameOf(user),
    verified: user.verified,
    createdAt: user.createdAt.toISOString(),
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    suspendedReason: user.suspendedReason,
    closedAt: user.closedAt?.toISOString() ?? null,
    lockedUntil: lock?.lockedUntil?.toISOString() ?? null,
    listings: listings.map((s) => ({ id: s.id, title: s.title, status: s.deletedAt ? 'deleted' : spaceStatus(s, now) })),
    payments: paid.map((p) => ({ id: p.id, amount: p.amount, status: p.status, refundedAt: p.refundedAt?.toISOString() ?? null, paidAt: p.paidAt?.toISOString() ?? null, spaceTitle: p.spaceTitle })),
    reports: reported.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** GET /api/admin/reports: open reports, oldest first, each with what an operator needs to decide. */
export async function reportQueue(db: Executor, now: Date): Promise<QueueItem[]> {
  const rows = await db
    .select({ report: reports, reporter: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName } })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(eq(reports.status, 'open'))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(QUEUE_PAGE);
  const items: QueueItem[] = [];
  for (const { report, reporter } of rows) {
    const type = report.targetType as ReportTarget;
    let space: QueueItem['space'] = null;
    let conversation: QueueItem['conversation'] = null;
    let review: QueueItem['review'] = null;
    let label = `${type} #${report.targetId}`;
    if (type === 'space') {
      const [row] = await db.select().from(spaces).where(eq(spaces.id, report.targetId));
      if (row) {
        space = { id: row.id, title: row.title, status: row.deletedAt ? 'deleted' : spaceStatus(row, now), hiddenReason: row.hiddenReason };
        label = row.title;
      }
    } else if (type === 'review') {
      review = await reviewForConsole(db, report.targetId);
      if (review) label = `Review (${review.rating}★): "${cutText(review.text, 81)}"`;
    } else if (type === 'conversation') {
      // The reporter shared this conversation with the operators when reporting it (the form says so).
      const thread = await db
        .select({ id: messages.id, senderId: messages.senderId, content: messages.content, createdAt: messages.createdAt })
        .from(messages)
        .where(eq(messages.conversationId, report.targetId))
        .orderBy(desc(messages.id))
        .limit(CONVERSATION_EXCERPT);
      conversation = thread.reverse().map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
      const [c] = await db.select({ spaceId: conversations.spaceId, title: spaces.title }).from(conversations).innerJoin(spaces, eq(spaces.id, conversations.spaceId)).where(eq(conversations.id, report.targetId));
      label = c ? `Conversation about "${c.title}"` : label;
    }
    const subject = report.subjectUserId !== null ? await userHistory(db, report.subjectUserId, now) : null;
    if (type === 'user' && subject) label = `${subject.name || subject.email} (${subject.email})`;
    const history = [
      ...(await historyOf(db, 'report', report.id)),
      ...(type === 'space' || type === 'review' ? await historyOf(db, type, report.targetId) : []),
      ...(report.subjectUserId !== null ? await historyOf(db, 'user', report.subjectUserId) : []),
    ].sort((a, b) => b.id - a.id);
    items.push({
      id: report.id,
      reason: report.reason as ReportReason,
      details: report.details,
      status: report.status,
      createdAt: report.createdAt.toISOString(),
      reporter: { id: reporter.id, email: reporter.email, name: nameOf(reporter) },
      target: { type, id: report.targetId, label },
      subject,
      space,
      conversation,
      review,
      history,
    });
  }
  return items;
}

/** Users and listings by e-mail, name, title or id (at most 20 of each). */
export async function searchAdmin(db: Executor, q: string, now: Date) {
  const asId = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const foundUsers = await db
    .select()
    .from(users)
    .where(or(asId !== null ? eq(users.id, asId) : undefined, sql`${users.email} ilike ${pattern}`, sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`))
    .orderBy(desc(users.id))
    .limit(20);
  const foundSpaces = await db
    .select()
    .from(spaces)
    .where(or(asId !== null ? eq(spaces.id, asId) : undefined, sql`${spaces.title} ilike ${pattern}`))
    .orderBy(desc(spaces.id))
    .limit(20);
  return {
    users: foundUsers.map((u) => ({ id: u.id, email: u.email, name: nameOf(u), verified: u.verified, suspended: u.suspendedAt !== null, closed: u.closedAt !== null, createdAt: u.createdAt.toISOString() })),
    spaces: foundSpaces.map((s) => ({ id: s.id, title: s.title, city: s.city, ownerId: s.ownerId, status: s.deletedAt ? 'deleted' : spaceStatus(s, now) })),
  };
}

/** Any listing in any state (hidden, draft, in review, deleted) with its owner, reports and history. */
export async function adminSpace(db: Executor, id: number, now: Date): Promise<{ space: OwnSpace & { deleted: boolean }; owner: UserHistory | null; history: AuditEntry[]; stats: ListingStats }> {
  const [row] = await db.select().from(spaces).where(eq(spaces.id, id));
  if (!row) throw AppError.notFound('Space not found.');
  return {
    space: { ...toOwnSpace(row, now), deleted: row.deletedAt !== null },
    owner: await userHistory(db, row.ownerId, now),
    history: await historyOf(db, 'space', id),
    stats: await listingStats(db, id, row.createdAt, now),
  };
}

export async function adminUser(db: Executor, id: number, now: Date): Promise<UserHistory & { history: AuditEntry[] }> {
  const history = await userHistory(db, id, now);
  if (!history) throw AppError.notFound('User not found.');
  return { ...history, history: await historyOf(db, 'user', id) };
}

export async function awaitingReview(db: Executor, now: Date) {
  const rows = await db.select().from(spaces).where(isNotNull(spaces.awaitingReviewSince)).orderBy(asc(spaces.awaitingReviewSince)).limit(QUEUE_PAGE);
  return rows.map((s) => ({ id: s.id, title: s.title, city: s.city, ownerId: s.ownerId, since: s.awaitingReviewSince!.toISOString(), status: spaceStatus(s, now) }));
}

/**
 * The overview: per-day series from daily_counts (kept by triggers, so this reads ≤ 5 × 90 rows however
 * many listings and messages exist), the listing numbers' totals and the open queues.
 */
export async function overview(db: Executor, days: 30 | 90, now: Date): Promise<Overview> {
  const dates = dayRange(days, now);
  const from = dates[0]!;
  const rows = await db
    .select({ day: dailyCounts.day, metric: dailyCounts.metric, value: dailyCounts.value })
    .from(dailyCounts)
    .where(and(inArray(dailyCounts.metric, [...OVERVIEW_METRICS, 'refunds_cents']), sql`${dailyCounts.day} >= ${from}`));
  const index = new Map(dates.map((d, i) => [d, i]));
  const series = Object.fromEntries(OVERVIEW_METRICS.map((m) => [m, dates.map(() => 0)])) as Record<OverviewMetric, number[]>;
  for (const r of rows) {
    const i = index.get(r.day);
    if (i === undefined) continue;
    // Revenue is net of refunds on the day the money went back.
    if (r.metric === 'refunds_cents') series.revenue_cents[i]! -= Number(r.value);
    else series[r.metric as OverviewMetric][i]! += Number(r.value);
  }
  const totals = Object.fromEntries(OVERVIEW_METRICS.map((m) => [m, series[m].reduce((a, b) => a + b, 0)])) as Overview['totals'];
  const metricSum = (metric: string) => sql<number>`coalesce(sum(${dailyCounts.value}) filter (where ${dailyCounts.metric} = ${metric}), 0)`.mapWith(Number);
  const [views] = await db
    .select({ pageViews: metricSum('page_views'), cardOpens: metricSum('card_opens'), saves: metricSum('saves') })
    .from(dailyCounts)
    .where(and(inArray(dailyCounts.metric, ['page_views', 'card_opens', 'saves']), sql`${dailyCounts.day} >= ${from}`));
  totals.page_views = views?.pageViews ?? 0;
  totals.card_opens = views?.cardOpens ?? 0;
  totals.saves = views?.saves ?? 0;
  const openReports = await db.$count(reports, eq(reports.status, 'open'));
  const awaitingReview = await db.$count(spaces, isNotNull(spaces.awaitingReviewSince));
  return { days, dates, series, totals, openReports, awaitingReview };
}
