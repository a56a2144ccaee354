// Issue 43, item 13: every new account was "Both", so a farmer's profile read "Space owner and farmer". Sign-up
// asks what the person is here for (userType, optional: "both" when not said), the profile reads it, and
// Settings changes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../fixtures/test-app';

describe('the role chosen at sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const register = (body: Record<string, unknown>, ip: number) =>
    t.request('/api/auth/register', { body: { lastName: 'Grower', password: 'Long-Enough-Pass-1', ...body }, headers: { 'x-forwarded-for': `198.51.100.${ip}` } });

  it('a farmer who says so at sign-up is an urban farmer on their profile, and can change it in settings', async () => {
    const res = await register({ firstName: 'Fay', email: `fay-${Date.now()}@example.com`, userType: 'farmer' }, 21);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.user.userType).toBe('farmer');
    expect((await t.request(`/api/users/${res.json.user.id}/profile`)).json.role).toBe('farmer');
  });

  it('without a choice the account is "both", as before; a role not in the list is a 400 that creates nothing', async () => {
    const plain = await register({ firstName: 'Bo', email: `bo-${Date.now()}@example.com` }, 22);
    expect(plain.json.user.userType).toBe('both');
    const bad = await register({ firstName: 'Ed', email: `ed-${Date.now()}@example.com`, userType: 'admin' }, 23);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('role');
  });
});
