// Who is an operator: a verified account whose address is in OPERATOR_EMAILS, checked at every request
// against the account as it is now (a change of address or verification counts at once). Every operator
// route answers exactly as an unknown route to anyone else: the console's existence is not disclosed.
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../lib/session';

export function isOperator(config: Pick<Config, 'OPERATOR_EMAILS'>, user: Pick<SessionUser, 'email' | 'verified'> | undefined): boolean {
  return Boolean(user && user.verified && config.OPERATOR_EMAILS.includes(user.email.toLowerCase()));
}

/** The same 404 the API's catch-all gives an unknown route. */
export function notAnApiRoute(req: Request): AppError {
  // Inside a mounted router req.path is relative: the full path under /api, as the API's catch-all says it.
  return AppError.notFound(`No API route for ${req.method} ${`${req.baseUrl}${req.path}`.replace(/^\/api(?=\/)/, '')}`);
}

export function requireOperator(config: Pick<Config, 'OPERATOR_EMAILS'>) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      await req.loadSession?.();
    } catch (error) {
      return next(error);
    }
    if (!isOperator(config, req.user)) return next(notAnApiRoute(req));
    next();
  };
}
