// The push outbox. queuePush writes one row per device of the person told, inside the caller's transaction
// (a push exists if and only if its event was committed), after the person's notification preferences and
// presence allow it. sendPendingPushes, a background job in every instance, claims due rows with FOR UPDATE
// SKIP LOCKED and a lease (exactly one instance sends a row, once), encrypts and signs each with web-push's
// generateRequestDetails (RFC 8291 aes128gcm, RFC 8292 VAPID) and POSTs it with fetch: 2xx → sent; 404/410 →
// the push service forgot the device, so it is deleted (its waiting pushes with it); 429/5xx or no answer →
// retried with backoff (Retry-After respected) until MAX_ATTEMPTS or the TTL; any other answer → failed.
// See docs/decisions/1700.
import { and, count, eq, inArray, lte, min, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { wellFormedDeep, wellFormedText } from '#contracts/text';
import { queryRows, type Executor, type RawRow } from '#db/client';
import { pushOutbox, pushSubscriptions, users, type PushPayload } from '#db/schema/index';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { toBacklog, type Backlog } from '../../lib/metrics';
import { claimDueRows } from '../../lib/outbox-claim';
import { pushPayload, type PushEvent } from './push-content';
import { isPresent } from './presence';
import { vapidKeys } from './vapid-keys';

export const PUSH_MAX_ATTEMPTS = 6;
/** How long a push service keeps a push for a device that is off (RFC 8030 §5.2); retries stop then too. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const CLAIM_LEASE_MS = 60_000;
const BASE_BACKOFF_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;

/** Backoff before attempt n+1 after n failed attempts: 5 s, 10 s, 20 s, 40 s … */
export function pushBackoffMs(failedAttempts: number): number {
  return BASE_BACKOFF_MS * 2 ** Math.max(0, failedAttempts - 1);
}

/**
 * Queues the event's push for every device of the person told, in the caller's transaction. Nothing when the
 * person's preferences say no (the e-mail preferences of the same event: e-mail notifications for all, inquiry
 * alerts for inquiries; docs/decisions/1701), when the account is closed, or when the person has the
 * conversation open in a visible tab. Returns the number of pushes queued.
 */
export async function queuePush(ctx: { db: Executor; clock: Clock }, event: PushEvent): Promise<number> {
  const now = ctx.clock.now();
  const [person] = await ctx.db
    .select({ emailNotifications: users.emailNotifications, inquiryAlerts: users.inquiryAlerts, hideMessageText: users.hideMessageText, closedAt: users.closedAt })
    .from(users)
    .where(eq(users.id, event.userId));
  if (!person || person.closedAt || !person.emailNotifications) return 0;
  if (event.kind === 'inquiry' && !person.inquiryAlerts) return 0;
  if ('conversationId' in event && (await isPresent(ctx.db, event.userId, event.conversationId, now))) return 0;
  // Well-formed at the boundary: jsonb refuses a lone surrogate, whatever a caller put in a title or a name.
  const payload = wellFormedDeep(pushPayload(event, person.hideMessageText));
  // Raw: insert … select, one row per device of the person, in one statement.
  const inserted = await queryRows<{ id: number }>(
    ctx.db,
    sql`insert into push_outbox (subscription_id, kind, payload, next_attempt_at, created_at)
        select id, ${event.kind}, ${JSON.stringify(payload)}::jsonb, ${now.toISOString()}, ${now.toISOString()}
        from push_subscriptions where user_id = ${event.userId}
        returning id`,
  );
  return inserted.length;
}

type ClaimedRow = RawRow<{ id: number; subscription_id: number; payload: PushPayload | string; attempts: number; created_at: Date }>;

export type PushSendDeps = { db: Executor; clock: Clock; config: Config; logger: Logger };

export async function sendPendingPushes(deps: PushSendDeps, batchSize = 50): Promise<{ sent: number; failed: number; gone: number }> {
  const claimed = await claimDueRows<ClaimedRow>(deps.db, {
    table: 'push_outbox',
    now: deps.clock.now(),
    leaseMs: CLAIM_LEASE_MS,
    batchSize,
    returning: ['id', 'subscription_id', 'payload', 'attempts', 'created_at'],
  });
  const result = { sent: 0, failed: 0, gone: 0 };
  if (!claimed.length) return result;
  const devices = await deps.db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.id, [...new Set(claimed.map((r) => Number(r.subscription_id)))]));
  const vapid = vapidKeys(deps.config);
  for (const row of claimed) {
    const device = devices.find((d) => d.id === Number(row.subscription_id));
    if (!device) continue; // Removed since the claim: its rows went with it.
    const payload = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
    const attempts = Number(row.attempts);
    const outcome = await deliver(device, payload, vapid);
    // What the push service said, as PostgreSQL keeps it: a NUL in its answer made recording it fail, and
    // every push behind it (issue 38 item 2).
    if (outcome.reason !== undefined) outcome.reason = wellFormedText(outcome.reason);
    const at = deps.clock.now();
    if (outcome.kind === 'sent') {
      await deps.db.update(pushOutbox).set({ status: 'sent', sentAt: at, lastError: null }).where(and(eq(pushOutbox.id, row.id), eq(pushOutbox.status, 'pending')));
      await deps.db.update(pushSubscriptions).set({ lastPushedAt: at }).where(eq(pushSubscriptions.id, device.id));
      result.sent += 1;
    } else if (outcome.kind === 'gone') {
      // The device unsubscribed or its subscription expired: it is deleted, and its waiting pushes with it.
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      result.gone += 1;
      deps.logger.info({ pushId: row.id, subscriptionId: device.id }, 'push subscription gone: deleted');
    } else {
      const retryAt = new Date(at.getTime() + Math.max(pushBackoffMs(attempts), outcome.kind === 'retry' ? (outcome.afterMs ?? 0) : 0));
      const expired = retryAt.getTime() > new Date(row.created_at).getTime() + PUSH_TTL_SECONDS * 1000;
      const giveUp = outcome.kind === 'refused' || attempts >= PUSH_MAX_ATTEMPTS || expired;
      result.failed += 1;
      deps.logger.warn({ pushId: row.id, attempts, giveUp, error: outcome.reason }, 'push delivery failed');
      await deps.db
        .update(pushOutbox)
        .set(giveUp ? { status: 'failed', lastError: outcome.reason ?? null } : { lastError: outcome.reason ?? null, nextAttemptAt: retryAt })
        .where(eq(pushOutbox.id, row.id));
    }
  }
  return result;
}

