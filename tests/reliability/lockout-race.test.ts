// Issue 15, item 4: 24 parallel wrong passwords were all checked (22 × 401) and a following correct
// password still signed in and reset the counter. The attempt is now taken from the budget before the
// password is checked, in one statement: whatever the concurrency, at most LOCKOUT_THRESHOLD are checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { failedLogins, securityEvents } from '#db/schema/index';
import { LOCKOUT_THRESHOLD } from '#api/modules/auth/account-lockout';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { createSignedInUser } from '../fixtures/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const login = (email: string, password: string) => t.request('/api/auth/login', { body: { email, password } });

describe('lockout under concurrency', () => {
  it('24 parallel wrong passwords: no more than the limit checked, and the right password then neither signs in nor resets the count', async () => {
    const u = await createSignedInUser(t);
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => login(u.email, `wrong-${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 401 || s === 429), statuses.join(',')).toBe(true);
    // Nine wrong answers, the tenth locks: the rest were refused without looking at the password.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOCKOUT_THRESHOLD - 1);
    const checked = await t.db
      .select({ n: sql<number>`count(*)` })
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, u.id), eq(securityEvents.eventType, 'login_failure'), sql`${securityEvents.metadata}->>'reason' = 'invalid_credentials'`));
    expect(Number(checked[0]!.n)).toBeLessThanOrEqual(LOCKOUT_THRESHOLD);

    const right = await login(u.email, u.password);
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie()).toEqual([]);
    const [row] = await t.db.select().from(failedLogins).where(eq(failedLogins.userId, u.id));
    expect(row?.lockedUntil && row.lockedUntil > t.clock.now()).toBe(true);
  });

  it('the same for an address without an account: no more than the limit answered as a wrong password', async () => {
    const ghost = `race-ghost-${Date.now()}@example.com`;
    const answers = await Promise.all(Array.from({ length: 24 }, () => login(ghost, 'wrong-password')));
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(LOCKOUT_THRESHOLD - 1);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(24 - LOCKOUT_THRESHOLD + 1);
  });
});
