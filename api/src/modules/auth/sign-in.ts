// POST /api/auth/login: better-auth checks the password and issues a new session (a fresh token at every
// sign-in); around it we enforce the per-account lockout (the attempt is taken from the budget first) and
// write security events. The answers for a wrong password, an unknown e-mail and a locked account never
// differ by whether the e-mail exists.
import { eq } from 'drizzle-orm';
import { MODERATION_MESSAGES } from '#contracts/moderation';
import { sessions } from '#db/schema/index';
import { AUTH_MESSAGES, type CurrentUser, type LoginRequest } from '#contracts/auth.schemas';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { clearFailedSignIns, recordFailedSignIn, reserveSignInAttempt, type LockSubject } from './account-lockout';
import { betterAuthStatus } from './better-auth-bridge';
import { recordSecurityEvent, type RequestMeta } from './security-events';
import { findUserByEmail, toCurrentUser } from './user-record';

export function accountLockedError(until: Date, now: Date): AppError {
  return new AppError('account_locked', AUTH_MESSAGES.accountLocked, 429, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))) },
  });
}

export async function signIn(
  ctx: AppContext,
  input: LoginRequest,
  meta: RequestMeta,
  headers: Headers,
): Promise<{ user: CurrentUser; responseHeaders: Headers }> {
  const user = await findUserByEmail(ctx.db, input.email);
  const subject: LockSubject = user ? { userId: user.id } : { email: input.email };
  // The attempt is counted before the password is looked at: past the budget, nothing is checked.
  const reserved = await reserveSignInAttempt(ctx, subject, meta.ip);
  if (reserved.locked) {
    await recordSecurityEvent(ctx, { type: 'login_failure', userId: user?.id ?? null, meta, metadata: { reason: 'locked' } });
    if (reserved.newlyLocked && user) await recordSecurityEvent(ctx, { type: 'account_lock', userId: user.id, meta, metadata: { until: reserved.locked.toISOString() } });
    throw accountLockedError(reserved.locked, ctx.clock.now());
  }

  let result;
  try {
    result = await ctx.auth.api.signInEmail({ body: { email: input.email, password: input.password, rememberMe: true }, headers, returnHeaders: true });
  } catch (error) {
    const status = betterAuthStatus(error);
    if (status !== 401 && status !== 400) throw error;
    await recordSecurityEvent(ctx, { type: 'login_failure', userId: user?.id ?? null, meta, metadata: { reason: 'invalid_credentials' } });
    const lockedNow = await recordFailedSignIn(ctx, subject, reserved.attempt);
    if (lockedNow) {
      if (lockedNow.newlyLocked && user) await recordSecurityEvent(ctx, { type: 'account_lock', userId: user.id, meta, metadata: { until: lockedNow.locked.toISOString() } });
      throw accountLockedError(lockedNow.locked, ctx.clock.now());
    }
    throw AppError.unauthorized(AUTH_MESSAGES.invalidCredentials);
  }

  const userId = Number(result.response.user.id);
  await clearFailedSignIns(ctx.db, userId);
  // The right password of a suspended account: told why (only now, so the answer reveals nothing to a
  // guesser), and the session better-auth just made is ended before its cookie is ever sent.
  if (user?.suspendedAt) {
    await ctx.db.delete(sessions).where(eq(sessions.userId, userId));
    throw new AppError('account_suspended', MODERATION_MESSAGES.accountSuspended, 403);
  }
  await recordSecurityEvent(ctx, { type: 'login', userId, meta });
  return { user: toCurrentUser(user!), responseHeaders: result.headers };
}
