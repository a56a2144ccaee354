// PATCH /api/auth/profile: names, account type and e-mail. Changing the e-mail address takes the current
// password and is limited per account (EMAIL_CHANGE_LIMIT); the new address must be verified again (the
// account is unverified until then), every earlier reset and verification link ends, and the old address
// is told, with a "this was not me" link. All of it in one transaction. See docs/decisions/0104.
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/index';
import { AUTH_MESSAGES, type CurrentUser, type ProfileRequest } from '#contracts/auth.schemas';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { DAY } from '../../lib/clock';
import { limitUser, type RateLimitRule } from '../../lib/rate-limit';
import { enqueueEmail } from '../email/index';
import { emailChangedNoticeEmail } from '../email/index';
import { EMAIL_CHANGE_UNDO_DAYS, endEmailLinks, issueEmailChangeUndo } from './email-links';
import { passwordMatches } from './password-check';
import { findUserByEmail, findUserById, isUniqueViolation, toCurrentUser } from './user-record';
import { sendVerificationLink } from './verify-email';

/** Per account, counted before the password is checked (so it also bounds guessing through this call). */
export const EMAIL_CHANGE_LIMIT: RateLimitRule = { endpoint: 'user-email-change', max: 3, windowMs: DAY, message: AUTH_MESSAGES.tooManyEmailChanges };

async function checkCurrentPassword(ctx: AppContext, userId: number, password: string | undefined): Promise<void> {
  if (!password) throw AppError.badRequest(AUTH_MESSAGES.currentPasswordForEmail, { currentPassword: AUTH_MESSAGES.currentPasswordForEmail });
  await limitUser(ctx, EMAIL_CHANGE_LIMIT, userId);
  if (!(await passwordMatches(ctx, userId, password))) throw AppError.badRequest(AUTH_MESSAGES.currentPasswordWrong, { currentPassword: AUTH_MESSAGES.currentPasswordWrong });
}

export async function updateProfile(ctx: AppContext, userId: number, input: ProfileRequest): Promise<CurrentUser> {
  const current = await findUserById(ctx.db, userId);
  if (!current) throw AppError.unauthorized();
  const emailChanged = current.email.toLowerCase() !== input.email;
  const emailTaken = () => new AppError('conflict', AUTH_MESSAGES.emailTaken, 409, { fieldErrors: { email: AUTH_MESSAGES.emailTaken } });
  if (emailChanged) {
    await checkCurrentPassword(ctx, userId, input.currentPassword);
    if (await findUserByEmail(ctx.db, input.email)) throw emailTaken();
  }
  const now = ctx.clock.now();
  const site = ctx.config.PUBLIC_SITE_URL;
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
        await endEmailLinks(tx, userId);
        await sendVerificationLink({ ...ctx, db: tx }, { id: userId, email: input.email });
        const undo = await issueEmailChangeUndo(tx, now, userId, current.email);
        await enqueueEmail({ db: tx, clock: ctx.clock }, {
          userId,
          // Its link is a password reset (with the address restored), hence its type: no new e-mail type.
          type: 'password_reset',
          recipient: current.email,
          content: emailChangedNoticeEmail({ newEmail: input.email, undoUrl: `${site}/reset-password?token=${undo}`, undoDays: EMAIL_CHANGE_UNDO_DAYS }),
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
