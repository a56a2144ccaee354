// Forgot and reset password. POST /api/auth/forgot-password always answers the same (whether or not the
// address has an account); for an account it queues a reset e-mail with a single-use token valid for one
// hour, in one transaction. POST /api/auth/reset-password consumes the token (DELETE … RETURNING: used
// once even under concurrent requests), stores the new hash, signs out every session and lifts a lockout.
import { and, eq, gt } from 'drizzle-orm';
import { accounts, passwordResetTokens, sessions, users } from '../../../../db/schema/index';
import { AUTH_MESSAGES, type ForgotPasswordRequest, type ResetPasswordRequest } from '../../../../contracts/auth';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { enqueueEmail } from '../email/outbox';
import { passwordResetEmail } from '../email/email-templates';
import { clearFailedSignIns } from './account-lockout';
import { hashToken, newEmailToken, RESET_TOKEN_TTL_MS } from './auth-tokens';
import { isCommonPassword } from './common-passwords';
import { findUserByEmail } from './user-record';

export async function requestPasswordReset(ctx: AppContext, input: ForgotPasswordRequest): Promise<void> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) return;
  const now = ctx.clock.now();
  const { token, hash } = newEmailToken();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({ userId: user.id, token: hash, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS), createdAt: now });
    await enqueueEmail(tx, ctx.clock, {
      userId: user.id,
      type: 'password_reset',
      recipient: user.email,
      content: passwordResetEmail({ firstName: user.firstName, url: `${ctx.config.PUBLIC_SITE_URL}/reset-password?token=${token}` }),
    });
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
  if (!pending) throw invalid();
  if (isCommonPassword(input.password)) throw AppError.badRequest(AUTH_MESSAGES.passwordTooCommon, { password: AUTH_MESSAGES.passwordTooCommon });
  const passwordHash = await (await ctx.auth.$context).password.hash(input.password);

  await ctx.db.transaction(async (tx) => {
    const [consumed] = await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.token, tokenHash), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!consumed) throw invalid();
    const userId = consumed.userId;
    const updated = await tx
      .update(accounts)
      .set({ password: passwordHash, updatedAt: now })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (!updated.length) {
      await tx.insert(accounts).values({ accountId: String(userId), providerId: 'credential', userId, password: passwordHash, createdAt: now, updatedAt: now });
    }
    // Other links sent earlier die with this one; every session ends (revokeSessionsOnPasswordReset).
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // Opening the link proved the address is theirs.
    await tx.update(users).set({ verified: true, updatedAt: now }).where(eq(users.id, userId));
    await clearFailedSignIns(tx, userId);
  });
}
