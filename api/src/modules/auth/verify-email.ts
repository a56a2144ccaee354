// POST /api/auth/verify-email consumes a verification token (single use, 24 hours) and marks the user
// verified. POST /api/auth/send-verification queues a new link for the signed-in user.
import { and, eq, gt } from 'drizzle-orm';
import { emailVerificationTokens, users } from '../../../../db/schema/index';
import { AUTH_MESSAGES, type VerifyEmailRequest } from '../../../../contracts/auth';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { enqueueEmail } from '../email/outbox';
import { verificationEmail } from '../email/email-templates';
import { hashToken, newEmailToken, VERIFICATION_TOKEN_TTL_MS } from './auth-tokens';
import { findUserById } from './user-record';

export async function verifyEmail(ctx: AppContext, input: VerifyEmailRequest): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [consumed] = await tx
      .delete(emailVerificationTokens)
      .where(and(eq(emailVerificationTokens.token, hashToken(input.token)), gt(emailVerificationTokens.expiresAt, now)))
      .returning({ userId: emailVerificationTokens.userId });
    if (!consumed) throw AppError.badRequest(AUTH_MESSAGES.verifyLinkInvalid, { token: AUTH_MESSAGES.verifyLinkInvalid });
    await tx.update(users).set({ verified: true, updatedAt: now }).where(eq(users.id, consumed.userId));
  });
}

export async function resendVerification(ctx: AppContext, userId: number): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw AppError.unauthorized();
  if (user.verified) return;
  const now = ctx.clock.now();
  const { token, hash } = newEmailToken();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    await tx.insert(emailVerificationTokens).values({ userId, token: hash, expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS), createdAt: now });
    await enqueueEmail(tx, ctx.clock, {
      userId,
      type: 'verification',
      recipient: user.email,
      content: verificationEmail({ url: `${ctx.config.PUBLIC_SITE_URL}/verify-email?token=${token}` }),
    });
  });
}