type Device = { endpoint: string; p256dh: string; auth: string };

/** One push: encrypted and signed by web-push, sent with our fetch; what the push service answered. */
async function deliver(device: Device, payload: string, vapid: ReturnType<typeof vapidKeys>): Promise<PushOutcome> {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    });
  } catch (error) {
    // Keys the browser gave that are not a P-256 point: no retry would encrypt for them.
    return { kind: 'refused', reason: `cannot encrypt: ${(error as Error)?.message?.slice(0, 200)}` };
  }
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const outcome = classify(response.status, response.headers.get('retry-after'));
    if (outcome.kind !== 'sent') outcome.reason = `${response.status} ${(await response.text().catch(() => '')).slice(0, 200)}`.trim();
    return outcome;
  } catch (error) {
    return { kind: 'retry', reason: (error as Error)?.message?.slice(0, 200) ?? 'no answer' };
  }
}

type PushOutcome = { kind: 'sent' | 'gone' | 'refused'; reason?: string } | { kind: 'retry'; afterMs?: number; reason?: string };

/** RFC 8030 §5, §6.2: 201 created; 404/410 the subscription is no more; 429 and 5xx are passing. */
function classify(status: number, retryAfter: string | null): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (status === 429 || status >= 500) {
    const seconds = retryAfter && /^\d{1,6}$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
    return { kind: 'retry', afterMs: seconds === undefined ? undefined : seconds * 1000 };
  }
  return { kind: 'refused' };
}

/** The pushes due and not claimed, and how long the oldest has been due (metrics and the jobs view). */
export async function pushBacklog(ctx: { db: Executor; clock: Clock }): Promise<Backlog> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ n: count(), oldest: min(pushOutbox.nextAttemptAt) })
    .from(pushOutbox)
    .where(and(eq(pushOutbox.status, 'pending'), lte(pushOutbox.nextAttemptAt, now)));
  return toBacklog(row, now);
}
