// The smoke mode of every benchmark (BENCH_SMOKE=1): a tiny scale, one short round, the same assertions of
// sameness (a limit that answers other bytes than the product still stops the run) and the same output lines.
// `npm run test:deep` runs every `bench` / `bench:*` script of package.json this way (bench/benches.process.test.ts),
// so a benchmark that no longer runs fails CI. A smoke run judges no target (its PASS/FAIL lines are printed
// but never decide its exit code), writes its results under bench/results/smoke/, and says first and last that
// its figures are not measurements: they are never quoted.
import path from 'node:path';

export const SMOKE = process.env.BENCH_SMOKE === '1';

export const SMOKE_BANNER =
  'SMOKE RUN (BENCH_SMOKE=1): tiny scale, one short round. It shows that this benchmark runs and that what it compares answers alike; its figures and PASS/FAIL lines are NOT measurements — never quote them.';

/** The full run's value, or the smoke run's. */
export function bySmoke<T>(full: T, smoke: T): T {
  return SMOKE ? smoke : full;
}

/** Prints the banner (a smoke run only): call it first and last, so neither end of the output can be quoted alone. */
export function smokeBanner(log: (line: string) => void = console.log): void {
  if (SMOKE) log(SMOKE_BANNER);
}

/** The exit code for a run whose targets were judged: a smoke run judges none (its figures mean nothing). */
export function targetsExitCode(met: boolean): number {
  return met || SMOKE ? 0 : 1;
}

/** Where results are written: bench/results/, or bench/results/smoke/ for a smoke run (never mistaken for a measurement). */
export const RESULTS_DIR = path.join(import.meta.dirname, 'results', ...(SMOKE ? ['smoke'] : []));
