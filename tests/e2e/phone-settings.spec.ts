// Settings → Notifications in a browser that blocks notifications (Chromium's headless shell denies the
// permission, as a person's browser does once they blocked the site): the permission is asked only on the
// click, the person is told how to allow it, and no device is registered.
import { expect, test } from '@playwright/test';
import { closeAll, person } from './fixtures/api';
import { PUSH_TEXTS } from '#contracts/push';

test('notify me on this device where notifications are blocked: told why, nothing registered', async ({ browser, baseURL }) => {
  const who = await person(browser, baseURL!, { firstName: 'Nora', octet: 173 });
  try {
    const { page } = who;
    let asked = false;
    await page.exposeFunction('permissionAsked', () => (asked = true));
    await page.addInitScript(() => {
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = () => ((window as unknown as { permissionAsked(): void }).permissionAsked(), ask());
    });
    await page.goto('/settings?tab=notifications');
    await page.getByRole('button', { name: 'Notify me on this device' }).waitFor();
    expect(asked).toBe(false);
    await page.getByRole('button', { name: 'Notify me on this device' }).click();
    await expect(page.getByText(PUSH_TEXTS.denied)).toBeVisible();
    expect(asked).toBe(true);
    expect((await (await who.context.request.get('/api/push/subscriptions')).json()).devices).toEqual([]);
  } finally {
    await closeAll(who);
  }
});
