// CSRF guard for every state-changing /api request, ours and better-auth's: the request must come from
// an origin we serve (Origin, else Referer) and carry JSON if it carries a body. Browsers cannot send
// a cross-site JSON request without a CORS preflight we never answer, and cannot forge Origin; so a
// foreign page can neither post a form nor script a request. Refused requests get 403 before any route
// runs, so nothing is written. See docs/decisions/0102-csrf-origin-and-json.md and 0600-csrf-own-origin.md.
import type { NextFunction, Request, Response } from 'express';
import { UPLOAD_HEADER } from '#contracts/photos';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths (under /api) called by other servers rather than browsers, e.g. a payment provider's webhook. */
/** The one-click unsubscribe of alert e-mails is POSTed by mail clients (RFC 8058), with no Origin. */
export const CSRF_EXEMPT_PATHS = new Set<string>(['/api/webhooks/stripe', '/api/stripe/webhook', '/api/saved-searches/unsubscribe']);

export type CsrfOptions = {
  /** PUBLIC_SITE_URL: always accepted. */
  siteUrl: string;
  /** ALLOWED_ORIGINS: more accepted origins (a second domain, a LAN address in production). */
  allowedOrigins?: readonly string[];
  /**
   * Outside production, a page served by this very process at whatever address it was opened
   * (127.0.0.1, a LAN address) is the site too: its Origin equals the request's own Host.
   */
  acceptOwnOrigin: boolean;
  /**
   * Upload routes that take multipart/form-data instead of JSON (photos). The Origin check still applies,
   * and such a body must carry UPLOAD_HEADER: a cross-site form cannot add a header, and a script cannot
   * without a preflight, so the property the JSON rule gives holds for uploads too (docs/decisions/0804).
   */
  multipartPaths?: readonly RegExp[];
};

export function csrfGuard(options: CsrfOptions) {
  const accepted = new Set([new URL(options.siteUrl).origin, ...(options.allowedOrigins ?? []).map((o) => new URL(o).origin)]);
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (CSRF_EXEMPT_PATHS.has(req.originalUrl.split('?')[0]!)) return next();
    const origin = requestOrigin(req);
    if (!origin) return next(AppError.forbidden('Request refused: it does not say which site it comes from (Origin).'));
    if (!accepted.has(origin) && !(options.acceptOwnOrigin && origin === ownOrigin(req))) {
      return next(AppError.forbidden(refusal(origin)));
    }
    const path = req.originalUrl.split('?')[0]!;
    const upload = req.method === 'POST' && req.headers[UPLOAD_HEADER] === '1' && options.multipartPaths?.some((p) => p.test(path));
    if (upload && hasBody(req) && req.is('multipart/form-data')) return next();
    if (hasBody(req) && !req.is('application/json')) {
      return next(AppError.forbidden('Request refused: the body must be JSON (Content-Type: application/json).'));
    }
    next();
  };
}

/**
 * Says what the operator can set (the person who opened the site at an unexpected address needs that),
 * but not which origins are accepted: that list is a map of the deployment for whoever probes it.
 */
function refusal(origin: string): string {
  const safeOrigin = origin === 'null' ? 'an unknown page' : origin.slice(0, 200);
  return `Cross-site request refused: this server does not accept changes from ${safeOrigin}. If ${safeOrigin} is this site, set PUBLIC_SITE_URL to it or add it to ALLOWED_ORIGINS.`;
}

/** The origin the browser used to reach this process: scheme (X-Forwarded-Proto only behind a trusted proxy) and Host. */
function ownOrigin(req: Request): string | undefined {
  const host = req.headers.host;
  if (!host) return undefined;
  try {
    return new URL(`${req.protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}

function requestOrigin(req: Request): string | undefined {
  const origin = req.headers.origin;
  if (origin) return origin;
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
