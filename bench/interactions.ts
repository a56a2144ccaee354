// `npm run bench:interactions` (issue 40): how fast the product answers the actions people do most. In Debian's
// Chromium with 4× CPU throttling (CDP Emulation.setCPUThrottlingRate) and a phone's viewport (412×823, DPR
// 2.625, touch), each interaction is done BENCH_REPS times (default 10), each time on a freshly loaded page, and
// its INP is read in the page from the `web-vitals` library (onINP with reportAllChanges, its attribution build;
// durationThreshold 16 ms, so an interaction under 16 ms reports nothing and counts as "< 16 ms"). Printed per
// interaction: p75 and worst (target p75 ≤ 200 ms), and when p75 is over, the long animation frames of the
// worst repetition with the scripts that ran in them (URL, what invoked them, how long).
//   - location: typing "Ber" in /spaces' location box and choosing "Berlin, DE";
//   - filter: toggling an amenity on /spaces with ~1,000 public listings behind it;
//   - listing from the list: tapping a card's title on /spaces (the listing's dialog opens);
//   - listing from the map: tapping a pin on /spaces?view=map (tiles answered locally);
//   - dashboard tabs: switching from Overview to My Listings;
//   - conversation: opening a conversation of 200 messages on /dashboard?tab=messages and sending one;
//   - photos: choosing four phone photos in /list-space's form (the file chooser), then tapping the title
//     field as a person does next (what the photos' work delays shows in that tap);
//   - accept terms: the farmer accepts the owner's proposed terms (the button, then the confirmation).
// Set-up actions (opening the phone's filter panel) are done with untrusted clicks, which Event Timing — and so
// INP — does not count. The product runs as `npm start` runs it (built site, NODE_ENV=development) on
// PostgreSQL (a database of its own, BENCH_ADMIN_URL's server), on BENCH_PORT (default 4411). The machine's load
// average is printed with each figure: on a busy machine they are not measurements to quote.
// BENCH_SMOKE=1 (bench/smoke.ts): one repetition of the filter and dashboard-tab interactions only.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase } from '#db/client';
import { ensureDemoOwner } from '#db/seed/demo-owner';
import { GENERATED_CITIES, generateSpaces } from '#db/seed/generate-spaces';
import { searchPlaces, warmGazetteer } from '#api/modules/places/gazetteer';
import { CHROMIUM_ARGS, findFullChromium } from '#tests/e2e/browser';
import { ensureSiteBuild } from '../scripts/build-site';
import { benchDatabaseUrl, dropDatabase, recreateDatabase } from './bench-database';
import { bySmoke, RESULTS_DIR, SMOKE, smokeBanner, targetsExitCode } from './smoke';

const port = Number(process.env.BENCH_PORT ?? 4411);
const origin = `http://localhost:${port}`;
const REPS = bySmoke(Math.max(1, Number(process.env.BENCH_REPS ?? 10)), 1);
const TARGET_MS = 200;
/** Generated listings: about 90 % of them are public, so ~1,000 results on /spaces. */
const LISTINGS = 1_120;
const THREAD_MESSAGES = 200;
const CPU_SLOWDOWN = 4;
const dbUrl = benchDatabaseUrl(process.env.BENCH_DB_NAME ?? 'interactions_bench');
const require = createRequire(import.meta.url);
// The attribution build as a classic script (its global `webVitals`), beside the CommonJS one the package exports.
const WEB_VITALS = readFileSync(path.join(path.dirname(require.resolve('web-vitals/attribution')), 'web-vitals.attribution.iife.js'), 'utf8');
const TILE = readFileSync(path.join(import.meta.dirname, '..', 'tests', 'e2e', 'fixtures', 'map-tile.png'));

