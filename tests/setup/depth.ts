// How deep a test run goes (issue 26): `npm test` answers in minutes, `npm run test:deep` (TEST_DEPTH=deep,
// run by CI) goes the full depth. Nothing is tested only in the quick run's way: every behaviour is in one of
// the two, and the deep run is a superset where they overlap (the fuzzer's quick sample is a prefix of its
// full sample, same seed). vitest.config.ts reads DEEP to choose the projects; the fuzzer reads its depth here.
export const DEEP = process.env.TEST_DEPTH === 'deep';

/**
 * The fuzzer's depth per route: `inputs` generated bodies or query strings, shared out over the input
 * classes by weight (every class gets some, tests/reliability/fuzz-suite.ts), and `shapes` request shapes
 * (encodings, percent-encoding, NUL, huge integers) shared out evenly over the shape classes, and
 * `textBoundaries` of the text-boundary corpus (tests/reliability/fuzz-suite.ts): a sample, or all of it.
 */
export const FUZZ_DEPTHS = {
  /** `npm test`: every route, every class, a fixed-seed sample. */
  sample: { inputs: 60, shapes: 40, textBoundaries: 8 },
  /** `npm run test:deep`: the depth the suite was written with (issue 15); the text boundaries whole (issue 38). */
  full: { inputs: 1000, shapes: 250, textBoundaries: Infinity },
} as const;

export const FUZZ_DEPTH = FUZZ_DEPTHS[DEEP ? 'full' : 'sample'];
