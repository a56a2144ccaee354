// The invitations to review each other (issue 43, item 3; docs/decisions/1506): sent when the lease starts,
// not when the terms are accepted — the parties review a tenancy, not a negotiation. A job: accepted leases
// whose start date has come and that were not invited yet, claimed with FOR UPDATE SKIP LOCKED so N
// instances invite each once; each party once, if they take e-mails and their account is open.
import { and, asc, count, eq, inArray, isNull, lte, min } from 'drizzle-orm';
import { displayName } from '#contracts/auth';
import { formatLeaseDate } from '#contracts/agreements';
import { conversationPath } from '#contracts/messaging';
import { REVIEW_BLIND_DAYS, REVIEW_WINDOW_DAYS } from '#contracts/reviews';
import type { Database } from '#db/client';
import { conversations, leaseProposals, spaces, users } from '#db/schema/index';
import { DAY, type Clock } from '../../lib/clock';
import { toBacklog, type Backlog } from '../../lib/metrics';
import { enqueueEmail, reviewInviteEmail } from '../email/index';

export async function inviteReviewers(ctx: { db: Database; clock: Clock; siteUrl: string }, batchSize = 50): Promise<{ invited: number }> {
  const now = ctx.clock.now();
  const today = now.toISOString().slice(0, 10);
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: leaseProposals.id, startDate: leaseProposals.startDate, conversationId: conversations.id, ownerId: conversations.ownerId, farmerId: conversations.farmerId, spaceTitle: spaces.title })
      .from(leaseProposals)
      .innerJoin(conversations, eq(conversations.id, leaseProposals.conversationId))
      .innerJoin(spaces, eq(spaces.id, conversations.spaceId))
      .where(and(eq(leaseProposals.status, 'accepted'), isNull(leaseProposals.reviewsInvitedAt), lte(leaseProposals.startDate, today)))
      .orderBy(asc(leaseProposals.startDate))
      .limit(batchSize)
      .for('update', { of: leaseProposals, skipLocked: true });
    let invited = 0;
    for (const lease of due) {
      const closesAt = new Date(Date.parse(`${lease.startDate}T00:00:00.000Z`) + REVIEW_WINDOW_DAYS * DAY - 1);
      // A lease whose window closed before the job saw it (an instance down for a month) is marked, not mailed.
      if (closesAt > now) {
        const parties = await tx
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, emailNotifications: users.emailNotifications, closedAt: users.closedAt })
          .from(users)
          .where(inArray(users.id, [lease.ownerId, lease.farmerId]));
        for (const party of parties) {
          if (!party.emailNotifications || party.closedAt) continue;
          const other = parties.find((p) => p.id !== party.id);
          await enqueueEmail({ ...ctx, db: tx }, {
            userId: party.id,
            type: 'review_invite',
            recipient: party.email,
            content: reviewInviteEmail({
              otherName: displayName(other ?? {}),
              spaceTitle: lease.spaceTitle,
              until: formatLeaseDate(closesAt.toISOString().slice(0, 10)),
              blindDays: REVIEW_BLIND_DAYS,
              url: `${ctx.siteUrl}${conversationPath(lease.conversationId)}`,
            }),
          });
        }
        invited += 1;
      }
      await tx.update(leaseProposals).set({ reviewsInvitedAt: now }).where(eq(leaseProposals.id, lease.id));
    }
    return { invited };
  });
}

/** What waits for the job: accepted leases started and not yet invited, and since when (the metrics' backlog). */
export async function reviewInvitationBacklog(ctx: { db: Database; clock: Clock }): Promise<Backlog> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ n: count(), oldest: min(leaseProposals.startDate) })
    .from(leaseProposals)
    .where(and(eq(leaseProposals.status, 'accepted'), isNull(leaseProposals.reviewsInvitedAt), lte(leaseProposals.startDate, now.toISOString().slice(0, 10))));
  return toBacklog(row && { n: row.n, oldest: row.oldest ? `${row.oldest}T00:00:00.000Z` : null }, now);
}
