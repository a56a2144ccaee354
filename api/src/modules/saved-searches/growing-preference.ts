// The growing system a signed-in farmer picked on /spaces, kept in users.preferences (merged, so the
// settings page's own keys stay as they are).
import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../../contracts/auth';
import { users } from '../../../../db/schema/index';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { toCurrentUser } from '../auth/user-record';

export async function setGrowingSystem(ctx: AppContext, userId: number, system: string | null): Promise<CurrentUser> {
  const [row] = await ctx.db
    .update(users)
    .set({ preferences: sql`${users.preferences} || ${JSON.stringify({ growingSystem: system })}::jsonb`, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw AppError.unauthorized();
  return toCurrentUser(row);
}
