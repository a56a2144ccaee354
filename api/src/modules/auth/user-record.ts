// Reading users for the auth calls: lookup by e-mail (case-insensitive) and the public shape of
// GET /api/auth/user (spec 3's user without secrets).
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { users } from '#db/schema/index';
import { DEFAULT_PREFERENCES, type CurrentUser } from '#contracts/auth.schemas';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Whether a person's public pages may be read (the profile, their reviews: every public read of a person,
 * docs/decisions/1505): an account neither closed nor suspended whose owner left "Public profile" on
 * (Settings → Preferences). The person always reads their own.
 */
export function isShownPerson(user: UserRow | undefined, viewerId: number | undefined): user is UserRow {
  if (!user || user.closedAt || user.suspendedAt) return false;
  if (user.id === viewerId) return true;
  return ({ ...DEFAULT_PREFERENCES, ...user.preferences }).publicProfile !== false;
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    userType: row.userType,
    verified: row.verified,
    emailNotifications: row.emailNotifications,
    smsNotifications: row.smsNotifications,
    inquiryAlerts: row.inquiryAlerts,
    marketingEmails: row.marketingEmails,
    hideMessageText: row.hideMessageText,
    preferences: { ...DEFAULT_PREFERENCES, ...row.preferences },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Is this a unique-constraint violation (PostgreSQL 23505), however the driver wraps it? */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
