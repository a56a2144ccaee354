// Resolves the signed-in user from the session cookie once per request (req.user), and guards routes
// that need one. Anonymous requests without the cookie never touch the database.
import type { NextFunction, Request, Response } from 'express';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from './app-error';
import { SESSION_COOKIE_PREFIX, type Auth } from './auth';

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
    }
  }
}

const SESSION_COOKIE_MARKER = `${SESSION_COOKIE_PREFIX}.session_token=`;

export function attachSessionUser(auth: Auth) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const cookie = req.headers.cookie;
    if (!cookie || !cookie.includes(SESSION_COOKIE_MARKER)) return next();
    try {
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
      next();
    } catch (error) {
      next(error);
    }
  };
}

export function requireUser(req: Request, _res: Response, next: NextFunction) {
  if (!req.user) return next(AppError.unauthorized());
  next();
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(req: Request): SessionUser {
  if (!req.user) throw AppError.unauthorized();
  return req.user;
}
