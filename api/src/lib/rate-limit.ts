// Rate limits kept in PostgreSQL (rate_limits, one row per key and endpoint), so a limit holds across API
// instances and restarts: per client address (rateLimit) or per account (userRateLimit, limitUser; key user:{id}). A fixed window: the first request opens it, each request counts,
// over the maximum answers 429 with Retry-After until the window ends. Apply it to any route:
//   router.post('/things', rateLimit(ctx, { endpoint: 'create-thing', max: 20, windowMs: 15 * MINUTE }), handler)
import type { NextFunction, Request, Response } from 'express';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor, type RawRow } from '#db/client';
import { rateLimits } from '#db/schema/index';
import type { Clock } from './clock';
import { AppError } from './app-error';
import { currentUser } from './session';

export type RateLimitRule = {
  /** The name the rows are kept under, e.g. 'sign-in'. */
  endpoint: string;
  max: number;
  windowMs: number;
  message?: string;
};

export type RateLimitResult = { allowed: boolean; attempts: number; retryAfterSeconds: number };

/**
 * Counts one attempt of `key` against `rule` in one atomic statement (insert or update), so that
 * concurrent requests on several instances count exactly.
 */
export async function consumeRateLimit(ctx: { db: Executor; clock: Clock }, rule: RateLimitRule, key: string): Promise<RateLimitResult> {
  const now = ctx.clock.now();
  const windowOpenedAfter = new Date(now.getTime() - rule.windowMs);
  // Raw: an upsert whose counter restarts with its window (case expressions over the old row in on conflict
  // do update): one statement, exact under any concurrency.
  const [row] = await queryRows<RawRow<{ attempts: (typeof rateLimits.$inferSelect)['attempts']; window_start: (typeof rateLimits.$inferSelect)['windowStart'] }>>(
    ctx.db,
    sql`insert into rate_limits (ip_address, endpoint, attempts, window_start, created_at)
        values (${key}, ${rule.endpoint}, 1, ${now.toISOString()}, ${now.toISOString()})
        on conflict (ip_address, endpoint) do update set
          attempts = case when rate_limits.window_start <= ${windowOpenedAfter.toISOString()} then 1 else rate_limits.attempts + 1 end,
          window_start = case when rate_limits.window_start <= ${windowOpenedAfter.toISOString()} then ${now.toISOString()}::timestamptz else rate_limits.window_start end
        returning attempts, window_start`,
  );
  const attempts = Number(row!.attempts);
  const windowEnds = new Date(row!.window_start).getTime() + rule.windowMs;
  return { allowed: attempts <= rule.max, attempts, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)) };
}

/** The client's address: the socket's, or X-Forwarded-For's when TRUST_PROXY is set (Express's `trust proxy`). */
export function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? 'unknown').slice(0, 64);
}

/** Express middleware applying `rule` per client address. */
export function rateLimit(deps: { db: Executor; clock: Clock }, rule: RateLimitRule) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const result = await consumeRateLimit(deps, rule, clientIp(req));
      if (!result.allowed) return next(AppError.tooManyRequests(result.retryAfterSeconds, rule.message));
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Counts one attempt of the account `userId` against `rule` and refuses with 429 (the rule's message,
 * Retry-After) when over. For limits checked inside a service, e.g. after cheaper refusals.
 */
export async function limitUser(ctx: { db: Executor; clock: Clock }, rule: RateLimitRule, userId: number): Promise<void> {
  const result = await consumeRateLimit(ctx, rule, `user:${userId}`);
  if (!result.allowed) throw AppError.tooManyRequests(result.retryAfterSeconds, rule.message);
}

/** Express middleware applying `rule` per signed-in account (mount after requireUser). */
export function userRateLimit(ctx: { db: Executor; clock: Clock }, rule: RateLimitRule) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      await limitUser(ctx, rule, currentUser(req).id);
      next();
    } catch (error) {
      next(error);
    }
  };
}
