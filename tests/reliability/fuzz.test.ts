// Fuzzing: fast-check generates ≥ 1,000 JSON bodies (writing routes) or query strings (reading routes)
// for every entry of the route table — wrong types, huge numbers, unicode, deep nesting, 100 kB strings,
// the valid sample with one field broken — sent as the signed-in owner, many at once over HTTP. Every
// answer is below 500 with no stack trace, and the process keeps answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TestApp } from '../fixtures/test-app';
import { freshIp, newScenario, startSuiteApp } from './harness';
import { fuzzKind, resolveCall, sampleBody, ROUTES, routeKey, type RouteEntry } from './route-table';
import { recordFigures } from './summary';
import { assertNoSecrets, rememberSecret } from './secrets';

export const FUZZ_RUNS = 1000;
const CONCURRENCY = 24;
const STACK_TRACE = /\n\s+at\s|\bat [\w.<>]+ \(.*:\d+:\d+\)|node_modules|\.ts:\d+:\d+|TypeError|ReferenceError/;

let t: TestApp;
beforeAll(async () => {
  t = await startSuiteApp({ LOG_LEVEL: 'warn' });
});
afterAll(async () => {
  await t.close();
  rememberSecret(t.config.BETTER_AUTH_SECRET);
  assertNoSecrets(t.logs, 'fuzz.test.ts app logs');
});

const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom('', ' ', '\u0000', '\uFFFF', '\uD800', '💥'.repeat(100), '<script>alert(1)</script>', "'; drop table users; --", '../../etc/passwd', '%00', '__proto__', 'constructor', 'NaN', 'null', '-1', '1e309', '0x10'),
  fc.nat({ max: 100_000 }).map((n) => 'x'.repeat(n)),
);
const weirdNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 1e308, -1e308, 5e-324, -0, 2 ** 31, 2 ** 63, 1e21),
);
const weirdValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    weirdString,
    weirdNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(weirdString.filter((k) => k.length < 40), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** The valid sample with one field replaced, dropped, or given an extra: reaches past the first check. */
function mutatedSample(sample: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(sample);
  if (!keys.length) return fc.dictionary(fc.string({ maxLength: 20 }), weirdValue, { maxKeys: 4 });
  return fc.tuple(fc.constantFrom(...keys), weirdValue, fc.constantFrom('replace', 'drop', 'extra', 'proto')).map(([key, value, how]) => {
    const copy: Record<string, unknown> = { ...sample };
    if (how === 'replace') copy[key] = value;
    else if (how === 'drop') delete copy[key];
    else if (how === 'extra') copy[`${key}_extra`] = value;
    else return JSON.parse(`{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}, ${JSON.stringify(key)}: ${JSON.stringify(value ?? null)}}`);
    return copy;
  });
}

function bodyArbitrary(sample: unknown): fc.Arbitrary<string> {
  const objectSample = sample && typeof sample === 'object' && !Array.isArray(sample) ? (sample as Record<string, unknown>) : {};
  return fc.oneof(
    { arbitrary: mutatedSample(objectSample).map((v) => JSON.stringify(v) ?? 'null'), weight: 4 },
    { arbitrary: weirdValue.map((v) => JSON.stringify(v) ?? 'null'), weight: 3 },
    { arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)), weight: 1 },
    // Not JSON at all, though it says so.
    { arbitrary: fc.oneof(fc.string(), fc.constantFrom('{', '{"a":', '[1,2', 'undefined', '{"a":1}{"b":2}', '\u0000', '{"a":1e99999}')), weight: 1 },
    // Deep nesting.
    { arbitrary: fc.integer({ min: 50, max: 5000 }).map((d) => '['.repeat(d) + ']'.repeat(d)), weight: 1 },
  );
}

const queryKeys = ['q', 'search', 'city', 'type', 'spaceType', 'minPrice', 'maxPrice', 'minSize', 'maxSize', 'amenities', 'cursor', 'limit', 'page', 'sort', 'order', 'offset', 'id', 'slug', '__proto__', 'constructor[prototype]', 'a[b][c]'];

/** Lone surrogates cannot be percent-encoded (a real client could not send them either): replace them. */
function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function queryArbitrary(): fc.Arbitrary<string> {
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 20 })), fc.oneof(weirdString, weirdNumber.map(String)));
  return fc
    .array(pair, { minLength: 1, maxLength: 8 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(v.slice(0, 4000)))}`).join('&'))
    // Raw brackets (nested-object syntax), repeated keys (arrays), and bytes that are not UTF-8.
    .chain((q) => fc.constantFrom(q, q.replace(/%5B/g, '[').replace(/%5D/g, ']'), `${q}&${q}`, `${q}&bad=%E0%A4%A`, `${q}&x=%FF%FE`));
}

async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

const fuzzed = ROUTES.filter((e) => fuzzKind(e) !== 'none');

describe(`fuzzing: ${FUZZ_RUNS} generated inputs per route`, () => {
  it.each(fuzzed.map((e) => [e.as ? `${routeKey(e)} (as ${e.as.method} ${e.as.path})` : routeKey(e), e] as const))(
    '%s',
    { timeout: 180_000 },
    async (name, entry: RouteEntry) => {
      // Users of its own per route: a route's 1,000 inputs may spend its owner's limits (20 saved
      // searches, 40 payment intents per 15 minutes), which must not break the next route's sample.
      const s = await newScenario(t);
      const { method, url } = await resolveCall(entry, s);
      const kind = fuzzKind(entry);
      const seed = Number(process.env.FUZZ_SEED ?? 20261122) + name.length;
      const inputs =
        kind === 'body' ? fc.sample(bodyArbitrary(await sampleBody(entry, s)), { numRuns: FUZZ_RUNS, seed }) : fc.sample(queryArbitrary(), { numRuns: FUZZ_RUNS, seed });
      const failures: string[] = [];
      await pool(inputs, CONCURRENCY, async (input) => {
        const target = kind === 'query' ? `${t.baseUrl}${url}${url.includes('?') ? '&' : '?'}${input}` : `${t.baseUrl}${url}`;
        try {
          const res = await fetch(target, {
            method,
            redirect: 'manual',
            headers: { origin: t.baseUrl, cookie: s.owner.cookie, 'x-forwarded-for': freshIp(), ...(kind === 'body' && { 'content-type': 'application/json' }) },
            body: kind === 'body' ? input : undefined,
          });
          const text = await res.text();
          if (res.status >= 500 || STACK_TRACE.test(text)) failures.push(`${res.status} for ${JSON.stringify(input.slice(0, 300))}: ${text.slice(0, 300)}`);
        } catch (error) {
          failures.push(`no answer for ${JSON.stringify(input.slice(0, 300))}: ${(error as Error).message}`);
        }
      });
      expect(failures, failures.slice(0, 5).join('\n')).toEqual([]);
      expect((await fetch(`${t.baseUrl}/api/health`)).status, 'the process stopped answering').toBe(200);
      recordFigures('fuzz', { [name]: inputs.length });
    },
  );
});
