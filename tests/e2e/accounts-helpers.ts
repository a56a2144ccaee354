// Helpers for the account end-to-end tests: unique users, API calls from a browser context (with the
// site's Origin, as the page itself would send), and the development mailbox.
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

let counter = 0;
export function newUser(firstName = 'Ada') {
  counter += 1;
  return { firstName, lastName: 'Lovelace', email: `e2e-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`, password: `Analytical-Engine-${counter}-${Date.now()}` };
}

export function origin(page: Page): string {
  return new URL(page.url() === 'about:blank' ? (process.env.PUBLIC_SITE_URL ?? 'http://localhost:4400') : page.url()).origin;
}

/** Registers through the API in this browser context (its cookie jar receives the session). */
export async function registerViaApi(context: BrowserContext, baseURL: string, user: ReturnType<typeof newUser>) {
  const res = await context.request.post('/api/auth/register', { data: user, headers: { origin: baseURL } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { user: { id: number } };
}

type Mail = { to: string; subject: string; text: string; html: string; createdAt: string };

/** Waits for an e-mail to `to` whose subject matches (the outbox job sends every two seconds). */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/api/dev/mail')).json()) as Mail[];
        found = mails.find((m) => m.to === to && subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 15_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

export function linkFrom(mail: Mail, path: string): string {
  const match = new RegExp(`https?://[^\\s"]+${path}\\?token=[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in "${mail.subject}"`);
  return match[0];
}
