// The figures the reliability suite reports (routes, requests fuzzed, payloads, faults, losses): each
// test appends one JSON line to .tmp/reliability-summary.jsonl; `npm run reliability:summary` prints the table.
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export const SUMMARY_FILE = path.resolve('.tmp', 'reliability-summary.jsonl');

export type Section = 'routes' | 'cross-site' | 'access' | 'fuzz' | 'xss' | 'headers' | 'faults' | 'lost' | 'secrets' | 'email' | 'timing';

export function recordFigures(section: Section, figures: Record<string, number>): void {
  mkdirSync(path.dirname(SUMMARY_FILE), { recursive: true });
  appendFileSync(SUMMARY_FILE, `${JSON.stringify({ section, figures, at: new Date().toISOString() })}\n`);
}
