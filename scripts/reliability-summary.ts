// `npm run reliability:summary`: the figures of the last reliability run as one table — routes in the
// inventory, requests fuzzed, XSS payloads tried, faults injected, and what was lost (0).
import { existsSync, readFileSync } from 'node:fs';
import { SUMMARY_FILE } from '#tests/reliability/summary';
import { xssPayloads } from '#tests/reliability/xss-payloads';

if (!existsSync(SUMMARY_FILE)) {
  console.error(`No figures yet (${SUMMARY_FILE}): run npm run test:unit (and npm run test:e2e for the stored-markup payloads).`);
  process.exit(1);
}

const totals = new Map<string, Map<string, number>>();
for (const line of readFileSync(SUMMARY_FILE, 'utf8').split('\n').filter(Boolean)) {
  const { section, figures } = JSON.parse(line) as { section: string; figures: Record<string, number> };
  const bucket = totals.get(section) ?? new Map<string, number>();
  for (const [key, value] of Object.entries(figures)) bucket.set(key, section === 'routes' || section === 'timing' ? value : (bucket.get(key) ?? 0) + value);
  totals.set(section, bucket);
}
const sum = (section: string) => [...(totals.get(section)?.values() ?? [])].reduce((a, b) => a + b, 0);
const get = (section: string, key: string) => totals.get(section)?.get(key) ?? 0;

const rows: Array<[string, string]> = [
  ['Routes in the inventory (read from the app)', String(get('routes', 'inventory'))],
  ['Route-table entries', String(get('routes', 'tableEntries'))],
  ['Cross-site write attempts (all refused, rows unchanged)', String(sum('cross-site'))],
  ['Access-matrix calls (visitor / stranger / owner)', String(sum('access'))],
  ['Requests fuzzed (never 5xx, no stack trace)', String(sum('fuzz'))],
  ['Routes fuzzed', String(totals.get('fuzz')?.size ?? 0)],
  ['Distinct XSS payloads', String(xssPayloads().length)],
  ['XSS payload renderings in Chromium (payload × surface)', String(sum('xss'))],
  ['Header checks', String(sum('headers'))],
  ['Faults injected', [...(totals.get('faults') ?? new Map())].filter(([k]) => !k.startsWith('requests')).map(([k, v]) => `${v}× ${k}`).join(', ') || '0'],
  ['Requests during the database outage', String(get('faults', 'requests during outage'))],
  ['Log lines scanned for secrets and personal data', String(sum('secrets'))],
  ['Forgot-password answer, known vs unknown address (medians; paired extra for a known one)', `${get('timing', 'forgotKnownMedianMs')} ms vs ${get('timing', 'forgotUnknownMedianMs')} ms; ${get('timing', 'forgotKnownExtraMs')} ms`],
  ['Lost', [...(totals.get('lost') ?? new Map())].map(([k, v]) => `${k}: ${v}`).join(', ') || 'n/a'],
];
const width = Math.max(...rows.map(([k]) => k.length));
console.log(`| ${'Figure'.padEnd(width)} | Value |`);
console.log(`|${'-'.repeat(width + 2)}|-------|`);
for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
