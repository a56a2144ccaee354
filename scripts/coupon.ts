// `npm run coupon -- create|list|disable`: coupons for operators, on the configured database.
//   npm run coupon -- create SPRING20 --percent 20 --max 100 --expires 2027-06-30 [--name "Spring sale"]
//   npm run coupon -- create TENOFF --amount 1000          (amount in cents: $10.00 off)
//   npm run coupon -- list
//   npm run coupon -- disable SPRING20 [--reason "Campaign over"]
// Creating and disabling are written to the audit log (actor 'command-line'), as from the console.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#api/config';
import { createLogger } from '#api/lib/logger';
import { openConfiguredDatabase } from '#api/server';
import { AppError } from '#api/lib/app-error';
import { systemClock } from '#api/lib/clock';
import { ACTION_REASON_MAX } from '#contracts/moderation';
import { createCoupon, disableCoupon, listCoupons } from '#api/modules/payments/coupon-admin';

const USAGE = `Usage:
  npm run coupon -- create CODE (--percent 1-100 | --amount CENTS) [--max N] [--expires YYYY-MM-DD] [--name TEXT]
  npm run coupon -- list
  npm run coupon -- disable CODE [--reason TEXT]`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

function positiveInt(value: string | undefined, name: string, max = 2_147_483_647): number | null {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) fail(`--${name} must be a whole number from 1 to ${max}.`);
  return Number(value);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { percent: { type: 'string' }, amount: { type: 'string' }, max: { type: 'string' }, expires: { type: 'string' }, name: { type: 'string' }, reason: { type: 'string' } },
});
const [command, code] = positionals;

/** The shared operations refuse with an AppError: its message is the one line an operator reads. */
async function run<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof AppError) fail(error.message);
    throw error;
  }
}

let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
const database = openConfiguredDatabase(config, createLogger('warn'));
try {
  await database.migrate();
  const db = database.db;
  if (command === 'create') {
    if (!code || !/^[A-Za-z0-9_-]{2,64}$/.test(code)) fail('CODE must be 2–64 letters, digits, - or _.');
    const percentOff = positiveInt(values.percent, 'percent', 100);
    const amountOff = positiveInt(values.amount, 'amount', 100_000_00);
    if ((percentOff === null) === (amountOff === null)) fail('Give exactly one of --percent or --amount.');
    const maxRedemptions = positiveInt(values.max, 'max');
    let expiresAt: Date | null = null;
    if (values.expires) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.expires) || Number.isNaN(Date.parse(values.expires))) fail('--expires must be a date such as 2027-06-30.');
      // The coupon works through the whole day given (UTC).
      expiresAt = new Date(Date.parse(`${values.expires}T00:00:00Z`) + 24 * 3600_000);
    }
    const created = await run(() => createCoupon(db, 'command-line', { code, name: values.name ?? null, percentOff, amountOff, maxRedemptions, expiresAt }, systemClock.now()));
    console.log(`Created ${code}: ${created.name}${maxRedemptions ? `, at most ${maxRedemptions} redemptions` : ''}${expiresAt ? `, valid through ${values.expires}` : ''}.`);
  } else if (command === 'list') {
    const rows = await listCoupons(db);
    if (!rows.length) console.log('No coupons.');
    for (const c of rows) {
      const off = c.percentOff !== null ? `${c.percentOff}%` : `$${(c.amountOff! / 100).toFixed(2)}`;
      const used = `${c.timesRedeemed}/${c.maxRedemptions ?? '∞'}`;
      // Stored as the first instant it no longer works; shown as the last day it does.
      const expires = c.expiresAt ? new Date(Date.parse(c.expiresAt) - 1).toISOString().slice(0, 10) : 'never';
      console.log(`${c.code.padEnd(20)} ${off.padStart(8)} off  used ${used.padEnd(9)} through ${expires.padEnd(10)} ${c.active ? 'active' : 'disabled'}  ${c.name}`);
    }
  } else if (command === 'disable') {
    if (!code) fail('Which coupon? Give its CODE.');
    const reason = values.reason?.trim() || 'Disabled with npm run coupon (no reason given).';
    await run(() => disableCoupon(db, 'command-line', { code }, reason.slice(0, ACTION_REASON_MAX), systemClock.now()));
    console.log(`Disabled ${code}.`);
  } else {
    fail(command ? `Unknown command: ${command}` : 'Missing command.');
  }
} finally {
  await database.close();
}
