// The push outbox. queuePush writes one row per device of the person told, inside the caller's transaction
// (a push exists if and only if its event was committed), after the person's notification preferences and
// presence allow it. sendPendingPushes, a background job in every instance, claims due rows with FOR UPDATE
// SKIP LOCKED and a lease (exactly one instance sends a row, once), encrypts and signs each with web-push's
// generateRequestDetails (RFC 8291 aes128gcm, RFC 8292 VAPID) and POSTs it through the outbound guard, side by
// side with a cap per push service (docs/decisions/1805): 2xx → sent; 404/410 →
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
import { createLimiter } from '../../lib/limiter';
import { outboundRequest, OutboundRefused, type OutboundPolicy } from '../../lib/outbound-guard';
import { claimDueRows } from '../../lib/outbox-claim';
import { pushEndpointPolicy } from './push-endpoints';
import { pushPayload, type PushEvent } from './push-content';
import { isPresent } from './presence';
import { vapidKeys } from './vapid-keys';

export const PUSH_MAX_ATTEMPTS = 6;
/** How long a push service keeps a push for a device that is off (RFC 8030 §5.2); retries stop then too. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const CLAIM_LEASE_MS = 60_000;
const BASE_BACKOFF_MS = 5_000;
/** A push service that does not take the connection within this is not answering (issue 38 item 4). */
const CONNECT_TIMEOUT_MS = 3_000;
/** The whole request: push services answer in well under a second; one that accepts and says nothing costs this. */
const REQUEST_TIMEOUT_MS = 5_000;

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
        from push_subscriptions where user_id = ${event.userId} and disabled_at is null
        returning id`,
  );
  return inserted.length;
}

type ClaimedRow = RawRow<{ id: number; subscription_id: number; payload: PushPayload | string; attempts: number; created_at: Date }>;

export type PushSendDeps = { db: Executor; clock: Clock; config: Config; logger: Logger };

/** Pushes in flight at once in one instance. */
export const PUSH_CONCURRENCY = 16;
/** Pushes in flight at once to one push service (scheme, host and port): a slow one holds these places only. */
export const PUSH_HOST_CONCURRENCY = 4;
/** Failed pushes in a row (each attempt counts) after which a device is disabled until its browser subscribes again. */
export const PUSH_DEVICE_FAILURE_LIMIT = 5;
/** A push service that left this many pushes of a run unanswered gets the rest of its pushes on a later run. */
const HOST_UNANSWERED_LIMIT = 2;

type Device = { id: number; userId: number; endpoint: string; p256dh: string; auth: string };
type Delivery = { row: ClaimedRow; device: Device };

/**
 * One run of the push job: claims due rows and delivers them side by side (issue 38 item 4) — at most
 * PUSH_CONCURRENCY at once, at most PUSH_HOST_CONCURRENCY to one push service, each service's pushes taken
 * round-robin by the person told (one account's twenty devices do not go before another person's one), and a
 * service that leaves HOST_UNANSWERED_LIMIT pushes unanswered in a run gets the rest on a later run. So a push
 * service that never answers costs a run one request timeout, and every other service's pushes go meanwhile.
 */
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
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.id, [...new Set(claimed.map((r) => Number(r.subscription_id)))]));
  const byId = new Map(devices.map((d) => [d.id, d]));
  const vapid = vapidKeys(deps.config);
  const policy = pushEndpointPolicy(deps.config);
  const everything = createLimiter(PUSH_CONCURRENCY);
  const unanswered = new Map<string, number>();
  const deferred: Delivery[] = [];
  const gone = new Set<number>();

  const lanes = [...byPushService(claimed.flatMap((row) => (byId.has(Number(row.subscription_id)) ? [{ row, device: byId.get(Number(row.subscription_id))! }] : []))).entries()];
  await Promise.all(
    lanes.flatMap(([service, queue]) =>
      Array.from({ length: Math.min(PUSH_HOST_CONCURRENCY, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          if ((unanswered.get(service) ?? 0) >= HOST_UNANSWERED_LIMIT) {
            deferred.push(next);
            continue;
          }
          // A device found gone by an earlier push of this run went with its rows (cascade).
          if (gone.has(next.device.id)) continue;
          const { row, device } = next;
          const payload = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
          const outcome = await everything.run(() => deliver(device, payload, vapid, policy));
          if (outcome.kind === 'retry' && outcome.unanswered) unanswered.set(service, (unanswered.get(service) ?? 0) + 1);
          await record(deps, row, device, outcome, result);
          if (outcome.kind === 'gone') gone.add(device.id);
        }
      }),
    ),
  );
  if (deferred.length) {
    // Not attempted: the claim's attempt is given back, and they are due again after the first backoff.
    const ids = deferred.map((d) => d.row.id);
    await deps.db
      .update(pushOutbox)
      .set({ attempts: sql`greatest(${pushOutbox.attempts} - 1, 0)`, nextAttemptAt: new Date(deps.clock.now().getTime() + BASE_BACKOFF_MS), lastError: 'push service not answering: left for a later run' })
      .where(and(inArray(pushOutbox.id, ids), eq(pushOutbox.status, 'pending')));
    deps.logger.warn({ deferred: ids.length }, 'push service not answering: pushes left for a later run');
  }
  return result;
}

/**
 * The deliveries grouped by push service (scheme, host, port: the unit a slow service holds up), each group in
 * round-robin order of the people told: everyone's first push, then everyone's second, and so on.
 */
function byPushService(deliveries: Delivery[]): Map<string, Delivery[]> {
  const perService = new Map<string, Map<number, Delivery[]>>();
  for (const delivery of deliveries) {
    const service = pushServiceOf(delivery.device.endpoint);
    const people = perService.get(service) ?? new Map<number, Delivery[]>();
    perService.set(service, people);
    const mine = people.get(delivery.device.userId) ?? [];
    people.set(delivery.device.userId, mine);
    mine.push(delivery);
  }
  const lanes = new Map<string, Delivery[]>();
  for (const [service, people] of perService) {
    const queues = [...people.values()];
    const lane: Delivery[] = [];
    for (let round = 0; lane.length < deliveries.length; round++) {
      let took = false;
      for (const queue of queues) {
        if (queue[round]) {
          lane.push(queue[round]!);
          took = true;
        }
      }
      if (!took) break;
    }
    lanes.set(service, lane);
  }
  return lanes;
}

function pushServiceOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return endpoint;
  }
}

/** What one delivery's outcome does to its row (and device). */
async function record(deps: PushSendDeps, row: ClaimedRow, device: Device, outcome: PushOutcome, result: { sent: number; failed: number; gone: number }): Promise<void> {
  const attempts = Number(row.attempts);
  const at = deps.clock.now();
  // What the push service said, as PostgreSQL keeps it: a NUL in its answer made recording it fail, and
  // every push behind it (issue 38 item 2).
  if (outcome.reason !== undefined) outcome.reason = wellFormedText(outcome.reason);
  if (outcome.kind === 'sent') {
    await deps.db.update(pushOutbox).set({ status: 'sent', sentAt: at, lastError: null }).where(and(eq(pushOutbox.id, row.id), eq(pushOutbox.status, 'pending')));
    await deps.db.update(pushSubscriptions).set({ lastPushedAt: at, failedPushes: 0 }).where(eq(pushSubscriptions.id, device.id));
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
    await countFailure(deps, device.id, at);
  }
}

/**
 * One more failed push in a row for the device; at PUSH_DEVICE_FAILURE_LIMIT it is disabled: its waiting
 * pushes fail, and none is queued for it until its browser subscribes again (Settings shows it paused).
 */
async function countFailure(deps: PushSendDeps, deviceId: number, at: Date): Promise<void> {
  const [device] = await deps.db
    .update(pushSubscriptions)
    .set({ failedPushes: sql`${pushSubscriptions.failedPushes} + 1` })
    .where(eq(pushSubscriptions.id, deviceId))
    .returning({ failedPushes: pushSubscriptions.failedPushes, disabledAt: pushSubscriptions.disabledAt });
  if (!device || device.disabledAt || device.failedPushes < PUSH_DEVICE_FAILURE_LIMIT) return;
  await deps.db.update(pushSubscriptions).set({ disabledAt: at }).where(eq(pushSubscriptions.id, deviceId));
  await deps.db
    .update(pushOutbox)
    .set({ status: 'failed', lastError: `device disabled after ${PUSH_DEVICE_FAILURE_LIMIT} failed pushes in a row` })
    .where(and(eq(pushOutbox.subscriptionId, deviceId), eq(pushOutbox.status, 'pending')));
  deps.logger.warn({ subscriptionId: deviceId }, 'push device disabled after repeated failures');
}

/**
 * One push: encrypted and signed by web-push, sent through the outbound guard (the endpoint checked again, the
 * connection made to the address checked; docs/decisions/1805); what the push service answered.
 */
async function deliver(device: Omit<Device, 'id' | 'userId'>, payload: string, vapid: ReturnType<typeof vapidKeys>, policy: OutboundPolicy): Promise<PushOutcome> {
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
    const response = await outboundRequest(
      request.endpoint,
      { method: request.method, headers: request.headers as Record<string, string>, body: request.body ? new Uint8Array(request.body) : null, connectTimeoutMs: CONNECT_TIMEOUT_MS, timeoutMs: REQUEST_TIMEOUT_MS },
      policy,
    );
    const retryAfter = response.headers['retry-after'];
    const outcome = classify(response.status, typeof retryAfter === 'string' ? retryAfter : null);
    if (outcome.kind !== 'sent') outcome.reason = `${response.status} ${response.text.slice(0, 200)}`.trim();
    return outcome;
  } catch (error) {
    if (error instanceof OutboundRefused && error.refusal !== 'unresolved') return { kind: 'refused', reason: `refused: ${error.message}`.slice(0, 300) };
    return { kind: 'retry', unanswered: !(error instanceof OutboundRefused), reason: (error as Error)?.message?.slice(0, 200) || 'no answer' };
  }
}

/** `unanswered`: no answer at all (no connection, or none within the timeout), as opposed to a 429/5xx. */
type PushOutcome = { kind: 'sent' | 'gone' | 'refused'; reason?: string } | { kind: 'retry'; afterMs?: number; reason?: string; unanswered?: boolean };

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
