// The links we mail for an account, and ending them. An e-mail change or a password reset ends every
// outstanding reset and verification link, a password change every reset link of the account (whoever read an old mailbox must not keep a
// way in). The "this was not me" link mailed to the replaced address is the exception: it stays valid
// through later changes, so a hijacker cannot cancel it by changing the address again.
// Undo links live in better-auth's generic verifications table (identifier email-change-undo:{user}:{sha256},
// value the address to restore): no table of their own.
import { and, eq, gt, like } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { emailVerificationTokens, passwordResetTokens, verifications } from '#db/schema/index';
import { DAY } from '../../lib/clock';
import { newEmailToken } from './auth-tokens';

export const EMAIL_CHANGE_UNDO_DAYS = 7;
const UNDO_PREFIX = 'email-change-undo';

/** Ends every password-reset link of the account (a password change does this). */
export async function endResetLinks(tx: Executor, userId: number): Promise<void> {
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** Ends every reset and verification link of the account (an e-mail change and a password reset do this). */
export async function endEmailLinks(tx: Executor, userId: number): Promise<void> {
  await endResetLinks(tx, userId);
  await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
}

/** A new "this was not me" link for `previousEmail`; returns the token for the e-mail. */
export async function issueEmailChangeUndo(tx: Executor, now: Date, userId: number, previousEmail: string): Promise<string> {
  const { token, hash } = newEmailToken();
  await tx.insert(verifications).values({
    identifier: `${UNDO_PREFIX}:${userId}:${hash}`,
    value: previousEmail,
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_UNDO_DAYS * DAY),
    createdAt: now,
    updatedAt: now,
  });
  return token;
}

/** Consumes an undo link (single use); every undo link of the account ends with it. */
export async function consumeEmailChangeUndo(tx: Executor, tokenHash: string, now: Date): Promise<{ userId: number; email: string } | undefined> {
  const [row] = await tx
    .delete(verifications)
    .where(and(like(verifications.identifier, `${UNDO_PREFIX}:%:${tokenHash}`), gt(verifications.expiresAt, now)))
    .returning({ identifier: verifications.identifier, value: verifications.value });
  if (!row) return undefined;
  const userId = Number(row.identifier.split(':')[1]);
  await tx.delete(verifications).where(like(verifications.identifier, `${UNDO_PREFIX}:${userId}:%`));
  return { userId, email: row.value };
}

/** Is this an unused, unexpired undo link? (read before the new password is hashed) */
export async function findEmailChangeUndo(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(like(verifications.identifier, `${UNDO_PREFIX}:%:${tokenHash}`), gt(verifications.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}

/** Ends every "this was not me" link of the account (closing it: no link may put an address back on it). */
export async function endEmailChangeUndos(tx: Executor, userId: number): Promise<void> {
  await tx.delete(verifications).where(like(verifications.identifier, `${UNDO_PREFIX}:${userId}:%`));
}
