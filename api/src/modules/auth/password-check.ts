// Whether a password is the account's own, checked against better-auth's stored hash (its credential
// account row) with its own verifier: for the calls that re-ask the password of a signed-in person
// (changing the e-mail address, closing the account).
import { and, eq } from 'drizzle-orm';
import { accounts } from '#db/schema/index';
import type { AppContext } from '../../app-context';

export async function passwordMatches(ctx: Pick<AppContext, 'db' | 'auth'>, userId: number, password: string): Promise<boolean> {
  const [account] = await ctx.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return account?.hash ? (await ctx.auth.$context).password.verify({ hash: account.hash, password }) : false;
}
