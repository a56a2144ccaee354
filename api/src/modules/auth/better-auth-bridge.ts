// How our routes talk to better-auth: the headers it sees (the browser's, with the client address we
// trust), the Set-Cookie headers it answers with (forwarded to the browser), and its errors.
import type { Request, Response } from 'express';
import { fromNodeHeaders } from 'better-auth/node';
import { isAPIError } from 'better-auth/api';
import { clientIp } from '../../lib/rate-limit';

/** The request's headers for auth.api.*, with X-Forwarded-For replaced by the address we decided to trust. */
export function authHeaders(req: Request): Headers {
  const headers = fromNodeHeaders(req.headers);
  headers.set('x-forwarded-for', clientIp(req));
  return headers;
}

export function forwardSetCookie(res: Response, headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (cookies.length) res.append('Set-Cookie', cookies);
}

/** The HTTP status of a better-auth APIError, or undefined for anything else. */
export function betterAuthStatus(error: unknown): number | undefined {
  return isAPIError(error) ? Number(error.statusCode) : undefined;
}
