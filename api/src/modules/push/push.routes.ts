// Web Push (issue 30): the VAPID key browsers subscribe with; a device's subscription made and ended by the
// browser; the person's device list (Settings → Notifications); and the open thread's "being read" beat.
import { Router } from 'express';
import { PUSH_TEXTS } from '#contracts/push';
import { pushPresenceRequestSchema, pushSubscriptionRequestSchema, pushUnsubscribeRequestSchema } from '#contracts/push.schemas';
import type { AppContext } from '../../app-context';
import { MINUTE } from '../../lib/clock';
import { userRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { idParam } from '../../lib/route-params';
import { currentUser, requireUser } from '../../lib/session';
import { stripMarkupFields } from '../../lib/strip-markup';
import { parseInput } from '../../lib/validate';
import { markAbsent, markPresent } from './presence';
import { pushEndpointPolicy } from './push-endpoints';
import { listDevices, removeDevice, subscribeDevice, unsubscribeEndpoint } from './subscriptions';
import { vapidKeys } from './vapid-keys';

/** Turning a device on and off: a person does it a few times; a bound for a script. */
const SUBSCRIBE_LIMIT: RateLimitRule = { endpoint: 'user-push-subscribe', max: 30, windowMs: 10 * MINUTE };
/** One beat per open thread every 20 s, a few threads in a few tabs. */
const PRESENCE_LIMIT: RateLimitRule = { endpoint: 'user-push-presence', max: 120, windowMs: 10 * MINUTE };

export function createPushRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/push/key', (_req, res) => {
    res.json({ publicKey: vapidKeys(ctx.config).publicKey });
  });

  router.get('/push/subscriptions', requireUser, async (req, res) => {
    res.json(await listDevices({ db: ctx.db, userId: currentUser(req).id }));
  });

  router.post('/push/subscriptions', requireUser, userRateLimit(ctx, SUBSCRIBE_LIMIT), async (req, res) => {
    const input = parseInput(pushSubscriptionRequestSchema, stripMarkupFields(req.body ?? {}, ['label'] as const));
    const { created } = await subscribeDevice({ db: ctx.db, clock: ctx.clock, policy: pushEndpointPolicy(ctx.config), userId: currentUser(req).id, input });
    res.status(created ? 201 : 200).end();
  });

  router.delete('/push/subscriptions', requireUser, async (req, res) => {
    const { endpoint } = parseInput(pushUnsubscribeRequestSchema, req.body ?? {});
    await unsubscribeEndpoint({ db: ctx.db, userId: currentUser(req).id, endpoint });
    res.status(204).end();
  });

  router.delete('/push/subscriptions/:id', requireUser, async (req, res) => {
    await removeDevice({ db: ctx.db, userId: currentUser(req).id, deviceId: idParam(req, PUSH_TEXTS.deviceNotFound) });
    res.status(204).end();
  });

  router.put('/push/presence', requireUser, userRateLimit(ctx, PRESENCE_LIMIT), async (req, res) => {
    const { conversationId } = parseInput(pushPresenceRequestSchema, req.body ?? {});
    await markPresent({ db: ctx.db, clock: ctx.clock, userId: currentUser(req).id, conversationId });
    res.status(204).end();
  });

  router.delete('/push/presence', requireUser, async (req, res) => {
    const { conversationId } = parseInput(pushPresenceRequestSchema, req.body ?? {});
    await markAbsent({ db: ctx.db, userId: currentUser(req).id, conversationId });
    res.status(204).end();
  });

  return router;
}
