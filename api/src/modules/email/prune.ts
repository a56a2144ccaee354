// Housekeeping of the e-mail outbox (decision 1313: each owner prunes its own; retention:
// docs/decisions/0602-housekeeping-and-retention.md): sent e-mails a month after sending, failed ones three
// months after they were queued; pending ones wait to be sent.
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { emailNotifications } from '#db/schema/index';
import { DAY } from '../../lib/clock';
import { before, pruneInBatches, type PruneContext, type Pruned } from '../../lib/prune';

export const OUTBOX_RETENTION = {
  /** Outbox rows: sent ones 30 days after sending, failed ones 90 days after they were queued. */
  sentEmailsMs: 30 * DAY,
  failedEmailsMs: 90 * DAY,
} as const;

export async function pruneOutbox({ tx, now }: PruneContext): Promise<Pruned> {
  const done = or(
    and(eq(emailNotifications.status, 'sent'), lt(emailNotifications.sentAt, before(now, OUTBOX_RETENTION.sentEmailsMs))),
    and(eq(emailNotifications.status, 'failed'), lt(emailNotifications.createdAt, before(now, OUTBOX_RETENTION.failedEmailsMs))),
  );
  return {
    email_notifications: await pruneInBatches(async (limit) => {
      const due = tx.select({ id: emailNotifications.id }).from(emailNotifications).where(done).limit(limit);
      return (await tx.delete(emailNotifications).where(inArray(emailNotifications.id, due)).returning({ id: emailNotifications.id })).length;
    }),
  };
}
