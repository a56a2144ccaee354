// The email outbox: enqueueEmail writes a row inside the caller's transaction (so an email exists if and
// only if the event that causes it was committed); sendPendingEmails, run by a background job in every
// instance, claims due rows with FOR UPDATE SKIP LOCKED and a lease, delivers them through the mailer,
// and records pending → sent, or after MAX_ATTEMPTS failures (or one permanent refusal, a 5xx) → failed, which
// an operator may retry or drop from the jobs view (docs/decisions/1404). See docs/decisions/0101-email-outbox.md.
import { and, count, desc, eq, lte, min } from 'drizzle-orm';
import { MODERATION_MESSAGES, type AdminFailedItem } from '#contracts/moderation';
import { cutText, wellFormedDeep, wellFormedText } from '#contracts/text';
import { type Database, type Executor, type RawRow } from '#db/client';
import { emailNotifications, users } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Operator } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { toBacklog, type Backlog } from '../../lib/metrics';
import { claimDueRows } from '../../lib/outbox-claim';
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
  // Well-formed at the boundary (issue 38 item 2): what a template put together from titles and names.
  const headers = wellFormedDeep({ ...email.headers, ...(email.content.replyTo && { 'Reply-To': email.content.replyTo }) });
  await ctx.db.insert(emailNotifications).values({
    userId: email.userId,
    type: email.type,
    recipient: email.recipient,
    subject: wellFormedText(email.content.subject),
    textBody: wellFormedText(email.content.text),
    htmlBody: wellFormedText(email.content.html),
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
  const claimed = await claimDueRows<ClaimedRow>(deps.db, {
    table: 'email_notifications',
    now: deps.clock.now(),
    leaseMs: CLAIM_LEASE_MS,
    batchSize,
    returning: ['id', 'recipient', 'subject', 'text_body', 'html_body', 'headers', 'attempts'],
  });
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
      const giveUp = attempts >= MAX_ATTEMPTS || permanentRefusal(error);
      // The server's answer as PostgreSQL keeps it (a NUL or half a surrogate pair in it made this very
      // update fail, and every e-mail behind it with it: issue 38 item 2).
      const message = wellFormedText(cutText((error as Error)?.message ?? '', 500, { ellipsis: '' })) || 'unknown error';
      deps.logger.warn({ emailId: row.id, attempts, giveUp, error: message }, 'email delivery failed');
      try {
        await deps.db
          .update(emailNotifications)
          .set(
            giveUp
              ? { status: 'failed', lastError: message }
              : { lastError: message, nextAttemptAt: new Date(deps.clock.now().getTime() + backoffMs(attempts)) },
          )
          .where(eq(emailNotifications.id, row.id));
      } catch (recording) {
        // Never stop the batch: this row's lease runs out and it is claimed again (its attempts counted).
        deps.logger.error({ err: recording, emailId: row.id }, 'email failure not recorded');
      }
    }
  }
  return { sent, failed };
}

/** An SMTP reply in the 5xx range is permanent (RFC 5321 §4.2.1): the same message would be refused again. */
function permanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
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

/**
 * The outbox's backlog (metrics): e-mails due and not claimed — a claimed row's next_attempt_at is its lease,
 * in the future — and how long the oldest has been due. One probe of the pending index.
 */
export async function outboxBacklog(ctx: { db: Executor; clock: Clock }): Promise<Backlog> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ n: count(), oldest: min(emailNotifications.nextAttemptAt) })
    .from(emailNotifications)
    .where(and(eq(emailNotifications.status, 'pending'), lte(emailNotifications.nextAttemptAt, now)));
  return toBacklog(row, now);
}

/** The e-mails that gave up (the jobs view, issue 31): the newest `limit` and how many there are. */
export async function failedEmails(db: Executor, limit: number): Promise<{ total: number; items: AdminFailedItem[] }> {
  const failed = eq(emailNotifications.status, 'failed');
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(emailNotifications).where(failed),
    db
      .select({ id: emailNotifications.id, type: emailNotifications.type, recipient: emailNotifications.recipient, subject: emailNotifications.subject, attempts: emailNotifications.attempts, lastError: emailNotifications.lastError, createdAt: emailNotifications.createdAt })
      .from(emailNotifications)
      .where(failed)
      .orderBy(desc(emailNotifications.createdAt), desc(emailNotifications.id))
      .limit(limit),
  ]);
  return {
    total: Number(total?.n ?? 0),
    items: rows.map((r) => ({ id: r.id, label: `${r.type.replaceAll('_', ' ')} e-mail to ${r.recipient}: ${r.subject}`, attempts: r.attempts, lastError: r.lastError, queuedAt: r.createdAt.toISOString() })),
  };
}

/**
 * An operator puts a failed e-mail back in line (all its attempts anew, due now) or drops it from the outbox,
 * with the reason in the audit log in the same transaction. 404 when it is not (or no longer) a failed e-mail:
 * two operators acting at once act once.
 */
export async function settleFailedEmail(ctx: { db: Database; clock: Clock }, operator: Operator, input: { id: number; action: 'retry' | 'drop'; reason: string }): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailNotifications)
      .where(and(eq(emailNotifications.id, input.id), eq(emailNotifications.status, 'failed')))
      .for('update');
    if (!row) throw AppError.notFound(MODERATION_MESSAGES.failedItemNotFound);
    if (input.action === 'retry') await tx.update(emailNotifications).set({ status: 'pending', attempts: 0, nextAttemptAt: now }).where(eq(emailNotifications.id, row.id));
    else await tx.delete(emailNotifications).where(eq(emailNotifications.id, row.id));
    // The details say what the e-mail was, not to whom: the audit log is kept for good (a server's error
    // often quotes the address).
    const lastError = row.lastError?.replaceAll(row.recipient, '<recipient>') ?? null;
    await recordAudit(tx, {
      actor: operator,
      action: `job.${input.action}`,
      targetType: 'email',
      targetId: row.id,
      reason: input.reason,
      details: { job: 'email-outbox', type: row.type, subject: row.subject, attempts: row.attempts, lastError, userId: row.userId },
      at: now,
    });
  });
}
