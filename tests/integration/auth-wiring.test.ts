// better-auth is wired onto our tables: integer ids, the users/sessions/accounts mapping, and the
// session cookie resolving to req.user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, sessions, users } from '#db/schema/index';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { createSignedInUser } from '../fixtures/users';

describe('better-auth on our tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('stores users with integer ids, the password hash in accounts and the session in sessions', async () => {
    const u = await createSignedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    expect(Number.isInteger(u.id)).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ email: u.email, firstName: 'Ada', lastName: 'Lovelace', userType: 'both', verified: false, emailNotifications: true });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, u.id));
    expect(account?.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    expect(account?.password).not.toContain(u.password);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(u.cookie).toContain(rows[0]!.sid.slice(0, 8));
  });
});
