// A person's own data (issue 28): the export and the closing of the account. Thin: parse, limit, call.
import { Router } from 'express';
import { ACCOUNT_DATA_TEXTS } from '#contracts/account-data';
import { closeAccountRequestSchema } from '#contracts/account-data.schemas';
import type { AppContext } from '../../app-context';
import { HOUR } from '../../lib/clock';
import { userRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { currentUser, requireUser } from '../../lib/session';
import { parseInput } from '../../lib/validate';
import { authHeaders, forwardSetCookie, signOut } from '../auth/index';
import { exportAccount, exportFileName } from './account-export';
import { closeAccount } from './close-account';

/** Per account: the document reads every table of the person; a few downloads an hour is plenty. */
export const EXPORT_LIMIT: RateLimitRule = { endpoint: 'user-account-export', max: 5, windowMs: HOUR, message: ACCOUNT_DATA_TEXTS.tooManyExports };

export function createAccountRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/account/export', requireUser, userRateLimit(ctx, EXPORT_LIMIT), async (req, res) => {
    const now = ctx.clock.now();
    const document = await exportAccount({ db: ctx.db, siteUrl: ctx.config.PUBLIC_SITE_URL }, currentUser(req).id, now);
    res.set('Content-Disposition', `attachment; filename="${exportFileName(now)}"`);
    res.set('Cache-Control', 'no-store');
    res.json(document);
  });

  router.delete('/account', requireUser, async (req, res) => {
    const input = parseInput(closeAccountRequestSchema, req.body ?? {});
    await closeAccount(ctx, currentUser(req).id, input);
    // Every session is gone already; this clears the browser's cookies.
    forwardSetCookie(res, await signOut(ctx, authHeaders(req)));
    res.json({ message: ACCOUNT_DATA_TEXTS.closed.title });
  });

  return router;
}
