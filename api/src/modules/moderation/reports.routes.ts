// POST /api/reports (issue 19): a signed-in user reports a listing, a person or a conversation.
import { Router } from 'express';
import { createReportSchema, MODERATION_MESSAGES } from '#contracts/moderation.schemas';
import type { AppContext } from '../../app-context';
import { DAY, HOUR } from '../../lib/clock';
import { userRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { currentUser, requireUser } from '../../lib/session';
import { stripMarkupFields } from '../../lib/strip-markup';
import { parseInput } from '../../lib/validate';
import { createReport } from './reports.service';

/** Enough for anyone who meets several bad listings; not enough to flood the queue. */
export const REPORT_LIMIT_HOURLY: RateLimitRule = { endpoint: 'user-report-hour', max: 10, windowMs: HOUR, message: MODERATION_MESSAGES.tooManyReports };
export const REPORT_LIMIT_DAILY: RateLimitRule = { endpoint: 'user-report-day', max: 30, windowMs: DAY, message: MODERATION_MESSAGES.tooManyReports };

export function createReportsRouter(ctx: AppContext): Router {
  const router = Router();
  router.post('/reports', requireUser, userRateLimit(ctx, REPORT_LIMIT_HOURLY), userRateLimit(ctx, REPORT_LIMIT_DAILY), async (req, res) => {
    const input = parseInput(createReportSchema, stripMarkupFields(req.body ?? {}, ['details']));
    const report = await createReport(ctx.db, currentUser(req).id, input, ctx.clock.now());
    res.status(201).json(report);
  });
  return router;
}
