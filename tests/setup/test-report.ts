// What both test runners' reporters print and keep (issue 26): the slowest files or tests with their
// durations and the run's total, and every failure's whole story (name, error, stack, what the test
// printed) in a file of its own under .tmp/test-failures/, so a failure is never lost with the console.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TMP_DIR } from './paths';

export const FAILURES_DIR = path.join(TMP_DIR, 'test-failures');
/** How many of the slowest to print. */
export const SLOWEST_SHOWN = 10;

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** "The 10 slowest …" as aligned lines, then the total; the slowest first. */
export function slowestTable(title: string, rows: Array<{ name: string; ms: number }>, total: string): string {
  const slowest = [...rows].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);
  const width = Math.max(0, ...slowest.map((r) => seconds(r.ms).length));
  return [`${title} (${slowest.length} of ${rows.length}):`, ...slowest.map((r) => `  ${seconds(r.ms).padStart(width)}  ${r.name}`), total].join('\n');
}

/** A runner's failure logs from its previous run go, so the folder holds the last run's failures only. */
export function clearFailureLogs(runner: 'vitest' | 'e2e'): void {
  mkdirSync(FAILURES_DIR, { recursive: true });
  for (const name of readdirSync(FAILURES_DIR)) if (name.startsWith(`${runner}-`)) rmSync(path.join(FAILURES_DIR, name), { force: true });
}

export type FailureRecord = {
  runner: 'vitest' | 'e2e';
  /** The file and the test's full name. */
  title: string;
  errors: Array<{ message?: string; stack?: string; diff?: string }>;
  stdout: string[];
  stderr: string[];
  /** Anything else worth keeping (attachments, project, retry). */
  extra?: string[];
};

let written = 0;
/** Writes one failure's log and returns its path. */
export function writeFailureLog(record: FailureRecord): string {
  mkdirSync(FAILURES_DIR, { recursive: true });
  const slug = record.title.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120);
  const file = path.join(FAILURES_DIR, `${record.runner}-${String(++written).padStart(3, '0')}-${slug}.log`);
  const section = (name: string, lines: string[]) => [`--- ${name} ---`, lines.length ? lines.join('') : '(nothing)', ''];
  const errors = record.errors.flatMap((e, i) => [`--- error ${i + 1} of ${record.errors.length} ---`, e.message ?? '(no message)', e.diff ?? '', e.stack ?? '(no stack)', '']);
  writeFileSync(
    file,
    [record.title, '', ...errors, ...section('stdout', record.stdout), ...section('stderr', record.stderr), ...(record.extra?.length ? section('more', record.extra.map((l) => `${l}\n`)) : [])].join('\n'),
  );
  return file;
}
