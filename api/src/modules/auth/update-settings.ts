// PATCH /api/auth/notifications (the four booleans of spec 3) and PATCH /api/auth/preferences (language,
// display currency, profile visibility; kept in users.preferences).
import { eq, sql } from 'drizzle-orm';
import { users } from '../../../../db/schema/index';
import type { CurrentUser, NotificationsRequest, PreferencesRequest } from '../../../../contracts/auth';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { toCurrentUser } from './user-record';

export async function updateNotifications(ctx: AppContext, userId: number, input: NotificationsRequest): Promise<CurrentUser> {
  const [row] = await ctx.db
    .update(users)
    .set({ ...input, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw AppError.unauthorized();
  return toCurrentUser(row);
}

export async function updatePreferences(ctx: AppContext, userId: number, input: PreferencesRequest): Promise<CurrentUser> {
  const [row] = await ctx.db
    .update(users)
    // Merged, so keys kept elsewhere (the growing system picked on /spaces) survive a settings save.
    .set({ preferences: sql`${users.preferences} || ${JSON.stringify(input)}::jsonb`, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw AppError.unauthorized();
  return toCurrentUser(row);
}
