// PATCH /api/auth/profile: names, account type and e-mail. A new e-mail address must be verified again:
// it is marked unverified and a verification e-mail is queued in the same transaction.
import { eq } from 'drizzle-orm';
import { emailVerificationTokens, users } from '../../../../db/schema/index';
import { AUTH_MESSAGES, type CurrentUser, type ProfileRequest } from '../../../../contracts/auth';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { enqueueEmail } from '../email/outbox';
import { verificationEmail } from '../email/email-templates';
import { newEmailToken, VERIFICATION_TOKEN_TTL_MS } from './auth-tokens';
import { findUserByEmail, findUserById, isUniqueViolation, toCurrentUser } from './user-record';

export async function updateProfile(ctx: AppContext, userId: number, input: ProfileRequest): Promise<CurrentUser> {
  const current = await findUserById(ctx.db, userId);
  if (!current) throw AppError.unauthorized();
  const emailChanged = current.email.toLowerCase() !== input.email;
  const emailTaken = () => new AppError('conflict', AUTH_MESSAGES.emailTaken, 409, { fieldErrors: { email: AUTH_MESSAGES.emailTaken } });
  if (emailChanged && (await findUserByEmail(ctx.db, input.email))) throw emailTaken();
  const now = ctx.clock.now();
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          ...(input.userType && { userType: input.userType }),
          ...(emailChanged && { email: input.email, verified: false }),
          updatedAt: now,
        })
        .where(eq(users.id, userId))
        .returning();
      if (emailChanged) {
        const { token, hash } = newEmailToken();
        await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
        await tx.insert(emailVerificationTokens).values({ userId, token: hash, expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS), createdAt: now });
        await enqueueEmail(tx, ctx.clock, {
          userId,
          type: 'verification',
          recipient: input.email,
          content: verificationEmail({ firstName: input.firstName, url: `${ctx.config.PUBLIC_SITE_URL}/verify-email?token=${token}` }),
        });
      }
      return row!;
    });
    return toCurrentUser(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
