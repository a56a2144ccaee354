// The e-mail verification flow, in one place: sendVerificationLink issues a link (registration, an address
// change and "send it again" all call it); POST /api/auth/verify-email consumes it (single use, 24 hours)
// and marks the user verified; POST /api/auth/send-verification queues a new link for the signed-in user.
import { and, eq, gt } from 'drizzle-orm';
import { emailVerificationTokens, users } from '#db/schema/index';
import { AUTH_MESSAGES, type VerifyEmailRequest } from '#contracts/auth.schemas';
import type { Executor } from '#db/client';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { enqueueEmail } from '../email/index';
import { verificationEmail } from '../email/index';
import { hashToken, newEmailToken, VERIFICATION_TOKEN_TTL_MS } from './auth-tokens';
import { findUserById } from './user-record';

/**
 * Ends the user's earlier verification links and queues a new one to `email`, in the caller's transaction
 * (the address must be the one being verified: on an address change, the new one).
 */
export async function sendVerificationLink(
  ctx: { db: Executor } & Pick<AppContext, 'clock' | 'config'>,
  user: { id: number; email: string },
): Promise<void> {
  const now = ctx.clock.now();
  const { token, hash } = newEmailToken();
  await ctx.db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
  await ctx.db.insert(emailVerificationTokens).values({ userId: user.id, token: hash, expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS), createdAt: now });
  await enqueueEmail(ctx, {
    userId: user.id,
    type: 'verification',
    recipient: user.email,
    content: verificationEmail({ url: `${ctx.config.PUBLIC_SITE_URL}/verify-email?token=${token}` }),
  });
}

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
  await ctx.db.transaction((tx) => sendVerificationLink({ ...ctx, db: tx }, user));
}
