// Request schemas of Web Push (issue 30), shared by the API and the settings piece that subscribes.
import { z } from './zod';
import { PUSH_TEXTS } from './push';

const base64url = (max: number) => z.string().min(16, PUSH_TEXTS.keysInvalid).max(max, PUSH_TEXTS.keysInvalid).regex(/^[A-Za-z0-9_-]+=*$/, PUSH_TEXTS.keysInvalid);

const endpoint = z
  .string({ error: PUSH_TEXTS.endpointInvalid })
  .max(2048, PUSH_TEXTS.endpointInvalid)
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, PUSH_TEXTS.endpointInvalid);

/** POST /api/push/subscriptions: what PushSubscription.toJSON() gives, and the device's name for the list. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint,
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }, { error: PUSH_TEXTS.keysInvalid }),
  label: z.string().trim().max(200).optional(),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** DELETE /api/push/subscriptions: this browser turns its notifications off. */
export const pushUnsubscribeRequestSchema = z.object({ endpoint });

/** PUT /api/push/presence: the open thread, visible, says it is being read. */
export const pushPresenceRequestSchema = z.object({ conversationId: z.number({ error: PUSH_TEXTS.conversationNotFound }).int().positive().max(2_147_483_647) });
