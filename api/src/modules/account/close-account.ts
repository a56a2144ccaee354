// DELETE /api/account (issue 28; GDPR art. 17): the person closes their own account, with their password.
// One transaction, each owner writing its own tables (docs/decisions/1310): auth ends the sign-in and the
// name (closeUserRecord), spaces takes the listings away as a deletion does (archived, never erasing a
// conversation), messaging forgets the name copied onto inquiries, the public profile goes, saved searches and saved spaces go, the
// audit log records it and the outbox writes the confirmation to the old address. What others hold stays:
// their conversations (the person's messages shown under "Former member"), agreements, payments and the
// audit log. See docs/decisions/1501.
import { ACCOUNT_DATA_TEXTS, FORMER_MEMBER_NAME } from '#contracts/account-data';
import type { CloseAccountRequest } from '#contracts/account-data.schemas';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit-log';
import { MINUTE } from '../../lib/clock';
import { limitUser, type RateLimitRule } from '../../lib/rate-limit';
import { closeUserRecord, passwordMatches } from '../auth/index';
import { accountClosedEmail, enqueueEmail } from '../email/index';
import { forgetInquirerOf } from '../messaging/index';
import { avatarFileNames, deleteProfileOf } from '../profiles/index';
import { deleteSavedSearchesOf } from '../saved-searches/index';
import { deleteSavedSpacesOf } from '../saved-spaces/index';
import { removeOwnersListings } from '../spaces/index';
import { deletePushDevicesOf } from '../push/index';

/** Per account, counted before the password is checked: it bounds password guessing through this call. */
export const CLOSE_ACCOUNT_LIMIT: RateLimitRule = { endpoint: 'user-close-account', max: 5, windowMs: 15 * MINUTE, message: ACCOUNT_DATA_TEXTS.tooManyCloseAttempts };

export type ClosingSummary = { listingsRemoved: number; savedSearches: number; savedSpaces: number; sessionsEnded: number };

export async function closeAccount(ctx: AppContext, userId: number, input: CloseAccountRequest): Promise<ClosingSummary> {
  await limitUser(ctx, CLOSE_ACCOUNT_LIMIT, userId);
  if (!(await passwordMatches(ctx, userId, input.password))) {
    throw AppError.badRequest(ACCOUNT_DATA_TEXTS.passwordWrong, { password: ACCOUNT_DATA_TEXTS.passwordWrong });
  }
  const now = ctx.clock.now();
  const { result: summary, avatar } = await ctx.db.transaction(async (tx) => {
    const closed = await closeUserRecord(tx, userId, now);
    // Closed meanwhile by a second request: this one's session is gone with it.
    if (!closed) throw AppError.unauthorized();
    const listingsRemoved = await removeOwnersListings(tx, userId, now);
    await forgetInquirerOf(tx, userId, { name: FORMER_MEMBER_NAME, email: closed.tombstone });
    const avatar = await deleteProfileOf(tx, userId);
    const savedSearches = await deleteSavedSearchesOf(tx, userId);
    const savedSpaces = await deleteSavedSpacesOf(tx, userId);
    // Its phones and browsers are told nothing more (issue 30).
    await deletePushDevicesOf(tx, userId);
    const result = { listingsRemoved, savedSearches, savedSpaces, sessionsEnded: closed.sessionsEnded };
    await recordAudit(tx, { actor: 'account-holder', action: 'account_closed', targetType: 'user', targetId: userId, reason: 'Closed by the account holder', details: result, at: now });
    await enqueueEmail(
      { db: tx, clock: ctx.clock },
      { userId, type: 'account_closed', recipient: closed.email, content: accountClosedEmail({ listingsRemoved, supportEmail: ctx.config.SUPPORT_EMAIL }) },
    );
    return { result, avatar };
  });
  // The profile picture's files, once the row that named them is gone for good.
  await ctx.photoStorage.deleteMany(avatarFileNames(avatar));
  // The sessions are gone: this instance forgets them now, the others on the users row's notification (0704).
  ctx.sessionCache.dropUsers([userId]);
  return summary;
}
