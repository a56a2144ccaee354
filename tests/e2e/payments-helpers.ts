// Publishes a listing in the end-to-end tests the way its owner does: the Standard listing fee through the
// offline test-mode provider, paid with the 4242 test card (the calls the checkout page makes).
import { expect, type APIRequestContext } from '@playwright/test';

/** Pays the listing fee of the owner's draft `spaceId` with the test card; the listing is then active. */
export async function publishByTestCard(request: APIRequestContext, baseURL: string, spaceId: number | string): Promise<void> {
  const headers = { origin: baseURL };
  const intent = await request.post('/api/create-payment-intent', {
    headers,
    data: { spaceId: Number(spaceId), paymentType: 'listing_fee', currency: 'USD' },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
  const paid = await request.post('/api/payments/test-confirm', {
    headers,
    data: { paymentIntentId, clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  const mine = (await (await request.get('/api/spaces/my')).json()) as { id: number; status: string }[];
  expect(mine.find((s) => s.id === Number(spaceId))?.status).toBe('active');
}
