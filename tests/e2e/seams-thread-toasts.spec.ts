// Issue 43, item 11: a toast covers no control of the page it appears on. The farmer sends a message on a
// phone and on a desktop: "Message sent" shows, and neither the message box, Send, nor any other visible
// control lies under it while it shows.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { closeAll, DESKTOP, ownerAndFarmerTalking, PHONE } from './seams-thread-setup';

const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = path.resolve('test-results', 'seams-thread');

/** The visible controls (links, buttons, fields) that the shown toast overlaps, by their names. */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toast = document.querySelector('[data-toast]')!.getBoundingClientRect();
    const region = document.getElementById('toast-region')!;
    const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="button"]')].filter((el) => !region.contains(el));
    return controls
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1 || !el.checkVisibility({ visibilityProperty: true })) return false;
        return r.left < toast.right && r.right > toast.left && r.top < toast.bottom && r.bottom > toast.top;
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40) || (el as HTMLTextAreaElement).placeholder}"`);
  });
}

test('the "Message sent" toast covers neither the message box, Send, nor any other control, on a phone and a desktop', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const { owner, farmer, conversationId } = await ownerAndFarmerTalking(browser, baseURL!, { octets: [245, 246], farmerViewport: PHONE });
  const page = farmer.page;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
    const box = page.getByRole('textbox', { name: 'Type a message' });
    await box.fill(`A question from a ${viewport.width} px screen: is there water on the roof?`);
    await page.getByRole('button', { name: 'Send' }).click();
    const toast = page.locator('[data-toast]');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(/sent/i);
    // Placed once the placement code has loaded with the first toast (a frame or two after it shows).
    await expect.poll(() => coveredControls(page), { message: `controls under the toast at ${viewport.width}x${viewport.height}` }).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `toast-${viewport.width}x${viewport.height}.png`) });
  }
  await closeAll(owner, farmer);
});
