// Reviews after an agreed lease (issue 28): the two parties write and read an agreement's reviews (anyone else
// 404, a visitor 401), the reviewed person replies once, and anyone reads a person's published reviews. Thin:
// parse with the contracts, call the service, answer.
import { Router } from 'express';
import { AGREEMENT_MESSAGES } from '#contracts/agreements';
import { REVIEW_MESSAGES, replyReviewSchema, writeReviewSchema } from '#contracts/reviews.schemas';
import type { AppContext } from '../../app-context';
import { HOUR } from '../../lib/clock';
import { userRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { idParam } from '../../lib/route-params';
import { currentUser, optionalUser, requireUser } from '../../lib/session';
import { stripMarkupFields } from '../../lib/strip-markup';
import { parseInput } from '../../lib/validate';
import { listUserReviews, readAgreementReviews, replyToReview, writeReview } from './reviews.service';

/** Writing and replying per user: a person has few agreements; a script hammering the routes meets a wall. */
export const REVIEW_LIMIT: RateLimitRule = { endpoint: 'user-review', max: 30, windowMs: HOUR, message: 'You are writing reviews very often. Please wait a while and try again.' };

export function createReviewsRouter(ctx: AppContext): Router {
  const router = Router();
  const reviewsCtx = { db: ctx.db, clock: ctx.clock, siteUrl: ctx.config.PUBLIC_SITE_URL };
  const proposalId = (req: Parameters<typeof idParam>[0]) => idParam(req, AGREEMENT_MESSAGES.proposalNotFound);
  const reviewId = (req: Parameters<typeof idParam>[0]) => idParam(req, REVIEW_MESSAGES.reviewNotFound);

  router.get('/proposals/:id/reviews', requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await readAgreementReviews(ctx, currentUser(req), proposalId(req)));
  });

  router.post('/proposals/:id/reviews', requireUser, userRateLimit(ctx, REVIEW_LIMIT), async (req, res) => {
    const id = proposalId(req);
    const input = parseInput(writeReviewSchema, stripMarkupFields(req.body ?? {}, ['text']));
    res.status(201).json(await writeReview(reviewsCtx, currentUser(req), id, input));
  });

  router.post('/reviews/:id/reply', requireUser, userRateLimit(ctx, REVIEW_LIMIT), async (req, res) => {
    const id = reviewId(req);
    const { text } = parseInput(replyReviewSchema, stripMarkupFields(req.body ?? {}, ['text']));
    res.status(201).json(await replyToReview(ctx, currentUser(req).id, id, text));
  });

  router.get('/users/:id/reviews', optionalUser, async (req, res) => {
    const userId = idParam(req, REVIEW_MESSAGES.personNotFound);
    // The answer depends on who asks (a private profile's own reader): never kept by a shared cache.
    res.set('Cache-Control', 'no-store').json(await listUserReviews(ctx, { userId, viewerId: req.user?.id }));
  });

  return router;
}
