// The operator API under /api/admin (issue 19). Every route is behind requireOperator: to anyone else it
// answers exactly as an unknown route (404). Every action takes {reason}; refused actions write nothing.
import { Router, type Request } from 'express';
import { actionReasonSchema, adminCouponSchema, adminSearchSchema, auditQuerySchema, overviewQuerySchema, refundSchema } from '#contracts/moderation.schemas';
import { JOBS_WITH_FAILED_ITEMS, MODERATION_MESSAGES, type AdminJobsResponse } from '#contracts/moderation';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../lib/session';
import { stripMarkupFields } from '../../lib/strip-markup';
import { parseInput } from '../../lib/validate';
import { createCoupon, disableCoupon, listCoupons } from '../payments/index';
import { listAudit } from '../../lib/audit-log';
import { adminSpace, adminUser, awaitingReview, overview, reportQueue, searchAdmin } from './admin-queries';
import { refundPayment } from '../payments/index';
import { approveListing, dismissReport, hideReview, hideSpace, reinstateUser, suspendUser, unhideReview, unhideSpace, unlockUser, type Operator } from './moderation-actions';
import { requireOperator } from '../auth/index';
import { settleFailedEmail } from '../email/index';
import { settleFailedAlert } from '../saved-searches/index';
import { idParam } from '../../lib/route-params';
import { AppError } from '../../lib/app-error';


function operatorOf(req: Request): Operator {
  const user = currentUser(req);
  return { id: user.id, email: user.email };
}

function reasonOf(req: Request): string {
  return parseInput(actionReasonSchema, stripMarkupFields(req.body ?? {}, ['reason'])).reason;
}

export function createAdminRouter(ctx: AppContext): Router {
  const router = Router();
  router.use('/admin', requireOperator(ctx.config));
  const now = () => ctx.clock.now();

  router.get('/admin/overview', async (req, res) => {
    const { days } = parseInput(overviewQuerySchema, req.query);
    res.json(await overview(ctx.db, days as 30 | 90, now()));
  });
  router.get('/admin/reports', async (_req, res) => {
    res.json(await reportQueue(ctx.db, now()));
  });
  router.get('/admin/review', async (_req, res) => {
    res.json(await awaitingReview(ctx.db, now()));
  });
  router.get('/admin/audit', async (req, res) => {
    res.json(await listAudit(ctx.db, parseInput(auditQuerySchema, req.query)));
  });
  router.get('/admin/search', async (req, res) => {
    res.json(await searchAdmin(ctx.db, parseInput(adminSearchSchema, req.query).q, now()));
  });
  router.get('/admin/spaces/:id', async (req, res) => {
    res.json(await adminSpace(ctx.db, idParam(req, 'Space not found.'), now()));
  });
  // The background jobs as this instance runs them (issue 31): empty where no jobs run (an app without them).
  router.get('/admin/jobs', async (_req, res) => {
    const body: AdminJobsResponse = ctx.jobs ? await ctx.jobs.overview() : { instanceStartedAt: now().toISOString(), jobs: [] };
    res.json(body);
  });
  // A failed item of a job that keeps them (issue 31): put back in line, or dropped; audited. The failed
  // items live in the database, so any instance acts on them whether or not it runs the job.
  for (const action of ['retry', 'drop'] as const) {
    router.post(`/admin/jobs/:job/items/:id/${action}`, async (req, res) => {
      const job = String(req.params.job);
      const id = idParam(req, MODERATION_MESSAGES.failedItemNotFound);
      if (!(JOBS_WITH_FAILED_ITEMS as readonly string[]).includes(job)) throw AppError.notFound(MODERATION_MESSAGES.failedItemNotFound);
      const settle = job === 'saved-search-alerts' ? settleFailedAlert : settleFailedEmail;
      await settle(ctx, operatorOf(req), { id, action, reason: reasonOf(req) });
      res.json({ ok: true });
    });
  }
  router.get('/admin/users/:id', async (req, res) => {
    res.json(await adminUser(ctx.db, idParam(req, 'User not found.'), now()));
  });

  router.post('/admin/spaces/:id/hide', async (req, res) => {
    const id = idParam(req, 'Space not found.');
    await hideSpace(ctx, operatorOf(req), id, reasonOf(req));
    res.json({ ok: true });
  });
  router.post('/admin/spaces/:id/unhide', async (req, res) => {
    const id = idParam(req, 'Space not found.');
    await unhideSpace(ctx, operatorOf(req), id, reasonOf(req));
    res.json({ ok: true });
  });
  router.post('/admin/spaces/:id/approve', async (req, res) => {
    const id = idParam(req, 'Space not found.');
    await approveListing(ctx, operatorOf(req), id, reasonOf(req));
    res.json({ ok: true });
  });
  router.post('/admin/users/:id/suspend', async (req, res) => {
    const id = idParam(req, 'User not found.');
    res.json({ ok: true, ...(await suspendUser(ctx, operatorOf(req), id, reasonOf(req))) });
  });
  router.post('/admin/users/:id/reinstate', async (req, res) => {
    const id = idParam(req, 'User not found.');
    await reinstateUser(ctx, operatorOf(req), id, reasonOf(req));
    res.json({ ok: true });
  });
  router.post('/admin/users/:id/unlock', async (req, res) => {
    const id = idParam(req, 'User not found.');
    await unlockUser(ctx, operatorOf(req), id, reasonOf(req));
    res.json({ ok: true });
  });
  router.post('/admin/reviews/:id/hide', async (req, res) => {
    const id = idParam(req, 'Review not found.');
    await hideReview(ctx, operatorOf(req), id, reasonOf(req));
    res.json({ ok: true });
  });
  router.post('/admin/reviews/:id/unhide', async (req, res) => {
    const id = idParam(req, 'Review not found.');
    await unhideReview(ctx, operatorOf(req), id, reasonOf(req));
    res.json({ ok: true });
  });
  router.post('/admin/reports/:id/dismiss', async (req, res) => {
    const id = idParam(req, 'Report not found.');
    await dismissReport(ctx, operatorOf(req), id, reasonOf(req));
    res.json({ ok: true });
  });
  router.post('/admin/payments/:id/refund', async (req, res) => {
    const id = idParam(req, 'Payment not found.');
    const input = parseInput(refundSchema, stripMarkupFields(req.body ?? {}, ['reason']));
    const payment = await refundPayment(ctx, operatorOf(req), id, input.reason, input.keepPublished);
    res.json({ ok: true, refundedAt: payment.refundedAt?.toISOString() ?? null, refundId: payment.refundId });
  });

  router.get('/admin/coupons', async (_req, res) => {
    res.json(await listCoupons(ctx.db));
  });
  router.post('/admin/coupons', async (req, res) => {
    const input = parseInput(adminCouponSchema, stripMarkupFields(req.body ?? {}, ['name']));
    const coupon = await createCoupon(ctx.db, operatorOf(req), {
      code: input.code,
      name: input.name ?? null,
      percentOff: input.percentOff ?? null,
      amountOff: input.amountOffCents ?? null,
      maxRedemptions: input.maxRedemptions ?? null,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    }, now());
    res.status(201).json(coupon);
  });
  router.post('/admin/coupons/:id/disable', async (req, res) => {
    const id = idParam(req, 'Coupon not found.');
    await disableCoupon(ctx.db, operatorOf(req), { id }, reasonOf(req), now());
    res.json({ ok: true });
  });

  return router;
}
