// POST /api/auth/change-password: better-auth verifies the current password, stores the new hash and,
// forced here, deletes every session of the user and issues a new one for this browser: every other
// device is signed out, and reset links mailed earlier end (the old password's way back).
import { AUTH_MESSAGES, type ChangePasswordRequest } from '#contracts/auth.schemas';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { betterAuthStatus } from './better-auth-bridge';
import { isCommonPassword } from './common-passwords';
import { endResetLinks } from './email-links';

export async function changePassword(ctx: AppContext, userId: number, input: ChangePasswordRequest, headers: Headers): Promise<Headers> {
  if (isCommonPassword(input.newPassword)) throw AppError.badRequest(AUTH_MESSAGES.passwordTooCommon, { newPassword: AUTH_MESSAGES.passwordTooCommon });
  try {
    const result = await ctx.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    await endResetLinks(ctx.db, userId);
    return result.headers;
  } catch (error) {
    const status = betterAuthStatus(error);
    if (status === 400) throw AppError.badRequest(AUTH_MESSAGES.currentPasswordWrong, { currentPassword: AUTH_MESSAGES.currentPasswordWrong });
    if (status === 401) throw AppError.unauthorized();
    throw error;
  }
}
