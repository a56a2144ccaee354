// The devices a person turned notifications on for: subscribe (idempotent per endpoint: a browser that
// subscribes again keeps one row; an endpoint of another account is 409, never moved), unsubscribe by endpoint
// (the browser itself) or by id (the device list in Settings), list.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { PUSH_DEVICES_MAX, PUSH_TEXTS, type PushDevice, type PushDevicesResponse } from '#contracts/push';
import type { PushSubscriptionRequest } from '#contracts/push.schemas';
import type { Database, Executor } from '#db/client';
import { pushSubscriptions } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { OutboundPolicy } from '../../lib/outbound-guard';
import { checkPushEndpoint } from './push-endpoints';

/** Turns a device on for the person; the endpoint is checked first (400, nothing written: push-endpoints.ts). */
export async function subscribeDevice(ctx: { db: Database; clock: Clock; policy: OutboundPolicy; userId: number; input: PushSubscriptionRequest }): Promise<{ created: boolean }> {
  const { input, userId } = ctx;
  await checkPushEndpoint(input.endpoint, ctx.policy);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint)).for('update');
    // A device is never moved between accounts (issue 38 item 11): whoever knows an endpoint cannot take another
    // person's device. The browser that holds it gets a fresh endpoint by subscribing anew (the site does so on
    // this 409), and the old row goes when its push service answers 410. docs/decisions/1806.
    if (existing && existing.userId !== userId) throw AppError.conflict(PUSH_TEXTS.deviceOfAnotherAccount);
    if (!existing) {
      const [mine] = await tx.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      if (Number(mine?.n ?? 0) >= PUSH_DEVICES_MAX) throw AppError.conflict(PUSH_TEXTS.tooManyDevices);
    }
    // Subscribing again also turns a device disabled after failed pushes back on.
    const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, deviceLabel: input.label ?? '', failedPushes: 0, disabledAt: null };
    if (existing) {
      // The same browser subscribing again (fresh keys, a new label): its own row, updated.
      await tx.update(pushSubscriptions).set(values).where(eq(pushSubscriptions.id, existing.id));
      return { created: false };
    }
    // Two first subscriptions of one browser at once both find no row: the second becomes an update of the same
    // account's row, not a 500, and never of another account's (no row returned: 409 as above).
    // Raw: `xmax = 0` in RETURNING tells a row this statement inserted from one it updated on conflict.
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values, setWhere: eq(pushSubscriptions.userId, userId) })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    if (!row) throw AppError.conflict(PUSH_TEXTS.deviceOfAnotherAccount);
    return { created: Boolean(row.inserted) };
  });
}

/** This browser turns notifications off. Idempotent: an endpoint that is not the person's changes nothing. */
export async function unsubscribeEndpoint(ctx: { db: Executor; userId: number; endpoint: string }): Promise<void> {
  await ctx.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, ctx.userId), eq(pushSubscriptions.endpoint, ctx.endpoint)));
}

/** Settings' device list removes one device; 404 when it is not (or no longer) the person's. */
export async function removeDevice(ctx: { db: Executor; userId: number; deviceId: number }): Promise<void> {
  const removed = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, ctx.userId), eq(pushSubscriptions.id, ctx.deviceId)))
    .returning({ id: pushSubscriptions.id });
  if (!removed.length) throw AppError.notFound(PUSH_TEXTS.deviceNotFound);
}

export async function listDevices(ctx: { db: Executor; userId: number }): Promise<PushDevicesResponse> {
  const rows = await ctx.db
    .select({ id: pushSubscriptions.id, label: pushSubscriptions.deviceLabel, endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt, lastPushedAt: pushSubscriptions.lastPushedAt, disabledAt: pushSubscriptions.disabledAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, ctx.userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  const devices: PushDevice[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lastPushedAt: r.lastPushedAt?.toISOString() ?? null, disabledAt: r.disabledAt?.toISOString() ?? null }));
  return { devices };
}

/** A closed account's devices are told nothing more: deleted with their waiting pushes. Returns how many. */
export async function deletePushDevicesOf(tx: Executor, userId: number): Promise<number> {
  const rows = await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).returning({ id: pushSubscriptions.id });
  return rows.length;
}
