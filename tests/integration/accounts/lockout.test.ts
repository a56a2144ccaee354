// Per-account lockout: 10 failures in 15 minutes lock for 15 minutes, the right password is refused
// meanwhile, the lock lifts by itself, and an unknown address behaves exactly the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { failedLogins, securityEvents } from '#db/schema/index';
import { AUTH_MESSAGES } from '#contracts/auth.schemas';
import { MINUTE } from '#api/lib/clock';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser } from '../../fixtures/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const login = (email: string, password: string) => t.request('/api/auth/login', { body: { email, password }, headers: { 'user-agent': 'lockout-test' } });

describe('account lockout', () => {
  it('locks after 10 failures, refuses the right password with a clear message, and unlocks after 15 minutes', async () => {
    const u = await createSignedInUser(t);
    for (let i = 1; i <= 9; i++) expect((await login(u.email, `wrong-${i}`)).status).toBe(401);
    const tenth = await login(u.email, 'wrong-10');
    expect(tenth.status).toBe(429);
    expect(tenth.json).toMatchObject({ code: 'account_locked', message: AUTH_MESSAGES.accountLocked });
    expect(Number(tenth.headers.get('retry-after'))).toBe(15 * 60);

    const right = await login(u.email, u.password);
    expect(right.status).toBe(429);
    expect(right.json.message).toBe(AUTH_MESSAGES.accountLocked);
    expect(right.headers.getSetCookie()).toEqual([]);

    const [lock] = await t.db.select().from(securityEvents).where(and(eq(securityEvents.userId, u.id), eq(securityEvents.eventType, 'account_lock')));
    expect(lock).toMatchObject({ userAgent: 'lockout-test' });
    expect(lock!.ipAddress).toBeTruthy();
    const [row] = await t.db.select().from(failedLogins).where(eq(failedLogins.userId, u.id));
    expect(row?.lockedUntil?.getTime()).toBe(t.clock.now().getTime() + 15 * MINUTE);

    t.clock.advance(14 * MINUTE);
    expect((await login(u.email, u.password)).status).toBe(429);
    t.clock.advance(MINUTE + 1000);
    const after = await login(u.email, u.password);
    expect(after.status).toBe(200);
    expect(await t.db.select().from(failedLogins).where(eq(failedLogins.userId, u.id))).toHaveLength(0);
    const locks = await t.db.select().from(securityEvents).where(and(eq(securityEvents.userId, u.id), eq(securityEvents.eventType, 'account_lock')));
    expect(locks).toHaveLength(1);
  });

  it('failures spread over more than 15 minutes do not lock', async () => {
    const u = await createSignedInUser(t);
    for (let i = 0; i < 9; i++) await login(u.email, 'wrong');
    t.clock.advance(16 * MINUTE);
    for (let i = 0; i < 9; i++) expect((await login(u.email, 'wrong')).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it('an unknown address answers exactly like a registered one, lock included', async () => {
    const u = await createSignedInUser(t);
    const ghost = `ghost-${Date.now()}@example.com`;
    const known: { status: number; body: string; retryAfter: string | null }[] = [];
    const unknown: typeof known = [];
    for (let i = 0; i < 11; i++) {
      const a = await login(u.email, 'wrong-password');
      const b = await login(ghost, 'wrong-password');
      known.push({ status: a.status, body: a.text, retryAfter: a.headers.get('retry-after') });
      unknown.push({ status: b.status, body: b.text, retryAfter: b.headers.get('retry-after') });
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)!.status).toBe(429);
    t.clock.advance(15 * MINUTE + 1000);
    expect((await login(ghost, 'wrong-password')).status).toBe(401);
  });
});
