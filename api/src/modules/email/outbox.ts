// The email outbox: enqueueEmail writes a row inside the caller's transaction (so an email exists if and
// only if the event that causes it was committed); sendPendingEmails, run by a background job in every
// instance, claims due rows with FOR UPDATE SKIP LOCKED and a lease, delivers them through the mailer,
// and records pending → sent, or after MAX_ATTEMPTS failures → failed. See docs/decisions/0101-email-outbox.md.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor, type RawRow } from '#db/client';
import { emailNotifications, users } from '#db/schema/index';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import type { EmailContent } from './email-templates';

export type EmailType = (typeof emailNotifications.$inferInsert)['type'];

export const MAX_ATTEMPTS = 5;
/** How long a claimed row stays invisible to other senders while this one delivers it. */
export const CLAIM_LEASE_MS = 5 * 60_000;
const BASE_BACKOFF_MS = 30_000;

export async function enqueueEmail(
  ctx: { db: Executor; clock: Clock },
  email: { userId: number | null; type: EmailType; recipient: string; content: EmailContent; headers?: Record<string, string> },
): Promise<void> {
  const now = ctx.clock.now();
  const headers = { ...email.headers, ...(email.content.replyTo && { 'Reply-To': email.content.replyTo }) };
  await ctx.db.insert(emailNotifications).values({
    userId: email.userId,
    type: email.type,
    recipient: email.recipient,
    subject: email.content.subject,
    textBody: email.content.text,
    htmlBody: email.content.html,
    headers: Object.keys(headers).length ? headers : null,
    nextAttemptAt: now,
    createdAt: now,
  });
}

/** Backoff before attempt n+1 after n failed attempts: 30 s, 1 min, 2 min, 4 min … */
export function backoffMs(failedAttempts: number): number {
  return BASE_BACKOFF_MS * 2 ** Math.max(0, failedAttempts - 1);
}

type Outbox = typeof emailNotifications.$inferSelect;
/** jsonb comes back parsed from PGlite and as text from some node-postgres setups. */
type ClaimedRow = RawRow<{ id: Outbox['id']; recipient: Outbox['recipient']; subject: Outbox['subject']; text_body: Outbox['textBody']; html_body: Outbox['htmlBody']; headers: Outbox['headers'] | string; attempts: Outbox['attempts'] }>;

export async function sendPendingEmails(deps: { db: Executor; clock: Clock; mailer: Mailer; logger: Logger }, batchSize = 20): Promise<{ sent: number; failed: number }> {
  const now = deps.clock.now();
  const leaseUntil = new Date(now.getTime() + CLAIM_LEASE_MS);
  // One statement claims the rows: locked rows (another instance is claiming them) are skipped, and the
  // lease (next_attempt_at in the future) hides claimed rows from later claims until delivery is recorded.
  // Raw: a claim, update … where id in (select … for update skip locked) returning.
  const claimed = await queryRows<ClaimedRow>(
    deps.db,
    sql`update email_notifications set attempts = attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}
        where id in (
          select id from email_notifications
          where status = 'pending' and next_attempt_at <= ${now.toISOString()}
          order by next_attempt_at, id
          limit ${batchSize}
          for update skip locked
        )
        returning id, recipient, subject, text_body, html_body, headers, attempts`,
  );
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      const headers = typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers;
      await deps.mailer.send({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body, ...(headers && { headers }) });
      await deps.db
        .update(emailNotifications)
        .set({ status: 'sent', sentAt: deps.clock.now(), lastError: null })
        .where(and(eq(emailNotifications.id, row.id), eq(emailNotifications.status, 'pending')));
      sent += 1;
    } catch (error) {
      failed += 1;
      const attempts = Number(row.attempts);
      const giveUp = attempts >= MAX_ATTEMPTS;
      const message = (error as Error)?.message?.slice(0, 500) ?? 'unknown error';
      deps.logger.warn({ emailId: row.id, attempts, giveUp, error: message }, 'email delivery failed');
      await deps.db
        .update(emailNotifications)
        .set(
          giveUp
            ? { status: 'failed', lastError: message }
            : { lastError: message, nextAttemptAt: new Date(deps.clock.now().getTime() + backoffMs(attempts)) },
        )
        .where(eq(emailNotifications.id, row.id));
    }
  }
  return { sent, failed };
}

/**
 * An operator's e-mail to one user, queued in the caller's transaction. Every such e-mail may be answered
 * (an appeal, a question): replies reach support, not no-reply. Nothing is queued for an unknown user.
 */
export async function tellUser(
  ctx: { db: Executor; clock: Clock; config: { SUPPORT_EMAIL: string } },
  userId: number,
  content: EmailContent,
): Promise<void> {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (user) await enqueueEmail(ctx, { userId, type: 'moderation', recipient: user.email, content: { ...content, replyTo: ctx.config.SUPPORT_EMAIL } });
}
