// End-to-end tests against the built product (npm start's server) in Debian's Chromium.
// Run through `npm run test:e2e`, which checks for the browser and builds the site first.
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '#tests/e2e/browser';
import { DEEP } from '#tests/setup/depth';
import { E2E_PORT, E2E_SITE_URL } from '#tests/setup/paths';

const port = E2E_PORT;
const baseURL = E2E_SITE_URL;
/** End-to-end specs that publish listings (see `projects`). */
const PUBLISHING_SPECS = ['**/agreements.spec.ts', '**/photos.spec.ts', '**/photos-slow-upload.spec.ts', '**/growing.spec.ts', '**/long-titles.spec.ts', '**/messaging.spec.ts', '**/payments-checkout.spec.ts', '**/reliability-unverified-contact.spec.ts', '**/moderation.spec.ts', '**/saved-spaces.spec.ts', '**/seams-numbers.spec.ts', '**/seams-money*.spec.ts', '**/seams-thread*.spec.ts', '**/seams-form-edit.spec.ts', '**/seams-map-*.spec.ts', '**/reviews.spec.ts', '**/review-seams.spec.ts', '**/profiles.spec.ts', '**/phone-push.spec.ts', '**/demand-widen.spec.ts', '**/seams-operators.spec.ts'];
export const E2E_DATA_DIR = path.resolve('.tmp', `e2e-data-${port}`);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Two depths (docs/decisions/0611): `npm test` runs every test but those tagged @deep; `npm run test:deep`
  // (CI) runs those and the @sampled ones again at full depth — sweeps over every page or payload, which
  // take a sample at the quick depth (tests/setup/depth.ts), each with its reason in the spec.
  ...(DEEP ? { grep: /@deep|@sampled/ } : { grepInvert: /@deep/ }),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]), ['./tests/setup/playwright-timings.ts']],
  outputDir: 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Specs that publish listings change what every browse test counts, so they run after the others.
  projects: [
    { name: 'chromium', testIgnore: PUBLISHING_SPECS },
    { name: 'publishing', testMatch: PUBLISHING_SPECS, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'tsx scripts/start.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_SITE_URL: baseURL,
      NODE_ENV: 'test',
      // Cheap password hashing (api/src/lib/password-hashing.ts): every spec signs people up and in.
      PASSWORD_HASH_COST: 'test',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      DATABASE_URL: '',
      SMTP_URL: '',
      // Operators of the console's end-to-end test (tests/e2e/moderation.spec.ts) and of the seams-thread
      // one (hides a listing, suspends a person): one address each (and one for seams-thread-suspended-lease and
      // one for admin-jobs), as each spec registers its own.
      OPERATOR_EMAILS: 'operator-e2e@example.com,operator-thread-e2e@example.com,operator-lease-e2e@example.com,operator-jobs-e2e@example.com,operator-reviews-e2e@example.com,operator-seams-e2e@example.com,operator-seams2-e2e@example.com,operator-seams3-e2e@example.com',
      // Web Push to the spec's local push service on 127.0.0.1 (tests/e2e/phone-push.spec.ts; docs/decisions/1805).
      PUSH_LOCAL_SERVICE: 'true',
      // The browser keeps both cores busy: background photo workers would starve (docs/decisions/0807).
      PHOTO_WORKER_PRIORITY: 'normal',
    },
  },
});
