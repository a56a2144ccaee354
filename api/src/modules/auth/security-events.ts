// security_events rows (spec 3): signup, login, login_failure, account_lock, with address and user agent; and
// payments' checkout attempts with their fraud score. Auth owns the table: every row is written here.
import type { Request } from 'express';
import type { Executor } from '#db/client';
import { securityEvents } from '#db/schema/index';
import type { Clock } from '../../lib/clock';
import { clientIp } from '../../lib/rate-limit';

export type RequestMeta = { ip: string; userAgent: string | null };
export type SecurityEventType = (typeof securityEvents.$inferInsert)['eventType'];

export function requestMeta(req: Request): RequestMeta {
  const ua = req.headers['user-agent'];
  return { ip: clientIp(req), userAgent: ua ? ua.slice(0, 500) : null };
}

export async function recordSecurityEvent(
  ctx: { db: Executor; clock: Clock },
  event: { type: SecurityEventType; userId: number | null; meta: RequestMeta | null; metadata?: Record<string, unknown>; fraudScore?: 'low' | 'high' },
): Promise<void> {
  await ctx.db.insert(securityEvents).values({
    userId: event.userId,
    eventType: event.type,
    ipAddress: event.meta?.ip ?? null,
    userAgent: event.meta?.userAgent ?? null,
    ...(event.fraudScore && { fraudScore: event.fraudScore }),
    metadata: event.metadata ?? null,
    createdAt: ctx.clock.now(),
  });
}
