// Resolves the signed-in user from the session cookie (req.user): eagerly for pages, lazily for the API
// (only routes that need the visitor look it up), and guards routes that need one. Requests without the
// cookie never touch the database.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { fromNodeHeaders } from 'better-auth/node';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#db/client';
import { sessions, users } from '#db/schema/index';
import { AppError } from './app-error';
import { SESSION_COOKIE_PREFIX, SESSION_REFRESH_AGE_SECONDS, SESSION_TTL_SECONDS, sessionCookieName, type Auth } from './auth';
import type { Config } from '../config';
import type { SessionCache } from './session-cache';
import type { Clock } from './clock';

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
export type SessionLookup = { db: Database; clock: Clock; secret: string; cookieName: string; cache?: SessionCache<SessionUser> };

/**
 * The fast lookup for this app: its database, better-auth's secret, the one cookie name that signs in and
 * the session cache (docs/decisions/0704).
 */
export function sessionLookupFor(deps: {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'BETTER_AUTH_SECRET' | 'production'>;
  sessionCache?: SessionCache<SessionUser>;
}): SessionLookup {
  return { db: deps.db, clock: deps.clock, secret: deps.config.BETTER_AUTH_SECRET, cookieName: sessionCookieName(deps.config.production), cache: deps.sessionCache };
}

/**
 * Forgets the cached session behind this Cookie header (and the rest of its user's) on this instance at
 * once; the other instances hear of it from the database's notification. Called after a sign-out.
 */
export function forgetCachedSession(lookup: SessionLookup, cookieHeader: string | null | undefined) {
  if (!lookup.cache || !cookieHeader) return;
  const raw = signedSessionToken(cookieHeader, lookup.cookieName);
  if (raw) lookup.cache.dropCookie(raw);
}

/**
 * A state-changing request of a signed-in visitor may change their session or account (password change,
 * e-mail change, account deletion, revoking other sessions): once it is answered, this instance forgets
 * their cached sessions, so their next request reads the database — without waiting for the notification.
 */
export function forgetSessionAfterWrites(lookup: SessionLookup) {
  return (req: Request, res: Response, next: NextFunction) => {
    const cookie = req.headers.cookie;
    if (lookup.cache && req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && cookie?.includes(SESSION_COOKIE_MARKER)) {
      res.once('finish', () => forgetCachedSession(lookup, cookie));
    }
    next();
  };
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

async function readSessionFast({ db, clock, secret, cookieName, cache }: SessionLookup, cookieHeader: string): Promise<FastSession | 'none' | 'delegate'> {
  const raw = signedSessionToken(cookieHeader, cookieName);
  // better-auth reads the same single name (authCookies.sessionToken.name): nothing to delegate.
  if (!raw) return 'none';
  // A cached entry is keyed by the exact signed value that was checked and found when it was stored.
  const cached = cache?.get(raw);
  if (cached && !dueForBetterAuth(cached.expiresAt, clock)) return { sessionId: cached.sessionId, user: { ...cached.user } };
  const generation = cache?.generation ?? 0;
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
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expire: sessions.expire,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        verified: users.verified,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A suspended account's sessions are deleted at suspension; this keeps any other one out too (issue 19).
    .where(and(eq(sessions.sid, token), isNull(users.suspendedAt)))
    .limit(1);
  if (!row) return 'none';
  const expiresAt = row.expire.getTime();
  if (dueForBetterAuth(expiresAt, clock)) return 'delegate';
  const found: FastSession = { sessionId: row.sessionId, user: row.user };
  cache?.set(raw, { ...found, expiresAt }, generation);
  return found;
}

/** Expired, or old enough for better-auth's sliding refresh: better-auth decides and does it. */
function dueForBetterAuth(expiresAt: number, clock: Clock): boolean {
  const expiresInMs = expiresAt - clock.now().getTime();
  return expiresInMs <= 0 || expiresInMs < (SESSION_TTL_SECONDS - SESSION_REFRESH_AGE_SECONDS) * 1000;
}
