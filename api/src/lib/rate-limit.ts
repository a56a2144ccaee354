// Rate limits kept in PostgreSQL (rate_limits, one row per key and endpoint), so a limit holds across API
// instances and restarts: per client address (rateLimit) or per account (userRateLimit, limitUser; key user:{id}). A fixed window: the first request opens it, each request counts,
// over the maximum answers 429 with Retry-After until the window ends. Apply it to any route:
//   router.post('/things', rateLimit(ctx, { endpoint: 'create-thing', max: 20, windowMs: 15 * MINUTE }), handler)
import type { NextFunction, Request, Response } from 'express';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { rateLimits } from '#db/schema/index';
import { DAY, type Clock } from './clock';
import { AppError } from './app-error';
import { before, pruneInBatches, type PruneContext, type Pruned } from './prune';
import { currentUser } from './session';

export type RateLimitRule = {
  /** The name the rows are kept under, e.g. 'sign-in'. */
  endpoint: string;
  max: number;
  windowMs: number;
  message?: string;
};

/** `windowStart`: when the running window opened (the first attempt's time, or the last restartRateLimitWindow). */
export type RateLimitResult = { allowed: boolean; attempts: number; retryAfterSeconds: number; windowStart: Date };

/**
 * The `set` of a rate_limits upsert: one more attempt in the running window, or a new window from `now` when
 * the row's opened at or before `windowOpenedAfter`. Over the old row (on conflict do update), so one
 * statement counts exactly under any concurrency.
 */
function windowedCount(now: Date, windowOpenedAfter: Date) {
  const expired = sql`${rateLimits.windowStart} <= ${windowOpenedAfter.toISOString()}::timestamptz`;
  return {
    attempts: sql<number>`case when ${expired} then 1 else ${rateLimits.attempts} + 1 end`,
    windowStart: sql<Date>`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
  };
}

/**
 * Counts one attempt of `key` against `rule` in one atomic statement (insert or update), so that
 * concurrent requests on several instances count exactly.
 */
export async function consumeRateLimit(ctx: { db: Executor; clock: Clock }, rule: RateLimitRule, key: string): Promise<RateLimitResult> {
  const now = ctx.clock.now();
  const windowOpenedAfter = new Date(now.getTime() - rule.windowMs);
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({ ipAddress: key, endpoint: rule.endpoint, attempts: 1, windowStart: now, createdAt: now })
    .onConflictDoUpdate({ target: [rateLimits.ipAddress, rateLimits.endpoint], set: windowedCount(now, windowOpenedAfter) })
    .returning({ attempts: rateLimits.attempts, windowStart: rateLimits.windowStart });
  const attempts = row!.attempts;
  const windowEnds = row!.windowStart.getTime() + rule.windowMs;
  return { allowed: attempts <= rule.max, attempts, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)), windowStart: row!.windowStart };
}

/** Opens `key`'s window for `endpoint` anew at the clock's now, keeping its count (a lock that runs from now). */
export async function restartRateLimitWindow(ctx: { db: Executor; clock: Clock }, endpoint: string, key: string): Promise<Date> {
  const now = ctx.clock.now();
  await ctx.db
    .update(rateLimits)
    .set({ windowStart: now })
    .where(and(eq(rateLimits.ipAddress, key), eq(rateLimits.endpoint, endpoint)));
  return now;
}

/** Forgets `key`'s count for `endpoint`, as if it had never been counted (an attempt that was not answered). */
export async function forgetRateLimit(ctx: { db: Executor }, endpoint: string, key: string): Promise<void> {
  await ctx.db.delete(rateLimits).where(and(eq(rateLimits.ipAddress, key), eq(rateLimits.endpoint, endpoint)));
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

/** Rate-limit rows are deleted a day after their window opened (the longest window is one hour). */
export const RATE_LIMIT_RETENTION = { rateLimitsMs: DAY } as const;

/** Housekeeping of rate_limits, by its owner (decision 1313). */
export async function pruneRateLimits({ tx, now }: PruneContext): Promise<Pruned> {
  return {
    rate_limits: await pruneInBatches(async (limit) => {
      const due = tx.select({ id: rateLimits.id }).from(rateLimits).where(lt(rateLimits.windowStart, before(now, RATE_LIMIT_RETENTION.rateLimitsMs))).limit(limit);
      return (await tx.delete(rateLimits).where(inArray(rateLimits.id, due)).returning({ id: rateLimits.id })).length;
    }),
  };
}
