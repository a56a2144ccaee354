// POST /api/auth/register: creates the user and its password (better-auth's scrypt hash) and queues the
// verification e-mail, all in one transaction; then signs the new user in through better-auth.
import { accounts, users } from '#db/schema/index';
import { AUTH_MESSAGES, type CurrentUser, type RegisterRequest } from '#contracts/auth.schemas';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isCommonPassword } from './common-passwords';
import { recordSecurityEvent, type RequestMeta } from './security-events';
import { findUserByEmail, isUniqueViolation, toCurrentUser } from './user-record';
import { sendVerificationLink } from './verify-email';

export async function registerAccount(
  ctx: AppContext,
  input: RegisterRequest,
  meta: RequestMeta,
  headers: Headers,
): Promise<{ user: CurrentUser; responseHeaders: Headers }> {
  if (isCommonPassword(input.password)) throw AppError.badRequest(AUTH_MESSAGES.passwordTooCommon, { password: AUTH_MESSAGES.passwordTooCommon });
  const emailTaken = () => new AppError('conflict', AUTH_MESSAGES.emailTaken, 409, { fieldErrors: { email: AUTH_MESSAGES.emailTaken } });
  if (await findUserByEmail(ctx.db, input.email)) throw emailTaken();

  const passwordHash = await (await ctx.auth.$context).password.hash(input.password);
  const now = ctx.clock.now();
  let user;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ email: input.email, firstName: input.firstName, lastName: input.lastName, userType: input.userType ?? 'both', createdAt: now, updatedAt: now })
        .returning();
      await tx.insert(accounts).values({ accountId: String(created!.id), providerId: 'credential', userId: created!.id, password: passwordHash, createdAt: now, updatedAt: now });
      await sendVerificationLink({ ...ctx, db: tx }, created!);
      await recordSecurityEvent({ db: tx, clock: ctx.clock }, { type: 'signup', userId: created!.id, meta });
      return created!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }

  const signIn = await ctx.auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers, returnHeaders: true });
  return { user: toCurrentUser(user), responseHeaders: signIn.headers };
}
