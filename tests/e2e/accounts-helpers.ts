// Helpers for the account end-to-end tests: unique users, API calls from a browser context (with the
// site's Origin, as the page itself would send), and the development mailbox. They live in fixtures/api.ts
// now (one set-up module for every spec); the names here stay for the specs that import them.
import type { Page } from '@playwright/test';

export { linkFrom, newUser, registerViaApi, waitForMail } from './fixtures/api';

export function origin(page: Page): string {
  return new URL(page.url() === 'about:blank' ? (process.env.PUBLIC_SITE_URL ?? 'http://localhost:4400') : page.url()).origin;
}
