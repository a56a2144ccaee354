// POST /api/auth/logout and GET /api/logout: better-auth deletes the session row (so the token is dead on
// every instance) and answers with cookies that clear the browser's.
import type { AppContext } from '../../app-context';
import { forgetCachedSession, sessionLookupFor } from '../../lib/session';

export async function signOut(ctx: AppContext, headers: Headers): Promise<Headers> {
  try {
    const result = await ctx.auth.api.signOut({ headers, returnHeaders: true });
    return result.headers;
  } catch {
    // No session (already signed out): still clear whatever cookies the browser holds.
    return clearedSessionCookies(ctx);
  } finally {
    // The row is gone: this instance forgets the session now, the others on the database's notification (0704).
    forgetCachedSession(sessionLookupFor(ctx), headers.get('cookie'));
  }
}

function clearedSessionCookies(ctx: AppContext): Headers {
  const headers = new Headers();
  const secure = ctx.config.production;
  const prefix = secure ? '__Secure-' : '';
  for (const name of ['session_token', 'session_data', 'dont_remember']) {
    headers.append('set-cookie', `${prefix}farmspace.${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
  }
  return headers;
}
