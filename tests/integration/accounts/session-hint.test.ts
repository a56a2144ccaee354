// The readable signed-in hint (api/src/lib/session-hint.ts) follows the session cookie through every way
// it is set or cleared — our sign-in call, better-auth's own handler, sign-out, and a browser that simply
// comes back with or without the cookie — so signed-out pages can skip GET /api/auth/user and its 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '#contracts/constants';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser } from '../../fixtures/users';

const HINT_SET = new RegExp(`^${SESSION_HINT_COOKIE.replace('.', '\\.')}=1;.*Max-Age=\\d+`);
const HINT_CLEARED = new RegExp(`^${SESSION_HINT_COOKIE.replace('.', '\\.')}=;.*Max-Age=0`);

function hintCookies(headers: Headers): string[] {
  return headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));
}

describe('the signed-in hint cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('is set by the sign-in that sets the session cookie, readable by scripts (not HttpOnly)', async () => {
    const user = await createSignedInUser(t);
    const login = await t.request('/api/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
    const [hint] = hintCookies(login.headers);
    expect(hint).toMatch(HINT_SET);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/);
  });

  it('is set when a browser with a session cookie comes back without it, and not sent again once it has it', async () => {
    const user = await createSignedInUser(t);
    const first = await t.request('/api/auth/user', { cookie: user.cookie });
    expect(first.status).toBe(200);
    expect(hintCookies(first.headers)[0]).toMatch(HINT_SET);
    const again = await t.request('/api/auth/user', { cookie: `${user.cookie}; ${SESSION_HINT_COOKIE}=1` });
    expect(hintCookies(again.headers)).toEqual([]);
  });

  it('is cleared by sign-out, and from a browser that has the hint but no session cookie', async () => {
    const user = await createSignedInUser(t);
    const logout = await t.request('/api/auth/logout', { method: 'POST', cookie: `${user.cookie}; ${SESSION_HINT_COOKIE}=1` });
    expect(logout.status).toBeLessThan(300);
    expect(hintCookies(logout.headers)[0]).toMatch(HINT_CLEARED);
    const stale = await t.request('/api/health', { cookie: `${SESSION_HINT_COOKIE}=1` });
    expect(hintCookies(stale.headers)[0]).toMatch(HINT_CLEARED);
  });

  it('is not set for a visitor without either cookie', async () => {
    const visitor = await t.request('/api/spaces');
    expect(hintCookies(visitor.headers)).toEqual([]);
  });

  it("follows better-auth's own handler too (its sign-out clears the session cookie)", async () => {
    const user = await createSignedInUser(t);
    const signOut = await t.request('/api/auth/ba/sign-out', { body: {}, cookie: `${user.cookie}; ${SESSION_HINT_COOKIE}=1` });
    expect(signOut.status).toBe(200);
    expect(signOut.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    expect(hintCookies(signOut.headers)[0]).toMatch(HINT_CLEARED);
  });
});
