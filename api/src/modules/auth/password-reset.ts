// Forgot and reset password. POST /api/auth/forgot-password only queues the ask (one row, whatever the
// address), so it answers in the same time whether or not the address has an account; the background job
// (processPasswordResetRequests) then writes the single-use token (one hour) and the e-mail, at most
// RESET_MAILS_PER_HOUR per recipient. POST /api/auth/reset-password consumes the token (DELETE … RETURNING:
// used once even under concurrent requests), stores the new hash, signs out every session, ends every
// other link and lifts a lockout. It also takes the "this was not me" link of an e-mail change, which puts
// the replaced address back. See docs/decisions/0105.
import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, like, min, sql } from 'drizzle-orm';
import { queryRows, type RawRow } from '#db/client';
import { accounts, passwordResetTokens, sessions, users, verifications } from '#db/schema/index';
import { AUTH_MESSAGES, type ForgotPasswordRequest, type ResetPasswordRequest } from '#contracts/auth.schemas';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { HOUR } from '../../lib/clock';
import { toBacklog, type Backlog } from '../../lib/metrics';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { enqueueEmail } from '../email/index';
import { passwordResetEmail } from '../email/index';
import { clearFailedSignIns } from './account-lockout';
import { hashToken, newEmailToken, RESET_TOKEN_TTL_MS } from './auth-tokens';
import { isCommonPassword } from './common-passwords';
import { consumeEmailChangeUndo, endEmailLinks, findEmailChangeUndo } from './email-links';
import { findUserByEmail } from './user-record';

export const RESET_MAILS_PER_HOUR = 3;
const RESET_MAIL_LIMIT: RateLimitRule = { endpoint: 'reset-mail-recipient', max: RESET_MAILS_PER_HOUR, windowMs: HOUR };
/** Queued asks wait in better-auth's generic verifications table under this prefix (no table of their own). */
const REQUEST_PREFIX = 'password-reset-request:';
const REQUEST_TTL_MS = HOUR;

/** Forgot-password asks not yet answered by the job, and the age of the oldest (metrics). */
export async function passwordResetBacklog(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<Backlog> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ n: count(), oldest: min(verifications.createdAt) })
    .from(verifications)
    .where(like(verifications.identifier, `${REQUEST_PREFIX}%`));
  return toBacklog(row, now);
}

/** The request path: one insert, for known and unknown addresses alike. */
export async function requestPasswordReset(ctx: AppContext, input: ForgotPasswordRequest): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.insert(verifications).values({
    identifier: `${REQUEST_PREFIX}${randomUUID()}`,
    value: input.email,
    expiresAt: new Date(now.getTime() + REQUEST_TTL_MS),
    createdAt: now,
    updatedAt: now,
  });
}

/** The rate-limit key of a mailbox: a hash, so rate_limits holds no address. */
function recipientKey(email: string): string {
  return `mail:${hashToken(email.toLowerCase()).slice(0, 56)}`;
}

/**
 * Background job: claims queued asks (FOR UPDATE SKIP LOCKED, so every instance may run it) and, for an
 * address with an account and under its hourly cap, writes the token and queues the e-mail, in the same
 * transaction as the claim.
 */
export async function processPasswordResetRequests(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, batchSize = 50): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    // Raw: a claim, delete … where id in (select … for update skip locked) returning: every instance's job
    // takes a batch of its own.
    const claimed = await queryRows<RawRow<{ value: (typeof verifications.$inferSelect)['value']; expires_at: (typeof verifications.$inferSelect)['expiresAt'] }>>(
      tx,
      sql`delete from verifications where id in (
            select id from verifications where identifier like ${`${REQUEST_PREFIX}%`}
            order by id limit ${batchSize} for update skip locked)
          returning value, expires_at`,
    );
    let sent = 0;
    for (const ask of claimed) {
      if (new Date(ask.expires_at) <= now) continue;
      const user = await findUserByEmail(tx, ask.value);
      if (!user) continue;
      const cap = await consumeRateLimit({ db: tx, clock: ctx.clock }, RESET_MAIL_LIMIT, recipientKey(user.email));
      if (!cap.allowed) continue;
      const { token, hash } = newEmailToken();
      await tx.insert(passwordResetTokens).values({ userId: user.id, token: hash, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS), createdAt: now });
      await enqueueEmail({ db: tx, clock: ctx.clock }, {
        userId: user.id,
        type: 'password_reset',
        recipient: user.email,
        content: passwordResetEmail({ url: `${ctx.config.PUBLIC_SITE_URL}/reset-password?token=${token}` }),
      });
      sent += 1;
    }
    return sent;
  });
}

export async function resetPassword(ctx: AppContext, input: ResetPasswordRequest): Promise<void> {
  const invalid = () => AppError.badRequest(AUTH_MESSAGES.resetLinkInvalid, { token: AUTH_MESSAGES.resetLinkInvalid });
  const tokenHash = hashToken(input.token);
  const now = ctx.clock.now();
  const [pending] = await ctx.db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.token, tokenHash), gt(passwordResetTokens.expiresAt, now)));
  if (!pending && !(await findEmailChangeUndo(ctx.db, tokenHash, now))) throw invalid();
  if (isCommonPassword(input.password)) throw AppError.badRequest(AUTH_MESSAGES.passwordTooCommon, { password: AUTH_MESSAGES.passwordTooCommon });
  const passwordHash = await (await ctx.auth.$context).password.hash(input.password);

  await ctx.db.transaction(async (tx) => {
    const [consumed] = await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.token, tokenHash), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    const undo = consumed ? undefined : await consumeEmailChangeUndo(tx, tokenHash, now);
    const userId = consumed?.userId ?? undo?.userId;
    if (!userId) throw invalid();
    const updated = await tx
      .update(accounts)
      .set({ password: passwordHash, updatedAt: now })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (!updated.length) {
      await tx.insert(accounts).values({ accountId: String(userId), providerId: 'credential', userId, password: passwordHash, createdAt: now, updatedAt: now });
    }
    // Other links sent earlier die with this one; every session ends (revokeSessionsOnPasswordReset).
    await endEmailLinks(tx, userId);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // Opening the link proved the address it was sent to is theirs: the current one for a reset link;
    // for an undo link, the replaced one, which comes back (unless another account has taken it since).
    const restore = undo && !(await findUserByEmail(tx, undo.email)) ? { email: undo.email } : {};
    if (!undo || 'email' in restore) await tx.update(users).set({ ...restore, verified: true, updatedAt: now }).where(eq(users.id, userId));
    await clearFailedSignIns(tx, userId);
  });
}
