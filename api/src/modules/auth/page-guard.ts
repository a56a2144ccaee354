// Route guards for the pre-rendered pages, decided on the server from the session cookie (no flash):
// the signed-in pages send an anonymous visitor to /login?next=…; /login and /register send a signed-in
// user to /dashboard; / shows the dashboard to a signed-in user. Mounted before the static files.
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { safeReturnPath } from '#contracts/auth';
import type { AppContext } from '../../app-context';
import { attachSessionUser, sessionLookupFor } from '../../lib/session';
import { isOperator } from './operators';

export const SIGNED_IN_PAGES = ['/dashboard', '/list-space', '/checkout', '/settings', '/receipt'];
export const SIGNED_OUT_PAGES = ['/login', '/register'];
/** The operators' console (issue 19): to anyone but an operator it is the 404 page, as any unknown address. */
export const OPERATOR_PAGES = ['/admin'];

function pagePath(req: Request): string {
  const p = req.path.replace(/\.html$/, '').replace(/\/+$/, '') || '/';
  return p === '/index' ? '/' : p;
}

export function createPageGuard(ctx: AppContext, clientDir: string) {
  const resolveUser = attachSessionUser(ctx.auth, sessionLookupFor(ctx));
  const dashboardFile = path.join(clientDir, 'dashboard.html');
  const notFoundFile = path.join(clientDir, '404.html');
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const page = pagePath(req);
    const guarded = page === '/' || SIGNED_IN_PAGES.includes(page) || SIGNED_OUT_PAGES.includes(page) || OPERATOR_PAGES.includes(page);
    if (!guarded) return next();
    // The same address answers differently per session: no shared caching.
    res.set('Vary', 'Cookie');
    res.set('Cache-Control', 'private, no-cache');
    resolveUser(req, res, (error?: unknown) => {
      if (error) return next(error);
      const signedIn = Boolean(req.user);
      if (OPERATOR_PAGES.includes(page)) {
        if (isOperator(ctx.config, req.user)) return next();
        return res.status(404).sendFile(notFoundFile, { headers: { 'Cache-Control': 'no-store' } }, (err) => err && next(err));
      }
      if (SIGNED_IN_PAGES.includes(page) && !signedIn) {
        return res.redirect(302, `/login?next=${encodeURIComponent(safeReturnPath(req.originalUrl, ctx.config.PUBLIC_SITE_URL))}`);
      }
      if (SIGNED_OUT_PAGES.includes(page) && signedIn) return res.redirect(302, '/dashboard');
      if (page === '/' && signedIn) {
        return res.sendFile(dashboardFile, { headers: { 'Cache-Control': 'private, no-cache', Vary: 'Cookie' } }, (err) => err && next(err));
      }
      next();
    });
  };
}
