// `npm run bench:payments`: checkout under a burst, on PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/payments_bench, recreated) with the real Stripe SDK against the local
// fake of Stripe's HTTP API. N owners (BENCH_OWNERS, default 60) each ask for a payment intent at the same
// moment, then N signed payment_intent.succeeded webhooks arrive at once, each delivered twice. Prints
// latency percentiles and checks the outcome: N listings published, N e-mails, N redemptions capped at
// the coupon's maximum. Saves the figures to bench/results/. BENCH_SMOKE=1 (bench/smoke.ts): 3 owners, the
// same outcome checks (which still decide the exit code: they are not figures), no figure to quote.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '#api/config';
import { startServer } from '#api/server';
import { recreateDatabase } from './bench-database';
import { bySmoke, RESULTS_DIR, smokeBanner } from './smoke';
import { startFakeStripe } from '#tests/fixtures/fake-stripe';
import { PRODUCTION_VAPID_ENV } from '../tests/fixtures/vapid';

const PORT = Number(process.env.BENCH_PORT ?? 4412);
const BASE = `http://127.0.0.1:${PORT}`;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/payments_bench';
const OWNERS = bySmoke(Number(process.env.BENCH_OWNERS ?? 60), 3);
const COUPON_MAX = Math.floor(OWNERS / 3);
const lines: string[] = [];
const out = (line = '') => {
  lines.push(line);
  console.log(line);
};

let ip = 0;
async function call(pathname: string, body: unknown, headers: Record<string, string> = {}) {
  ip += 1;
  const started = performance.now();
  const res = await fetch(`${BASE}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE, 'x-forwarded-for': `10.9.${(ip >> 8) & 255}.${ip & 255}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - started, setCookie: res.headers.getSetCookie() };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const fmt = (values: number[]) => `p50 ${pct(values, 50).toFixed(0)} ms, p99 ${pct(values, 99).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;

await recreateDatabase(DATABASE_URL);
const stripe = await startFakeStripe();
const config = loadConfig({
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  ...PRODUCTION_VAPID_ENV,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATABASE_URL,
  PUBLIC_SITE_URL: BASE,
  SERVE_SITE: 'false',
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'error',
  STRIPE_SECRET_KEY: 'sk_test_bench',
  PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_farmspace_fake',
  STRIPE_API_URL: stripe.url,
});
const server = await startServer(config);
try {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  const { rows } = await pool.query(`insert into coupons (code, name, percent_off, max_redemptions) values ('BENCH50', 'Bench 50%', 50, $1) returning id`, [COUPON_MAX]);
  const couponRowId = rows[0].id as number;

  const owners: { cookie: string; spaceId: number; couponId: string }[] = [];
  for (let i = 0; i < OWNERS; i++) {
    const reg = await call('/api/auth/register', { email: `bench${i}-${Date.now()}@example.com`, password: 'Bench-Password-1234', firstName: 'Bench', lastName: `${i}` });
    const cookie = reg.setCookie.map((c) => c.split(';')[0]).join('; ');
    const space = await call('/api/spaces', { title: `Bench roof ${i}`, description: 'A roof to benchmark checkout.', location: `${i} Main St`, city: 'Portland', size: 100, pricePerMonth: '100', spaceType: 'rooftop' }, { cookie });
    // The checkout takes the reference validate-coupon answers this owner (docs/decisions/0403).
    const validated = await call('/api/validate-coupon', { couponCode: 'BENCH50' }, { cookie });
    owners.push({ cookie, spaceId: JSON.parse(space.text).id, couponId: JSON.parse(validated.text).coupon.id });
  }

  let started = performance.now();
  const intents = await Promise.all(owners.map((o) => call('/api/create-payment-intent', { spaceId: o.spaceId, paymentType: 'listing_fee', currency: 'USD', couponId: o.couponId }, { cookie: o.cookie })));
  const intentWall = performance.now() - started;
  const failedIntents = intents.filter((r) => r.status !== 200);
  if (failedIntents.length) throw new Error(`intents failed: ${failedIntents[0]!.status} ${failedIntents[0]!.text}`);

  const deliveries = intents.map((r) => stripe.event('payment_intent.succeeded', stripe.succeed(JSON.parse(r.text).paymentIntentId)));
  started = performance.now();
  const hooks = await Promise.all([...deliveries, ...deliveries].map((d) => call('/api/webhooks/stripe', d.payload, { 'stripe-signature': d.header })));
  const hookWall = performance.now() - started;
  if (hooks.some((h) => h.status !== 200)) throw new Error('a webhook delivery failed');

  const published = (await pool.query(`select count(*)::int as n from spaces where has_listing_fee`)).rows[0].n;
  const emails = (await pool.query(`select count(*)::int as n from email_notifications where type = 'payment_confirmation'`)).rows[0].n;
  const redeemed = (await pool.query(`select times_redeemed from coupons where id = $1`, [couponRowId])).rows[0].times_redeemed;
  await pool.end();

  smokeBanner(out);
  out(`# Checkout burst on PostgreSQL (${os.cpus().length} CPUs, ${new Date().toISOString()})`);
  out(`create-payment-intent × ${OWNERS} at once: ${fmt(intents.map((r) => r.ms))}; wall ${intentWall.toFixed(0)} ms (${((OWNERS / intentWall) * 1000).toFixed(0)}/s)`);
  out(`signed webhook × ${OWNERS * 2} at once (each event twice): ${fmt(hooks.map((h) => h.ms))}; wall ${hookWall.toFixed(0)} ms (${(((OWNERS * 2) / hookWall) * 1000).toFixed(0)}/s)`);
  out(`outcome: ${published}/${OWNERS} published, ${emails} confirmation e-mails, coupon redeemed ${redeemed} of max ${COUPON_MAX}`);
  const ok = published === OWNERS && emails === OWNERS && redeemed === COUPON_MAX;
  out(ok ? 'PASS: every listing published once, one e-mail each, redemptions capped' : 'FAIL: outcome differs');
  smokeBanner(out);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, 'payments.txt'), `${lines.join('\n')}\n`);
  if (!ok) process.exitCode = 1;
} finally {
  await server.stop();
  await stripe.close();
}
