// The auth module's part of closing an account (issue 28), run in the account module's transaction: the
// users row stays (other people's conversations, agreements and receipts point at it) but names nobody
// any more — the e-mail address becomes a unique tombstone, so the real address is free for a new sign-up;
// the name becomes "Former member"; the password (better-auth's credential account), every session and
// every e-mail link go. The triggers of migration 0008 tell every instance's session cache (0704).
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { FORMER_MEMBER_NAME } from '#contracts/account-data';
import type { Executor } from '#db/client';
import { accounts, failedLogins, sessions, users } from '#db/schema/index';
import { endEmailChangeUndos, endEmailLinks } from './email-links';

/** The domain of tombstone addresses: `.invalid` is reserved (RFC 2606), so no mail can ever go there. */
export const CLOSED_ACCOUNT_DOMAIN = 'closed.invalid';

/** What the account was (`email`: where the confirmation goes), the tombstone it now has, and the sessions ended. */
export type ClosedAccount = { email: string; firstName: string; lastName: string; tombstone: string; sessionsEnded: number };

/**
 * Closes the account `userId`, once: answers what it was (to write the confirmation to), or undefined
 * when the account is already closed (a second request racing the first).
 */
export async function closeUserRecord(tx: Executor, userId: number, now: Date): Promise<ClosedAccount | undefined> {
  // Locked: a concurrent profile change or second closing waits, then finds the account closed.
  const [before] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.closedAt)))
    .for('update');
  if (!before) return undefined;
  const tombstone = `closed-${userId}-${randomBytes(6).toString('hex')}@${CLOSED_ACCOUNT_DOMAIN}`;
  await tx
    .update(users)
    .set({
      email: tombstone,
      firstName: FORMER_MEMBER_NAME,
      lastName: '',
      profileImageUrl: null,
      verified: false,
      emailNotifications: false,
      smsNotifications: false,
      inquiryAlerts: false,
      marketingEmails: false,
      preferences: {},
      closedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  await tx.delete(failedLogins).where(eq(failedLogins.userId, userId));
  await endEmailLinks(tx, userId);
  await endEmailChangeUndos(tx, userId);
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return { ...before, tombstone, sessionsEnded: ended.length };
}
