// Issue 25 item 6, in Chromium: an owner pays for a draft with the test card and lands on the listing itself
// with "Your listing is live" (not on Browse after 1.5 s); Back to that checkout says it is paid and links to
// the listing — no red "already published… Try Again", no "Upgrade to Premium" with "Total —" — and asks for
// no new payment. Screenshots at phone and desktop sizes under /work/notes/screens/money when SCREENS is set.
import { expect, test, type Page } from '@playwright/test';
import { visitorFrom } from './browser';
import { signUpAndIn } from './spaces-helpers';
import { draftSpace, screenshot, SLOW_MACHINE_TIMEOUT_MS } from './seams-money-helpers';

test.describe.configure({ timeout: SLOW_MACHINE_TIMEOUT_MS });
test.use(visitorFrom(245));

async function payments(page: Page) {
  return (await (await page.request.get('/api/payments')).json()) as { id: number; status: string }[];
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
  test(`${viewport.width}px: after paying the owner lands on the live listing; Back to the checkout says it is paid`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport);
    await signUpAndIn(page, baseURL!);
    const title = `Paid roof ${viewport.width} ${Date.now()}`;
    const id = await draftSpace(page.request, baseURL!, { title });
    await page.goto(`/checkout?spaceId=${id}&paymentType=listing_fee&currency=USD`);
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
    await page.getByRole('textbox', { name: 'Expiry' }).fill('1234');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: /Complete Payment/ }).click();

    await page.waitForURL(new RegExp(`/spaces/${id}(\\?|$)`), { timeout: 30_000 });
    const live = page.getByTestId('listing-live');
    await expect(live).toContainText('Your listing is live');
    await expect(live.getByRole('link', { name: 'Manage it in My Listings' })).toHaveAttribute('href', '/dashboard?tab=listings');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // A reload is a plain visit: the flag left the address.
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, `post-payment-landing-${viewport.width}`);
    const paidBefore = await payments(page);
    expect(paidBefore.map((p) => p.status)).toEqual(['succeeded']);

    await page.goBack();
    await expect(page).toHaveURL(/\/checkout\?/);
    const paid = page.getByTestId('checkout-paid');
    await expect(paid).toContainText('This listing is paid for');
    await expect(paid).toContainText('It is live until');
    await expect(paid.getByRole('link', { name: 'Go to your listing' })).toHaveAttribute('href', `/spaces/${id}`);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
    await expect(page.getByText('Upgrade to Premium')).toHaveCount(0);
    await expect(page.getByTestId('checkout-total')).toHaveText('Paid');
    await screenshot(page, `back-to-paid-checkout-${viewport.width}`);
    // Nothing new was asked of the provider: the same one succeeded payment.
    expect(await payments(page)).toEqual(paidBefore);

    await paid.getByRole('link', { name: 'Go to your listing' }).click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
}
