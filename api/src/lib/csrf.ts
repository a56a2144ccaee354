// CSRF guard for every state-changing /api request, ours and better-auth's: the request must come from
// the site's own origin (Origin, else Referer) and carry JSON if it carries a body. Browsers cannot send
// a cross-site JSON request without a CORS preflight we never answer, and cannot forge Origin; so a
// foreign page can neither post a form nor script a request. Refused requests get 403 before any route
// runs, so nothing is written. See docs/decisions/0102-csrf-origin-and-json.md.
import type { NextFunction, Request, Response } from 'express';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths (under /api) called by other servers rather than browsers, e.g. a payment provider's webhook. */
/** The one-click unsubscribe of alert e-mails is POSTed by mail clients (RFC 8058), with no Origin. */
export const CSRF_EXEMPT_PATHS = new Set<string>(['/api/webhooks/stripe', '/api/stripe/webhook', '/api/saved-searches/unsubscribe']);

export function csrfGuard(siteUrl: string) {
  const siteOrigin = new URL(siteUrl).origin;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (CSRF_EXEMPT_PATHS.has(req.originalUrl.split('?')[0]!)) return next();
    const origin = requestOrigin(req);
    if (origin !== siteOrigin) {
      return next(AppError.forbidden(origin ? 'Cross-site request refused.' : 'Request refused: it does not say which site it comes from (Origin).'));
    }
    if (hasBody(req) && !req.is('application/json')) {
      return next(AppError.forbidden('Request refused: the body must be JSON (Content-Type: application/json).'));
    }
    next();
  };
}

function requestOrigin(req: Request): string | undefined {
  const origin = req.headers.origin;
  if (origin && origin !== 'null') return origin;
  if (origin === 'null') return 'null';
  const referer = req.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}
