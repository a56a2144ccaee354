// The account's settings: PATCH /api/auth/notifications (the four booleans of spec 3), PATCH
// /api/auth/preferences (language, display currency, profile visibility) and PUT /api/growing-system (the
// system picked on /spaces), the last two merged into users.preferences.
import { eq, sql } from 'drizzle-orm';
import { users } from '#db/schema/index';
import type { CurrentUser, NotificationsRequest, PreferencesRequest } from '#contracts/auth.schemas';
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
  return mergePreferences(ctx, userId, input);
}

export async function setGrowingSystem(ctx: AppContext, userId: number, system: string | null): Promise<CurrentUser> {
  return mergePreferences(ctx, userId, { growingSystem: system });
}

/** Merged, so keys kept by the other call (settings page, growing system) survive each save. */
async function mergePreferences(ctx: AppContext, userId: number, changes: Record<string, unknown>): Promise<CurrentUser> {
  const [row] = await ctx.db
    .update(users)
    .set({ preferences: sql`${users.preferences} || ${JSON.stringify(changes)}::jsonb`, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw AppError.unauthorized();
  return toCurrentUser(row);
}
