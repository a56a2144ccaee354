// This browser's Web Push (issue 30) and the person's devices, for Settings → Notifications (loaded with its
// piece, on demand): the device list through the islands' fetcher; turning this device on (the browser asks
// its permission then, never on page load) and off, and removing a device, as actions.
import { PUSH_TEXTS, type PushDevicesResponse, type PushKeyResponse } from '#contracts/push';
import { ApiRequestError, apiFetch } from '../api/api-client';
import { createFetcherStore } from '../api/fetcher';

export const $pushDevices = createFetcherStore<PushDevicesResponse>('/api/push/subscriptions');

/** Can this browser take pushes at all (a service worker, the Push API, notifications)? */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** This browser's subscription, if it has one (the service worker registers on every page load). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A name for the device list: the browser and the system, as far as the user agent says. */
function deviceLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\/|Chromium\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
}

/** "Notify me on this device": asks the permission (this click only), subscribes, and tells the server. */
export async function enablePushOnThisDevice(): Promise<void> {
  if (!pushSupported()) throw new Error(PUSH_TEXTS.unsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(PUSH_TEXTS.denied);
  const registration = (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register('/sw.js'));
  await navigator.serviceWorker.ready;
  const { publicKey } = await apiFetch<PushKeyResponse>('/api/push/key');
  const subscribe = () => registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const tell = (subscription: PushSubscription) => apiFetch('/api/push/subscriptions', { body: { ...subscription.toJSON(), label: deviceLabel() } });
  const subscription = (await registration.pushManager.getSubscription()) ?? (await subscribe());
  try {
    await tell(subscription);
  } catch (error) {
    // Someone else signed in on this browser turned notifications on before: the server never moves their
    // device to this account (issue 38 item 11), so this browser takes a fresh subscription, which is this
    // account's (the old one ends, and the server forgets it at its next push).
    if (!(error instanceof ApiRequestError && error.status === 409 && error.serverMessage === PUSH_TEXTS.deviceOfAnotherAccount)) throw error;
    await subscription.unsubscribe();
    await tell(await subscribe());
  }
  await $pushDevices.revalidate();
}

/** This device stops: the server forgets it and the browser drops its subscription. */
export async function disablePushOnThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiFetch('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
  await $pushDevices.revalidate();
}

/** Settings' list removes one device (this one included: then its subscription is dropped too). */
export async function removePushDevice(id: number, endpoint: string): Promise<void> {
  await apiFetch(`/api/push/subscriptions/${id}`, { method: 'DELETE' });
  const mine = await currentSubscription();
  if (mine?.endpoint === endpoint) await mine.unsubscribe();
  const held = $pushDevices.get().data;
  if (held) $pushDevices.mutate({ devices: held.devices.filter((d) => d.id !== id) });
}
