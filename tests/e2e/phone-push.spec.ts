// Web Push in Chromium (issue 30): the owner turns notifications on in Settings → Notifications, the farmer
// writes, the product's job pushes to the local push service this test runs (the internet is not reachable),
// the test decrypts the push with the device's key and hands it to the page's service worker as a push event,
// the worker shows the notification and the unread count on the app's icon, and clicking the notification
// moves the owner's dashboard tab to the conversation. Chromium's headless shell denies the notification
// permission, has no push service of its own, and its renderer dies when a service worker sets the app badge
// (CI failed on that three tries in a row), so the browser's side of these is stood in for: an init script
// answers the permission prompt and PushManager.subscribe (with a subscription on the local push service,
// whose keys the test holds), and in the worker the notification shown and the badge set are recorded instead
// of drawn; the click is a notificationclick event dispatched in the worker with that notification.
// Everything of the product's runs as it is. Each step in the worker is one call (see inLiveWorker).
import { expect, test, type Page } from '@playwright/test';
import { decryptPush, startPushService } from '../fixtures/push-service';
import { ownerAndFarmerTalking, PHONE, say, closeAll } from './seams-thread-setup';

test('notify me on this device: a message arrives as a notification, and clicking it opens the conversation', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const service = await startPushService();
  const deal = await ownerAndFarmerTalking(browser, baseURL!, { octets: [171, 172], ownerViewport: PHONE });
  try {
    const { owner, farmer, conversationId } = deal;
    const device = service.newDevice('owner-phone');
    await owner.context.addInitScript(standInForTheBrowser, { endpoint: device.endpoint, keys: device.keys });
    const page = owner.page;

    await page.goto('/settings?tab=notifications');
    await page.getByRole('switch', { name: 'Hide message text on lock screens' }).waitFor();
    await page.getByRole('button', { name: 'Notify me on this device' }).click();
    await expect(page.getByText('Notifications on', { exact: true })).toBeVisible();
    const devices = page.getByRole('list', { name: 'Devices with notifications on' });
    await expect(devices).toContainText('This device');
    await expect(devices).toContainText(/Chrome on (Android|Linux)/);

    // The owner looks at the dashboard (another conversation could be open): the farmer's new message is pushed.
    await page.goto('/dashboard?tab=overview');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await say(farmer, baseURL!, conversationId, 'We could start on the first of the month, with our own racks and grow lights.');
    await expect.poll(() => service.to('owner-phone').length, { timeout: 15_000 }).toBe(1);
    const push = service.to('owner-phone')[0]!;
    const payload = decryptPush(push.body, device);
    expect(JSON.parse(payload)).toMatchObject({ title: 'New message from Frida Greenleaf', url: `/dashboard?tab=messages&conversation=${conversationId}` });

    // The push event, with the payload the push service carried, and then the click on the notification the
    // worker showed, each in one call into whichever worker runs now (see inLiveWorker).
    const { shown, badge } = await inLiveWorker(page, (data) => {
      const recorded: { title: string; body: string; url: string }[] = [];
      const worker = self as unknown as { registration: ServiceWorkerRegistration; navigator: { setAppBadge(n: number): Promise<void>; clearAppBadge(): Promise<void> } };
      worker.registration.showNotification = async (title: string, options: NotificationOptions = {}) => {
        recorded.push({ title, body: options.body ?? '', url: (options.data as { url: string }).url });
      };
      let badgeShown: number | undefined;
      worker.navigator.setAppBadge = async (count: number) => void (badgeShown = count);
      worker.navigator.clearAppBadge = async () => void (badgeShown = 0);
      const pending: Promise<unknown>[] = [];
      const PushEventType = (self as unknown as { PushEvent: new (type: string, init: { data: string }) => Event }).PushEvent;
      const push = new PushEventType('push', { data });
      Object.defineProperty(push, 'waitUntil', { value: (p: Promise<unknown>) => pending.push(p) });
      self.dispatchEvent(push);
      return Promise.all(pending).then(() => ({ shown: recorded, badge: badgeShown }));
    }, payload);
    expect(shown).toEqual([
      { title: 'New message from Frida Greenleaf', body: 'We could start on the first of the month, with our own racks and grow lights.', url: `/dashboard?tab=messages&conversation=${conversationId}` },
    ]);
    // The app's icon shows the owner's unread count, as the server counts it.
    const unread = (await (await owner.context.request.get('/api/conversations/unread-count')).json()) as { count: number };
    expect(unread.count).toBeGreaterThan(0);
    expect(badge).toBe(unread.count);
    await inLiveWorker(page, (address) => {
      const click = new Event('notificationclick') as Event & { notification: unknown };
      Object.defineProperty(click, 'notification', { value: { data: { url: address }, close() {} } });
      Object.defineProperty(click, 'waitUntil', { value: () => undefined });
      self.dispatchEvent(click);
    }, shown[0]!.url);
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?tab=messages&conversation=${conversationId}$`));
    await expect(page.getByText('We could start on the first of the month')).toBeVisible();
  } finally {
    await closeAll(deal.owner, deal.farmer);
    await service.close();
  }
});

/** The browser's side that the headless shell lacks: permission granted, and a subscription on the local push service. */
function standInForTheBrowser({ endpoint, keys }: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const subscription = { endpoint, expirationTime: null, toJSON: () => ({ endpoint, expirationTime: null, keys }), unsubscribe: async () => (localStorage.removeItem('e2e-push'), true) };
  Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
  Notification.requestPermission = async () => 'granted';
  PushManager.prototype.subscribe = async function () {
    localStorage.setItem('e2e-push', '1');
    return subscription as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    return (localStorage.getItem('e2e-push') ? subscription : null) as unknown as PushSubscription;
  };
}

/**
 * Runs `task` in the page's service worker and returns its answer. A browser may stop an idle worker between
 * two calls (then Playwright's handle on it is gone, with anything set on it): each try first wakes the
 * worker with a request from the page (its fetch handler) and runs the whole task in one call, so nothing
 * the task needs can be lost between two calls; a try on a worker that stops under it is made again.
 */
async function inLiveWorker<R>(page: Page, task: (arg: string) => R | Promise<R>, arg: string): Promise<R> {
  let answer: R | undefined;
  await expect(async () => {
    await page.evaluate(() => fetch('/offline', { cache: 'no-store' }).then((r) => r.status));
    const worker = page.context().serviceWorkers().at(-1);
    if (!worker) throw new Error('no service worker yet');
    let timer: NodeJS.Timeout | undefined;
    answer = await Promise.race([
      worker.evaluate(task, arg),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the worker did not answer in 5 s')), 5_000))),
    ]).finally(() => clearTimeout(timer));
  }).toPass({ timeout: 20_000 });
  return answer as R;
}
