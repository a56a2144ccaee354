// The password hash cost (api/src/lib/password-hashing.ts): an app without PASSWORD_HASH_COST stores
// better-auth's own scrypt hashes (what every deployment runs), and the tests' cheap cost is a different
// hash of the same shape, so this test fails if the setting ever leaks into the standard path or stops working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { accounts } from '#db/schema/index';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser } from '../../fixtures/users';

async function storedHash(t: TestApp, userId: number): Promise<string> {
  const [row] = await t.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, userId));
  return row!.password!;
}

describe('password hashing', () => {
  let standard: TestApp;
  let cheap: TestApp;
  beforeAll(async () => {
    [standard, cheap] = await Promise.all([startTestApp({ env: { PASSWORD_HASH_COST: 'standard' } }), startTestApp()]);
  });
  afterAll(async () => Promise.all([standard.close(), cheap.close()]));

  it("stores better-auth's own scrypt hash at the standard cost, and signs in with it", async () => {
    const user = await createSignedInUser(standard);
    const hash = await storedHash(standard, user.id);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: user.password })).toBe(true);
    const res = await standard.request('/api/auth/login', { body: { email: user.email, password: user.password } });
    expect(res.status).toBe(200);
  });

  it('stores a cheaper hash of the same shape when a test asks for it, which still refuses a wrong password', async () => {
    const user = await createSignedInUser(cheap);
    const hash = await storedHash(cheap, user.id);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: user.password })).toBe(false);
    expect((await cheap.request('/api/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(200);
    expect((await cheap.request('/api/auth/login', { body: { email: user.email, password: `${user.password}x` } })).status).toBe(401);
  });
});
