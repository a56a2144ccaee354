// Set-up of the seams-thread specs (issue 25, items 9, 10, 19, 20, 22), made through the API with the
// project's helpers: an owner and a farmer, each signed in in a browser context of their own, a live
// listing of the owner's and the farmer's conversation about it.
import { randomBytes } from 'node:crypto';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newUser, registerViaApi } from './accounts-helpers';
import { verifyViaApi } from './fixtures/api';
import { visitorFrom } from './browser';
import { publishByTestCard } from './payments-helpers';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

export type Person = { context: BrowserContext; page: Page; user: ReturnType<typeof newUser>; id: number };

export async function signedIn(browser: Browser, baseURL: string, firstName: string, lastName: string, octet: number, viewport = DESKTOP, email?: string, verified = false): Promise<Person> {
  const context = await browser.newContext({ baseURL, viewport, ...visitorFrom(octet) });
  const user = { ...newUser(firstName), lastName, ...(email && { email }) };
  const { user: created } = await registerViaApi(context, baseURL, user);
  // Proposing and accepting terms need a verified address (issue 43, item 7).
  if (verified) await verifyViaApi(context, baseURL, user.email);
  return { context, page: await context.newPage(), user, id: created.id };
}

export type Deal = { owner: Person; farmer: Person; spaceId: number; conversationId: number; title: string };

/** The owner's live listing (fields override the defaults) and the farmer's first message about it. */
export async function ownerAndFarmerTalking(
  browser: Browser,
  baseURL: string,
  options: { octets: [number, number]; ownerViewport?: typeof PHONE; farmerViewport?: typeof PHONE; listing?: Record<string, unknown> },
): Promise<Deal> {
  const owner = await signedIn(browser, baseURL, 'Olga', 'Landry', options.octets[0], options.ownerViewport ?? PHONE, undefined, true);
  const farmer = await signedIn(browser, baseURL, 'Frida', 'Greenleaf', options.octets[1], options.farmerViewport ?? DESKTOP, undefined, true);
  const title = `Harbor rooftop ${randomBytes(3).toString('hex')}`;
  const created = await owner.context.request.post('/api/spaces', {
    headers: { origin: baseURL },
    data: { title, description: 'A flat rooftop with water access and afternoon sun.', location: '48 Pier Street', city: 'Portland', state: 'OR', zipCode: '97201', country: 'US', size: 2000, pricePerMonth: '1400', spaceType: 'rooftop', amenities: [], images: [], ...options.listing },
  });
  expect(created.status(), await created.text()).toBe(201);
  const spaceId = ((await created.json()) as { id: number }).id;
  await publishByTestCard(owner.context.request, baseURL, spaceId);
  const contact = await farmer.context.request.post('/api/conversations', { headers: { origin: baseURL }, data: { spaceId, content: 'Hello! Could I grow microgreens on your rooftop from next month?' } });
  expect(contact.status(), await contact.text()).toBe(201);
  const conversationId = ((await contact.json()) as { conversationId: number }).conversationId;
  return { owner, farmer, spaceId, conversationId, title: (options.listing?.title as string | undefined) ?? title };
}

/** A message from `who` in the conversation, through the API (as the thread's Send does). */
export async function say(who: Person, baseURL: string, conversationId: number, content: string): Promise<void> {
  const res = await who.context.request.post(`/api/conversations/${conversationId}/messages`, { headers: { origin: baseURL }, data: { content } });
  expect(res.status(), await res.text()).toBe(201);
}

/** Terms proposed by `who` through the API (what the proposal form sends); returns the proposal's id. */
export async function proposeViaApi(who: Person, baseURL: string, conversationId: number, terms: Record<string, unknown> = {}): Promise<number> {
  const res = await who.context.request.post(`/api/conversations/${conversationId}/proposals`, {
    headers: { origin: baseURL },
    data: { rent: '1400', startDate: firstOfNextMonth(), termMonths: 12, depositMonths: 2, utilitiesPaidBy: 'tenant', growingActivities: 'Microgreens', accessHours: 'Mon-Sat 6:00-20:00', insuranceAmount: '1000000', notes: '', ...terms },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

export function firstOfNextMonth(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

export async function closeAll(...people: Person[]): Promise<void> {
  await Promise.all(people.map((p) => p.context.close()));
}

/** Whether the page is wider than its viewport (a horizontal scroll bar on a phone). */
export async function pageOverflow(page: Page): Promise<{ scrollWidth: number; viewport: number }> {
  return page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, viewport: window.innerWidth }));
}