const chromePath = findFullChromium();
if (!chromePath) {
  console.error('No Chromium found: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

const lines: string[] = [];
const log = (line = '') => {
  console.log(line);
  lines.push(line);
};
const loadAverage = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

type Cookie = { name: string; value: string; url: string };
type Account = { id: number; cookies: Cookie[] };

async function api(pathname: string, account: Account | null, body?: unknown): Promise<Response> {
  return fetch(origin + pathname, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin, 'content-type': 'application/json', ...(account && { cookie: account.cookies.map((c) => `${c.name}=${c.value}`).join('; ') }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function apiJson<T>(pathname: string, account: Account | null, body?: unknown): Promise<T> {
  const res = await api(pathname, account, body);
  if (!res.ok) throw new Error(`${pathname} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function signUp(firstName: string): Promise<Account> {
  const res = await api('/api/auth/register', null, { firstName, lastName: 'Bench', email: `${firstName.toLowerCase()}-${Date.now()}@example.com`, password: `Interactions-${Date.now()}-pw` });
  if (res.status !== 201) throw new Error(`registering ${firstName} answered ${res.status}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: number } };
  const cookies = res.headers.getSetCookie().map((c) => {
    const pair = c.split(';')[0]!;
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: origin };
  });
  return { id: user.id, cookies };
}

async function waitForHealth() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become healthy within 5 minutes');
}

/** A phone photo (smaller than a real one: the bench measures the page's work, not the upload). */
async function photo(seed: number): Promise<Buffer> {
  const width = 2000;
  const height = 1500;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0, p = 0; i < width * height; i++) {
    const v = 80 + ((i % width) * (seed + 1) + Math.floor(i / width) * 3) % 120;
    pixels[p++] = v;
    pixels[p++] = 255 - v;
    pixels[p++] = (v * 2) % 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
}

type Frame = { duration: number; blocking: number; scripts: { url: string; invoker: string; duration: number }[] };
type Report = { value: number; type: string; target: string; inputDelay: number; processing: number; presentation: number; frames: Frame[] };

/** What the page records: every INP report (reportAllChanges), with the long animation frames behind it. */
const RECORDER = `${WEB_VITALS};
window.__inp = [];
webVitals.onINP((m) => {
  const a = m.attribution;
  window.__inp.push({ value: m.value, type: a.interactionType, target: a.interactionTarget, inputDelay: a.inputDelay, processing: a.processingDuration, presentation: a.presentationDelay,
    frames: (a.longAnimationFrameEntries || []).map((f) => ({ duration: f.duration, blocking: f.blockingDuration, scripts: (f.scripts || []).map((s) => ({ url: s.sourceURL, invoker: s.invoker, duration: s.duration })) })) });
}, { reportAllChanges: true, durationThreshold: 16 });`;

type Interaction = {
  name: string;
  account: () => Account | null;
  /** Loads the page and brings it to where the interaction starts (no trusted input). */
  prepare(page: Page, rep: number): Promise<void>;
  /** The interaction itself, with trusted input, until its effect shows. */
  act(page: Page, rep: number): Promise<void>;
  smoke?: boolean;
};

/** The phone's filter panel opened by an untrusted click (not an interaction for Event Timing): set-up that must not count. */
async function openPhoneFilters(page: Page) {
  // Once hydrated: a click on the server's HTML does nothing.
  await page.locator('form[role="search"] [data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.getByRole('search', { name: 'Filter spaces' }).getByRole('button', { name: /^Filters/ }).evaluate((el: HTMLElement) => el.click());
  await page.locator('#filter-fields:not(.hidden)').waitFor();
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (v: number) => (v < 16 ? '< 16 ms' : `${Math.round(v)} ms`);
let met = true;

smokeBanner(log);
log(`bench:interactions ${new Date().toISOString()} — Chromium ${CPU_SLOWDOWN}× CPU slowdown, phone viewport 412×823, ${REPS} repetition(s) each, INP from web-vitals (onINP, reportAllChanges); load average before: ${loadAverage()} (${os.availableParallelism()} cores)`);

process.env.PUBLIC_SITE_URL = origin;
process.env.PORT = String(port);
ensureSiteBuild();
await recreateDatabase(dbUrl);
const dataDir = path.resolve('.tmp', `bench-interactions-${port}`);
const server = spawn(process.execPath, [path.resolve('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: dbUrl, PUBLIC_SITE_URL: origin, LOG_LEVEL: 'warn', NODE_ENV: 'development', PUBLIC_READ_CACHE: 'false' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const database = openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
const cleanup = async () => {
  await browser.close().catch(() => undefined);
  server.kill('SIGTERM');
  await database.close().catch(() => undefined);
  await new Promise((r) => setTimeout(r, 1000));
  await dropDatabase(dbUrl).catch(() => undefined);
};

try {
  await waitForHealth();
  const { db } = database;
  // ~1,000 public listings, each placed near its city (the map has pins to tap).
  warmGazetteer();
  const centres = Object.fromEntries(GENERATED_CITIES.map((c) => [c, { lat: searchPlaces(c, 1)[0]!.latitude, lng: searchPlaces(c, 1)[0]!.longitude }]));
  await generateSpaces(db, { count: LISTINGS, ownerId: await ensureDemoOwner(db), now: new Date(), centres });
  const owner = await signUp('Olga');
  const farmer = await signUp('Frida');
  const { id: spaceId } = await apiJson<{ id: number }>('/api/spaces', owner, {
    title: 'Rooftop greenhouse with water and power',
    description: 'A heated rooftop greenhouse with water, three-phase power and a goods lift.',
    location: '12 Harbour Street',
    city: 'Berlin',
    country: 'DE',
    size: 6000,
    pricePerMonth: '1800',
    spaceType: 'greenhouse',
    amenities: ['water_access', 'power'],
    images: [],
  });
  const intent = await apiJson<{ paymentIntentId: string; clientSecret: string }>('/api/create-payment-intent', owner, { spaceId, paymentType: 'listing_fee', currency: 'USD' });
  await apiJson('/api/payments/test-confirm', owner, { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
  const { conversationId } = await apiJson<{ conversationId: number }>('/api/conversations', farmer, { spaceId, content: 'Hello! Could I grow microgreens in your greenhouse?' });
  // The rest of the 200 messages, written as the two people would have over the weeks before.
  await db.execute(sql`insert into messages (conversation_id, sender_id, content, is_read, created_at)
    select ${conversationId}::int, case when g % 2 = 0 then ${owner.id}::int else ${farmer.id}::int end,
      'Message ' || g || ': about the greenhouse, the water, the hours and the rent. We grow lettuce, basil and microgreens.', true,
      now() - (${THREAD_MESSAGES}::int - g) * interval '1 minute'
    from generate_series(1, ${THREAD_MESSAGES - 1}::int) g`);
  await db.execute(sql`update conversations set last_message_at = now() where id = ${conversationId}`);
  const photos = SMOKE ? [] : await Promise.all([1, 2, 3, 4].map(async (i) => ({ name: `IMG_${i}.jpg`, mimeType: 'image/jpeg', buffer: await photo(i) })));
  const nextMonth = (() => {
    const d = new Date();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  })();

  const interactions: Interaction[] = [
    {
      name: 'location: type "Ber", choose Berlin',
      account: () => null,
      async prepare(page) {
        await page.goto(`${origin}/spaces`);
        await openPhoneFilters(page);
      },
      async act(page) {
        await page.getByRole('combobox', { name: 'Near a place' }).pressSequentially('Ber', { delay: 120 });
        await page.getByRole('option', { name: 'Berlin, DE' }).click();
        await page.waitForURL(/near=/);
      },
    },
    {
      name: 'filter: toggle an amenity on ~1,000 results',
      smoke: true,
      account: () => null,
      async prepare(page) {
        await page.goto(`${origin}/spaces`);
        await openPhoneFilters(page);
      },
      async act(page) {
        const count = page.getByTestId('result-count');
        const before = await count.textContent();
        await page.getByRole('search', { name: 'Filter spaces' }).getByText('Water Access').click();
        await page.waitForFunction((text) => document.querySelector('[data-testid="result-count"]')?.textContent !== text, before);
      },
    },
    {
      name: 'listing from the list',
      account: () => null,
      async prepare(page) {
        await page.goto(`${origin}/spaces`);
        await page.locator('[data-space-card]').first().waitFor();
      },
      async act(page) {
        await page.locator('[data-space-card]').first().getByRole('button').first().click();
        await page.getByRole('dialog').waitFor();
      },
    },
    {
      name: 'listing from the map',
      account: () => null,
      async prepare(page) {
        await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE }));
        await page.goto(`${origin}/spaces?view=map&near=${searchPlaces('Berlin', 1)[0]!.id}&radiusKm=5`);
        await page.locator('.fs-pin').first().waitFor();
      },
      async act(page) {
        await page.locator('.fs-pin').first().click();
        await page.getByRole('dialog').waitFor();
      },
    },
    {
      name: 'dashboard: Overview → My Listings',
      smoke: true,
      account: () => owner,
      async prepare(page) {
        await page.goto(`${origin}/dashboard`);
        await page.getByRole('tab', { name: 'My Listings' }).waitFor();
      },
      async act(page) {
        await page.getByRole('tab', { name: 'My Listings' }).click();
        await page.getByRole('tabpanel').getByText('Rooftop greenhouse with water and power').first().waitFor();
      },
    },
    {
      name: 'conversation of 200 messages: open, send one',
      account: () => farmer,
      async prepare(page) {
        await page.goto(`${origin}/dashboard?tab=messages`);
        await page.locator(`[data-conversation="${conversationId}"]`).waitFor();
      },
      async act(page, rep) {
        await page.locator(`[data-conversation="${conversationId}"]`).click();
        await page.getByTestId('thread').getByText(`Message ${THREAD_MESSAGES - 1}:`).waitFor();
        const box = page.getByRole('textbox', { name: 'Type a message' });
        await box.pressSequentially(`See you at ${rep + 8}.`, { delay: 60 });
        await box.press('Enter');
        await page.getByTestId('thread').getByText(`See you at ${rep + 8}.`).waitFor();
      },
    },
    {
      name: 'list-space: add four photos',
      account: () => owner,
      async prepare(page) {
        await page.goto(`${origin}/list-space`);
        await page.locator('form [data-hydrated="true"]').first().waitFor();
      },
      async act(page) {
        const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByText('Choose photos').first().click()]);
        await chooser.setFiles(photos);
        // What a person does next: the title field. A main thread busy with the photos shows in this tap.
        await page.getByLabel('Space Title').click();
        await page.locator('[aria-label="Photos in display order"] li').nth(3).waitFor();
      },
    },
    {
      name: 'accept proposed terms',
      account: () => farmer,
      async prepare(page, rep) {
        await apiJson(`/api/conversations/${conversationId}/proposals`, owner, { rent: String(1500 + rep), startDate: nextMonth, termMonths: 12, areaSqFt: 10, depositMonths: 0, utilitiesPaidBy: 'landlord', growingActivities: 'Microgreens', accessHours: 'Mon-Sat 6-20', notes: '' });
        await page.goto(`${origin}/dashboard?tab=messages&conversation=${conversationId}`);
        await page.locator('[data-proposal][data-status="open"]').getByRole('button', { name: 'Accept terms' }).waitFor();
      },
      async act(page) {
        await page.locator('[data-proposal][data-status="open"]').getByRole('button', { name: 'Accept terms' }).click();
        await page.getByRole('alertdialog', { name: /Accept these terms/ }).getByRole('button', { name: 'Accept terms' }).click();
        await page.locator('#toast-live').getByText('Terms Accepted').waitFor();
      },
    },
  ];

  log(`${LISTINGS.toLocaleString('en-US')} generated listings (about 90 % public); a conversation of ${THREAD_MESSAGES} messages`);
  log('');
  for (const interaction of interactions.filter((i) => !SMOKE || i.smoke)) {
    const account = interaction.account();
    const values: number[] = [];
    const reportsByRep: Report[][] = [];
    const loadBefore = loadAverage();
    for (let rep = 0; rep < REPS; rep++) {
      const context: BrowserContext = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true, locale: 'en-US' });
      try {
        if (account) await context.addCookies(account.cookies);
        await context.addInitScript(RECORDER);
        const page = await context.newPage();
        page.setDefaultTimeout(60_000);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await interaction.prepare(page, rep);
        // The page settled after its load: the interaction alone.
        await page.waitForTimeout(1000);
        await interaction.act(page, rep);
        await page.waitForTimeout(800);
        const reports = await page.evaluate(() => (window as unknown as { __inp: Report[] }).__inp);
        reportsByRep.push(reports);
        values.push(Math.max(0, ...reports.map((r) => r.value)));
      } finally {
        await context.close();
      }
    }
    const p75 = percentile(values, 75);
    const worst = Math.max(...values);
    const pass = p75 <= TARGET_MS;
    if (!pass) met = false;
    log(`${interaction.name.padEnd(48)} p75 ${ms(p75).padStart(8)} · worst ${ms(worst).padStart(8)} (${pass ? 'pass' : `FAIL, target p75 ≤ ${TARGET_MS} ms`}) · load average ${loadBefore} → ${loadAverage()}`);
    const worstRep = reportsByRep[values.indexOf(worst)] ?? [];
    const last = worstRep.at(-1);
    // The target as web-vitals names it (a CSS selector: its tag, id and first classes are enough to find it).
    const target = (last?.target || '?').split('.').slice(0, 3).join('.');
    if (last) log(`  worst: ${last.type} on ${target} — input delay ${Math.round(last.inputDelay)} ms, processing ${Math.round(last.processing)} ms, presentation ${Math.round(last.presentation)} ms`);
    if (!pass && last) {
      for (const frame of last.frames.filter((f) => f.duration >= 50).slice(0, 4)) {
        const scripts = frame.scripts.sort((a, b) => b.duration - a.duration).slice(0, 3).map((s) => `${s.url.replace(origin, '') || '(inline)'} [${s.invoker}] ${Math.round(s.duration)} ms`);
        log(`  long frame ${Math.round(frame.duration)} ms (blocking ${Math.round(frame.blocking)} ms): ${scripts.join('; ') || 'no script attributed (style, layout, paint)'}`);
      }
    }
  }
  log('');
  log(met ? `All p75 ≤ ${TARGET_MS} ms.` : `Some interactions are over p75 ${TARGET_MS} ms (above).`);
  log(`load average after: ${loadAverage()}`);
} finally {
  await cleanup();
}
smokeBanner(log);
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(path.join(RESULTS_DIR, 'interactions.txt'), lines.join('\n') + '\n');
process.exitCode = targetsExitCode(met);
