// Web Push on a person's devices (issue 30): the answers of /api/push/* and the texts the settings screen and
// the API share. Plain types and texts only: the Settings piece imports this without zod.

/** GET /api/push/key: the VAPID public key (base64url) a browser subscribes with (applicationServerKey). */
export type PushKeyResponse = { publicKey: string };

/**
 * One device of GET /api/push/subscriptions, newest first. `endpoint` lets a browser find its own entry.
 * `disabledAt`: set when its push service failed again and again; nothing is sent to it until its browser
 * turns notifications on again (issue 38 item 4).
 */
export type PushDevice = { id: number; label: string; endpoint: string; createdAt: string; lastPushedAt: string | null; disabledAt: string | null };
export type PushDevicesResponse = { devices: PushDevice[] };

/** The most devices one account keeps: a phone, a tablet, a few browsers; a bound for a script. */
export const PUSH_DEVICES_MAX = 20;

/** How long an open, visible conversation counts as "being read" after the thread last said so. */
export const PRESENCE_TTL_SECONDS = 45;
/** How often the open thread says so (well inside the TTL: one missed beat does not lapse it). */
export const PRESENCE_BEAT_MS = 20_000;

/** How much of a message a notification shows, unless the person hides message text on lock screens. */
export const PUSH_PREVIEW_CHARS = 80;

export const PUSH_TEXTS = {
  endpointInvalid: 'endpoint must be the push service address the browser gave (https://…).',
  keysInvalid: 'keys must hold the browser’s p256dh and auth keys (base64url).',
  deviceNotFound: 'Device not found.',
  devicePaused: 'Paused: notifications to it kept failing. Choose “Notify me on this device” on it to turn them on again.',
  deviceOfAnotherAccount: 'This browser’s notifications belong to another FarmSpace account. Turn them on again from this browser to give it a new address for you.',
  endpointNotPushService: 'endpoint must be the https:// address of a browser’s push service on the internet; this one is not (it is private, local or not allowed here).',
  tooManyDevices: `You have turned on notifications on ${PUSH_DEVICES_MAX} devices, the most we keep. Remove one in Settings → Notifications first.`,
  conversationNotFound: 'Conversation not found.',
  unsupported: 'This browser cannot show notifications from FarmSpace.',
  denied: 'Notifications are blocked for FarmSpace in this browser’s site settings. Allow them there, then try again.',
  enabled: { title: 'Notifications on', description: 'This device will be told about new messages.' },
  disabled: { title: 'Notifications off on this device' },
  removed: { title: 'Device removed' },
  failureTitle: 'Notifications not changed',
  failure: 'Could not change notifications on this device. Please try again.',
} as const;
