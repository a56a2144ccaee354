// Housekeeping of the auth module's tables (decision 1313: each owner prunes its own; retention:
// docs/decisions/0602-housekeeping-and-retention.md): expired sessions and tokens, lockout counters without a
// running lock, and security events past a year.
import { and, inArray, isNull, lt, or } from 'drizzle-orm';
import { emailVerificationTokens, failedLogins, passwordResetTokens, securityEvents, sessions, verifications } from '#db/schema/index';
import { DAY } from '../../lib/clock';
import { before, pruneInBatches, type PruneContext, type Pruned } from '../../lib/prune';

export const AUTH_RETENTION = {
  /** Sessions: deleted once expired (a session past `expire` never signs anyone in again). */
  expiredSessionsMs: 0,
  /** E-mail verification and password-reset tokens, and better-auth's verifications: once expired (used ones are deleted on use). */
  expiredTokensMs: 0,
  /** Lockout counters: a day after the last failure, when no lock is running. */
  failedLoginsMs: DAY,
  /** Security events (sign-ins, lockouts, password changes): one year, then deleted. */
  securityEventsMs: 365 * DAY,
} as const;

export async function pruneAuth({ tx, now }: PruneContext): Promise<Pruned> {
  const tokensBefore = before(now, AUTH_RETENTION.expiredTokensMs);
  return {
    sessions: await pruneInBatches(async (limit) => {
      const due = tx.select({ id: sessions.id }).from(sessions).where(lt(sessions.expire, before(now, AUTH_RETENTION.expiredSessionsMs))).limit(limit);
      return (await tx.delete(sessions).where(inArray(sessions.id, due)).returning({ id: sessions.id })).length;
    }),
    email_verification_tokens: await pruneInBatches(async (limit) => {
      const due = tx.select({ id: emailVerificationTokens.id }).from(emailVerificationTokens).where(lt(emailVerificationTokens.expiresAt, tokensBefore)).limit(limit);
      return (await tx.delete(emailVerificationTokens).where(inArray(emailVerificationTokens.id, due)).returning({ id: emailVerificationTokens.id })).length;
    }),
    password_reset_tokens: await pruneInBatches(async (limit) => {
      const due = tx.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, tokensBefore)).limit(limit);
      return (await tx.delete(passwordResetTokens).where(inArray(passwordResetTokens.id, due)).returning({ id: passwordResetTokens.id })).length;
    }),
    verifications: await pruneInBatches(async (limit) => {
      const due = tx.select({ id: verifications.id }).from(verifications).where(lt(verifications.expiresAt, tokensBefore)).limit(limit);
      return (await tx.delete(verifications).where(inArray(verifications.id, due)).returning({ id: verifications.id })).length;
    }),
    failed_logins: await pruneInBatches(async (limit) => {
      const due = tx
        .select({ id: failedLogins.id })
        .from(failedLogins)
        .where(and(lt(failedLogins.updatedAt, before(now, AUTH_RETENTION.failedLoginsMs)), or(isNull(failedLogins.lockedUntil), lt(failedLogins.lockedUntil, now))))
        .limit(limit);
      return (await tx.delete(failedLogins).where(inArray(failedLogins.id, due)).returning({ id: failedLogins.id })).length;
    }),
    security_events: await pruneInBatches(async (limit) => {
      const due = tx.select({ id: securityEvents.id }).from(securityEvents).where(lt(securityEvents.createdAt, before(now, AUTH_RETENTION.securityEventsMs))).limit(limit);
      return (await tx.delete(securityEvents).where(inArray(securityEvents.id, due)).returning({ id: securityEvents.id })).length;
    }),
  };
}
