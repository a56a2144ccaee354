// A readable "signed in" hint beside the HttpOnly session cookie, so a page can tell a visitor without a
// session from a signed-in user before asking GET /api/auth/user. Without it every signed-out page view
// made that call and logged its 401 as a console error (spec 7 keeps the 401). The hint carries no secret:
// it only mirrors whether the browser holds a session cookie, and it is kept in step on every response —
// the session cookie this response sets or clears wins, else the one the request came with. A stale or
// planted hint costs one 401, after which the page clears it (site/src/lib/stores/user-store.ts).
import type { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';
import { SESSION_HINT_COOKIE } from '#contracts/constants';
import { SESSION_COOKIE_PREFIX } from './auth';
import { hasSessionCookie } from './public-cache';

const SESSION_TOKEN = `${SESSION_COOKIE_PREFIX}.session_token=`;

/** What this response does to the session cookie: sets it, clears it, or leaves it alone. */
function sessionCookieChange(res: Response): 'set' | 'cleared' | undefined {
  const header = res.getHeader('set-cookie');
  const cookies = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  let change: 'set' | 'cleared' | undefined;
  for (const cookie of cookies) {
    const start = cookie.startsWith(SESSION_TOKEN) ? SESSION_TOKEN.length : cookie.startsWith(`__Secure-${SESSION_TOKEN}`) ? SESSION_TOKEN.length + 9 : -1;
    if (start < 0) continue;
    const value = cookie.slice(start, cookie.indexOf(';') < 0 ? undefined : cookie.indexOf(';'));
    change = value === '' || /;\s*max-age=0(;|$)/i.test(cookie) ? 'cleared' : 'set';
  }
  return change;
}

function hasHint(req: Request): boolean {
  return (req.headers.cookie ?? '').split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

export function sessionHint({ secure }: { secure: boolean }) {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return (req: Request, res: Response, next: NextFunction) => {
    onHeaders(res, () => {
      const change = sessionCookieChange(res);
      const signedIn = change ? change === 'set' : hasSessionCookie(req);
      if (signedIn === hasHint(req)) return;
      res.append('Set-Cookie', signedIn ? `${SESSION_HINT_COOKIE}=1; ${attributes}; Max-Age=${400 * 24 * 3600}` : `${SESSION_HINT_COOKIE}=; ${attributes}; Max-Age=0`);
    });
    next();
  };
}
