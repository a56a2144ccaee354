// An operator's suspension of an account (issue 19), written here because auth owns users and sessions:
// the account is marked, and every session ends at once (the next request of any device is a visitor's).
// The moderation module decides, audits and tells; these run in its transaction.
import { eq } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { sessions, users } from '#db/schema/index';

/** Returns how many sessions were revoked. */
export async function suspendAccount(tx: Executor, userId: number, reason: string, now: Date): Promise<number> {
  await tx.update(users).set({ suspendedAt: now, suspendedReason: reason, reinstatedAt: null, updatedAt: now }).where(eq(users.id, userId));
  const revoked = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return revoked.length;
}

export async function reinstateAccount(tx: Executor, userId: number, now: Date): Promise<void> {
  await tx.update(users).set({ suspendedAt: null, suspendedReason: null, reinstatedAt: now, updatedAt: now }).where(eq(users.id, userId));
}
