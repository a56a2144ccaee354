// Issue 15, item 15, in Chromium: an account without a verified address has started its two
// conversations; the contact dialog then says why it cannot send and resends the verification link.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newUser, registerViaApi, waitForMail } from './accounts-helpers';
import { visitorFrom } from './browser';
import { publishByTestCard } from './payments-helpers';

test('a third first contact before verifying: the dialog explains and resends the link', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext({ baseURL, ...visitorFrom(91) });
  await registerViaApi(ownerContext, baseURL!, newUser('Otto'));
  const city = `Verifyville${randomBytes(3).toString('hex')}`;
  const ids: number[] = [];
  for (const title of ['North roof', 'South roof', 'East roof']) {
    const res = await ownerContext.request.post('/api/spaces', {
      headers: { origin: baseURL! },
      data: { title: `${title} ${city}`, description: 'A flat rooftop with water access and sun.', location: '3 Mill Road', city, country: 'US', size: 900, pricePerMonth: '700', spaceType: 'rooftop', amenities: [], images: [] },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await publishByTestCard(ownerContext.request, baseURL!, id);
    ids.push(id);
  }

  const farmerContext = await browser.newContext({ baseURL, ...visitorFrom(92) });
  const farmer = newUser('Fenna');
  await registerViaApi(farmerContext, baseURL!, farmer);
  for (const spaceId of ids.slice(0, 2)) {
    const res = await farmerContext.request.post('/api/conversations', { headers: { origin: baseURL! }, data: { spaceId, content: 'Is the roof free from May? I grow herbs.' } });
    expect(res.status()).toBe(201);
  }

  const page = await farmerContext.newPage();
  await page.goto(`/spaces?city=${city}`);
  await page.locator('[data-space-card]', { hasText: `East roof ${city}` }).getByRole('button', { name: 'Contact Owner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Space Owner' });
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  const why = dialog.getByTestId('verify-to-contact');
  await expect(why).toContainText('Please verify your e-mail address to contact more owners');
  await expect(dialog).toBeVisible();
  await why.getByRole('button', { name: 'Resend verification e-mail' }).click();
  await expect(why.getByRole('button', { name: 'Verification e-mail sent' })).toBeDisabled();
  await waitForMail(page.request, farmer.email, /Verify/);

  for (const id of ids) await ownerContext.request.delete(`/api/spaces/${id}`, { headers: { origin: baseURL! } });
  await ownerContext.close();
  await farmerContext.close();
});
