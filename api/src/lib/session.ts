// Resolves the signed-in user from the session cookie (req.user): eagerly for pages, lazily for the API
// (only routes that need the visitor look it up), and guards routes that need one. Requests without the
// cookie never touch the database.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { fromNodeHeaders } from 'better-auth/node';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client';
import { AppError } from './app-error';
import { SESSION_COOKIE_PREFIX, SESSION_REFRESH_AGE_SECONDS, SESSION_TTL_SECONDS, sessionCookieName, type Auth } from './auth';
import type { Config } from '../config';

export type SessionUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  verified: boolean;
};

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      user?: SessionUser;
      sessionId?: number;
      /** Set by prepareSessionLookup: resolves req.user once, on first use. */
      loadSession?: () => Promise<void>;
    }
  }
}

const SESSION_COOKIE_MARKER = `${SESSION_COOKIE_PREFIX}.session_token=`;

/**
 * With `fast` (the database and better-auth's secret), a session that needs no refresh is read with one
 * query and a synchronous HMAC check instead of better-auth's getSession (WebCrypto key import and verify,
 * adapter, ~2 ms of CPU per request; see bench/auth.ts). Same rules: the signed token must match a session
 * row that has not expired; anything else (expired, due for its sliding refresh, unsigned) goes through
 * better-auth as before.
 */
export type SessionLookup = { db: Database; secret: string; cookieName: string };

/** The fast lookup for this app: its database, better-auth's secret and the one cookie name that signs in. */
export function sessionLookupFor(deps: { db: Database; config: Pick<Config, 'BETTER_AUTH_SECRET' | 'production'> }): SessionLookup {
  return { db: deps.db, secret: deps.config.BETTER_AUTH_SECRET, cookieName: sessionCookieName(deps.config.production) };
}

/** Requests whose session was already read (a page guard and the page handler both ask). */
const resolvedRequests = new WeakSet<Request>();

/** Reads the session behind the cookie (if any) into req.user / req.sessionId, once per request. */
async function resolveSession(req: Request, auth: Auth, fast?: SessionLookup): Promise<void> {
  if (resolvedRequests.has(req)) return;
  resolvedRequests.add(req);
  const cookie = req.headers.cookie;
  if (!cookie || !cookie.includes(SESSION_COOKIE_MARKER)) return;
  if (fast) {
    const found = await readSessionFast(fast, cookie);
    if (found === 'none') return;
    if (found !== 'delegate') {
      req.user = found.user;
      req.sessionId = found.sessionId;
      return;
    }
  }
  const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  if (session) {
    const u = session.user as Record<string, unknown>;
    req.user = {
      id: Number(u.id),
      email: String(u.email),
      firstName: String(u.name ?? ''),
      lastName: String(u.lastName ?? ''),
      profileImageUrl: (u.image as string | null | undefined) ?? null,
      verified: Boolean(u.emailVerified),
    };
    req.sessionId = Number(session.session.id);
  }
}

/**
 * With `fast` (the database and better-auth's secret), a session that needs no refresh is read with one
 * query and a synchronous HMAC check instead of better-auth's getSession (WebCrypto key import and verify,
 * adapter, ~2 ms of CPU per request; see bench/auth.ts). Same rules: the signed token must match a session
 * row that has not expired; anything else (expired, due for its sliding refresh, unsigned) goes through
 * better-auth as before.
 */
export function attachSessionUser(auth: Auth, fast?: SessionLookup) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      await resolveSession(req, auth, fast);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * For the API: prepares the session lookup without doing it. Only routes that need the visitor
 * (requireUser, optionalUser) pay for it, so a public read costs the same signed in or not.
 */
export function prepareSessionLookup(auth: Auth, fast?: SessionLookup) {
  return (req: Request, _res: Response, next: NextFunction) => {
    let pending: Promise<void> | undefined;
    req.loadSession = () => (pending ??= resolveSession(req, auth, fast));
    next();
  };
}

/** Resolves the visitor, if signed in, into req.user; anonymous visitors pass too. */
export async function optionalUser(req: Request, _res: Response, next: NextFunction) {
  try {
    await req.loadSession?.();
    next();
  } catch (error) {
    next(error);
  }
}

export async function requireUser(req: Request, _res: Response, next: NextFunction) {
  try {
    await req.loadSession?.();
  } catch (error) {
    return next(error);
  }
  if (!req.user) return next(AppError.unauthorized());
  next();
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(req: Request): SessionUser {
  if (!req.user) throw AppError.unauthorized();
  return req.user;
}

type FastSession = { user: SessionUser; sessionId: number };

/** The value of exactly `cookieName`: in production a plain-named cookie is not the session cookie. */
function signedSessionToken(cookieHeader: string, cookieName: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).trim() === cookieName) return part.slice(eq + 1).trim();
  }
  return undefined;
}

async function readSessionFast({ db, secret, cookieName }: SessionLookup, cookieHeader: string): Promise<FastSession | 'none' | 'delegate'> {
  const raw = signedSessionToken(cookieHeader, cookieName);
  // better-auth reads the same single name (authCookies.sessionToken.name): nothing to delegate.
  if (!raw) return 'none';
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return 'none';
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return 'none';
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return 'none';
  const [row] = await queryRows<{
    session_id: number;
    expire: Date | string;
    user_id: number;
    email: string;
    first_name: string;
    last_name: string;
    profile_image_url: string | null;
    verified: boolean;
  }>(
    db,
    sql`select s.id as session_id, s.expire, u.id as user_id, u.email, u.first_name, u.last_name, u.profile_image_url, u.verified
        from sessions s join users u on u.id = s.user_id where s.sid = ${token} limit 1`,
  );
  if (!row) return 'none';
  const expiresInMs = new Date(row.expire).getTime() - Date.now();
  // Expired, or old enough for better-auth's sliding refresh: let better-auth decide and do it.
  if (expiresInMs <= 0 || expiresInMs < (SESSION_TTL_SECONDS - SESSION_REFRESH_AGE_SECONDS) * 1000) return 'delegate';
  return {
    sessionId: Number(row.session_id),
    user: {
      id: Number(row.user_id),
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      profileImageUrl: row.profile_image_url,
      verified: Boolean(row.verified),
    },
  };
}
