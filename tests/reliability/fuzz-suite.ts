// Fuzzing: fast-check generates JSON bodies (writing routes) or query strings (reading routes) for every
// entry of the route table — wrong types, huge numbers, unicode, deep nesting, 100 kB strings, the valid
// sample with one field broken — and then request shapes around them (issue 15, item 9): bodies that lie
// about their Content-Encoding (and real gzip/br ones), paths and queries that are not valid
// percent-encoding, NUL characters in every string field, key, query value and path parameter, and
// integers beyond int4/int8 in every id, cursor and number. All sent as the signed-in owner, many at once
// over HTTP. Every answer is below 500 with no stack trace, and the process keeps answering.
// How many per route is tests/setup/depth.ts's FUZZ_DEPTH: a fixed-seed sample in `npm test`, 1,000 inputs
// and 250 shapes in `npm run test:deep`; and the text-boundary corpus (issue 38 item 2), sampled, or whole when deep. Either way every route gets every class of input and of shape (the
// count is shared out per class), and the sample is the first part of the full run (same seed).
// The routes are dealt into FUZZ_PARTS files (fuzz-1.test.ts, fuzz-2.test.ts), each with an app of its own, so
// that the two workers share the deep run's 270 s instead of one worker carrying it alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { TestApp } from '../fixtures/test-app';
import { freshIp, newScenario, startSuiteApp } from './harness';
import { fuzzKind, resolveCall, sampleBody, ROUTES, routeKey, type RouteEntry } from './route-table';
import { FUZZ_DEPTH } from '../setup/depth';
import { recordFigures } from './summary';
import { assertNoSecrets, rememberSecret } from './secrets';

const CONCURRENCY = 24;
/** besideTheWrite's log line (api/src/lib/side-effect.ts): a push or an e-mail of a write that could not be queued. */
const SIDE_EFFECT_FAILED = 'side effect not queued';
const STACK_TRACE = /\n\s+at\s|\bat [\w.<>]+ \(.*:\d+:\d+\)|node_modules|\.ts:\d+:\d+|TypeError|ReferenceError/;


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

/** A class of generated input and its share of a route's inputs (a shape class has weight 1). */
type InputClass<T> = { name: string; weight: number; arbitrary: fc.Arbitrary<T> };

function bodyClasses(sample: unknown): Array<InputClass<string>> {
  const objectSample = sample && typeof sample === 'object' && !Array.isArray(sample) ? (sample as Record<string, unknown>) : {};
  return [
    { name: 'the valid sample, one field broken', arbitrary: mutatedSample(objectSample).map((v) => JSON.stringify(v) ?? 'null'), weight: 4 },
    { name: 'odd values', arbitrary: weirdValue.map((v) => JSON.stringify(v) ?? 'null'), weight: 3 },
    { name: 'any JSON', arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)), weight: 1 },
    // Not JSON at all, though it says so.
    { name: 'not JSON', arbitrary: fc.oneof(fc.string(), fc.constantFrom('{', '{"a":', '[1,2', 'undefined', '{"a":1}{"b":2}', '\u0000', '{"a":1e99999}')), weight: 1 },
    { name: 'deep nesting', arbitrary: fc.integer({ min: 50, max: 5000 }).map((d) => '['.repeat(d) + ']'.repeat(d)), weight: 1 },
  ];
}

const queryKeys = ['q', 'search', 'city', 'type', 'spaceType', 'minPrice', 'maxPrice', 'minSize', 'maxSize', 'amenities', 'cursor', 'limit', 'page', 'sort', 'order', 'offset', 'id', 'slug', '__proto__', 'constructor[prototype]', 'a[b][c]'];

/** Lone surrogates cannot be percent-encoded (a real client could not send them either): replace them. */
function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function queryClasses(): Array<InputClass<string>> {
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 20 })), fc.oneof(weirdString, weirdNumber.map(String)));
  const query = fc
    .array(pair, { minLength: 1, maxLength: 8 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(v.slice(0, 4000)))}`).join('&'));
  // As encoded, then with raw brackets (nested-object syntax), repeated keys (arrays), and bytes that are not UTF-8.
  const variants: Array<[string, (q: string) => string]> = [
    ['encoded', (q) => q],
    ['raw brackets', (q) => q.replace(/%5B/g, '[').replace(/%5D/g, ']')],
    ['repeated keys', (q) => `${q}&${q}`],
    ['cut UTF-8', (q) => `${q}&bad=%E0%A4%A`],
    ['bytes not UTF-8', (q) => `${q}&x=%FF%FE`],
  ];
  return variants.map(([name, variant]) => ({ name, weight: 1, arbitrary: query.map(variant) }));
}

/** One request the fuzzer sends: the path (with query) and, for writing routes, the body and its headers. */
type FuzzRequest = { target: string; body?: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string> };

const HUGE_INTEGERS = ['9999999999', '2147483648', '-2147483649', '4294967296', '9223372036854775808', '-9223372036854775809', '99999999999999999999', '1e309', '0x7fffffff'];
const BAD_PERCENT = ['%ff', '%FF%FE', '%E0%A4%A', '%', '%zz', '%c0%af', '%ed%a0%80', '%f0%28%8c%28'];
const NUL_SEGMENTS = ['%00', 'a%00b', '1%00', '%00'.repeat(20)];
const NUL_TEXTS = ['\u0000', 'a\u0000b', '\u0000'.repeat(50), 'Roof\u0000top garden'];
const CURSOR_KEYS = ['before', 'after', 'limit', 'cursor', 'id', 'page', 'offset', 'spaceId', 'minPrice', 'maxSize', 'token'];

/** The sample with one value changed at any depth (the NUL or huge-integer shapes reach nested fields too). */
function everyPath(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...everyPath(v, [...prefix, i])]);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...everyPath(v, [...prefix, k])]);
  return [];
}
function withValueAt(sample: unknown, at: Array<string | number>, value: unknown): unknown {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at[at.length - 1]!] = value;
  return copy;
}

/**
 * The shapes of item 9 for one route: its path with each parameter replaced by bad percent-encoding, a
 * NUL or a huge integer; its query with those as keys and values; and, for writing routes, its sample body
 * with a NUL or a huge integer in each field, a NUL in a key, or a lying (or true) Content-Encoding.
 */
function shapeClasses(entry: RouteEntry, url: string, kind: 'body' | 'query', sample: unknown): Array<fc.Arbitrary<FuzzRequest>> {
  const [path, query] = url.split('?') as [string, string | undefined];
  const withQuery = (p: string, extra?: string) => [p, [query, extra].filter(Boolean).join('&')].filter(Boolean).join('?');
  const segment = fc.constantFrom(...BAD_PERCENT, ...NUL_SEGMENTS, ...HUGE_INTEGERS);
  const shapes: Array<fc.Arbitrary<FuzzRequest>> = [
    // The query: bad percent-encoding and NUL in keys and values, huge integers in every id and cursor.
    fc
      .tuple(fc.constantFrom(...CURSOR_KEYS, ...BAD_PERCENT, 'a%00'), segment)
      .map(([k, v]) => ({ target: withQuery(path, `${k}=${v}`) })),
  ];
  // The path: each parameter (a route's own id or slug) replaced; better-auth's catch-all at its concrete path.
  if (entry.path.includes(':') && !entry.as) shapes.push(segment.map((seg) => ({ target: withQuery(entry.path.replace(/:(\w+)/g, seg)) })));
  else shapes.push(segment.map((seg) => ({ target: withQuery(`${path}/${seg}`) })));
  if (kind === 'body') {
    const json = JSON.stringify(sample ?? {});
    const paths = everyPath(sample);
    shapes.push(
      // A body that says it is compressed and is not, and one that really is (it must be read as usual).
      fc.constantFrom('gzip', 'br', 'deflate', 'zstd', 'gzip, br', 'identity, gzip').map((encoding) => ({ target: url, body: json, headers: { 'content-encoding': encoding } })),
      fc.constantFrom(['gzip', gzipSync(json)], ['br', brotliCompressSync(json)], ['deflate', deflateSync(json)], ['gzip', gzipSync(json).subarray(0, 12)]).map(([encoding, bytes]) => ({
        target: url,
        body: new Uint8Array(bytes as Buffer),
        headers: { 'content-encoding': encoding as string },
      })),
      // NUL in any string field at any depth, in a key, and huge integers (as numbers and as text) anywhere.
      fc.constantFrom(...NUL_TEXTS).map((text) => ({ target: url, body: JSON.stringify({ ...(sample as object), [`k${text}`]: 1 }) })),
    );
    if (paths.length) {
      shapes.push(
        fc.tuple(fc.constantFrom(...paths), fc.constantFrom(...NUL_TEXTS)).map(([at, text]) => ({ target: url, body: JSON.stringify(withValueAt(sample, at, text)) })),
        // Raw JSON numbers beyond every integer type (JSON.stringify cannot write 99999999999999999999 exactly).
        fc.tuple(fc.constantFrom(...paths), fc.constantFrom(...HUGE_INTEGERS.filter((n) => /^-?\d+$/.test(n)))).map(([at, n]) => ({
          target: url,
          body: JSON.stringify(withValueAt(sample, at, '__HUGE__')).replace('"__HUGE__"', n),
        })),
        fc.tuple(fc.constantFrom(...paths), fc.constantFrom(...HUGE_INTEGERS)).map(([at, n]) => ({ target: url, body: JSON.stringify(withValueAt(sample, at, n)) })),
      );
    }
  }
  return shapes;
}

/**
 * The text-boundary corpus (issue 38 item 2): in every string field of a writing route's sample, an emoji, a
 * ZWJ sequence, a flag, a letter with combining marks, or a lone surrogate (high or low) straddling each cut
 * the product makes of text (push previews at 80, names at 100, descriptions at 160/200, subjects at 250/255,
 * excerpts at 400, 500), one unit before and at the boundary; the text ends just past the boundary, so a
 * field whose limit is above it takes it. Every answer is below 500 (a half pair in jsonb was a 500), and no
 * side effect behind the write (pushes, e-mails) fails: they run beside the write in a savepoint and a failure
 * only logs (besideTheWrite), so the route checks the app's log, not just the answer (a message's push that
 * jsonb refused answered 201). `npm test` sends a fixed-seed
 * sample per route, `test:deep` all of it.
 */
export const CUT_BOUNDARIES = [80, 100, 160, 200, 250, 255, 400, 500] as const;
export const BOUNDARY_PIECES = ['🙂', '👩‍👩‍👧‍👦', '🇺🇸', 'e\u0301\u0323', '\uD83D', '\uDE42'] as const;

/** A text of `boundary` + 4 units with `piece` at `boundary + offset`, and at every smaller cut too. */
export function boundaryText(boundary: number, piece: string, offset: -2 | -1): string {
  let text = '';
  for (const cut of CUT_BOUNDARIES.filter((b) => b <= boundary)) {
    const at = cut + offset;
    if (at < text.length) continue;
    text += `${'x'.repeat(at - text.length)}${piece}`;
  }
  return `${text} see`.padEnd(boundary + 4, '.');
}

/** Every text-boundary request of a route; `attack` marks the one of the issue (an emoji at 78–79) in each field, always sent. */
function textBoundaryRequests(url: string, sample: unknown): Array<FuzzRequest & { attack: boolean }> {
  const paths = everyPath(sample).filter((at) => typeof at.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], sample) === 'string');
  return paths.flatMap((at) =>
    CUT_BOUNDARIES.flatMap((boundary) =>
      BOUNDARY_PIECES.flatMap((piece) =>
        ([-2, -1] as const).map((offset) => ({ target: url, body: JSON.stringify(withValueAt(sample, at, boundaryText(boundary, piece, offset))), attack: boundary === 80 && piece === '🙂' && offset === -2 })),
      ),
    ),
  );
}

/**
 * `total` shared out over the classes by weight (largest remainders, at least one each), each class
 * sampled with its own fixed seed: every class is sent whatever the depth, and a smaller depth's inputs
 * are the first ones of a larger depth's.
 */
function sampleClasses<T>(classes: Array<InputClass<T>>, total: number, seed: number): T[] {
  const weights = classes.reduce((n, c) => n + c.weight, 0);
  const exact = classes.map((c) => (total * c.weight) / weights);
  const counts = exact.map(Math.floor);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; counts.reduce((n, c) => n + c, 0) < total; k++) counts[byRemainder[k % classes.length]![1]]! += 1;
  return classes.flatMap((c, i) => fc.sample(c.arbitrary, { numRuns: Math.max(1, counts[i]!), seed: seed + i }));
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
export const FUZZ_PARTS = 2;

/** Fuzzes part `part` (1-based) of the routes dealt round into FUZZ_PARTS parts, on an app of its own. */
export function fuzzRoutes(part: number) {
  let t: TestApp;
  beforeAll(async () => {
    t = await startSuiteApp({ LOG_LEVEL: 'warn' });
  });
  afterAll(async () => {
    await t.close();
    rememberSecret(t.config.BETTER_AUTH_SECRET);
    assertNoSecrets(t.logs, `fuzz-${part}.test.ts app logs`);
  });
  const mine = fuzzed.filter((_, i) => i % FUZZ_PARTS === part - 1);

  describe(`fuzzing, part ${part} of ${FUZZ_PARTS}: ${FUZZ_DEPTH.inputs} generated inputs and ${FUZZ_DEPTH.shapes} request shapes per route`, () => {
    it.each(mine.map((e) => [e.as ? `${routeKey(e)} (as ${e.as.method} ${e.as.path})` : routeKey(e), e] as const))(
      '%s',
      { timeout: 180_000 },
      async (name, entry: RouteEntry) => {
        // Users of its own per route: a route's inputs may spend its owner's limits (20 saved
        // searches, 40 payment intents per 15 minutes), which must not break the next route's sample.
        const s = await newScenario(t);
        const { method, url } = await resolveCall(entry, s);
        const kind = fuzzKind(entry);
        const seed = Number(process.env.FUZZ_SEED ?? 20261122) + name.length;
        const sample = kind === 'body' ? await sampleBody(entry, s) : undefined;
        const generated = sampleClasses(kind === 'body' ? bodyClasses(sample) : queryClasses(), FUZZ_DEPTH.inputs, seed);
        const shapes = shapeClasses(entry, url, kind as 'body' | 'query', sample).map((arbitrary, i) => ({ name: `shape ${i + 1}`, weight: 1, arbitrary }));
        const boundaries = kind === 'body' ? textBoundaryRequests(url, sample) : [];
        const requests: FuzzRequest[] = [
          // First: a route's own limits (messages per minute) must not answer them 429 before they reach the text's cuts.
          ...(boundaries.length <= FUZZ_DEPTH.textBoundaries ? boundaries : [...boundaries.filter((b) => b.attack), ...fc.sample(fc.constantFrom(...boundaries), { numRuns: FUZZ_DEPTH.textBoundaries, seed })]),
          ...generated.map((input) => (kind === 'query' ? { target: `${url}${url.includes('?') ? '&' : '?'}${input}` } : { target: url, body: input })),
          ...sampleClasses(shapes, FUZZ_DEPTH.shapes, seed),
        ];
        const failures: string[] = [];
        const logsBefore = t.logs.length;
        await pool(requests, CONCURRENCY, async (request) => {
          const shown = JSON.stringify(`${request.target} ${typeof request.body === 'string' ? request.body : request.body ? '<bytes>' : ''}`.slice(0, 300));
          try {
            const res = await fetch(`${t.baseUrl}${request.target}`, {
              method,
              redirect: 'manual',
              headers: { origin: t.baseUrl, cookie: entry.access === 'operator' ? s.operator.cookie : s.owner.cookie, 'x-forwarded-for': freshIp(), ...(kind === 'body' && { 'content-type': 'application/json' }), ...request.headers },
              body: kind === 'body' ? request.body : undefined,
            });
            const text = await res.text();
            if (res.status >= 500 || STACK_TRACE.test(text)) failures.push(`${res.status} for ${shown} ${JSON.stringify(request.headers ?? {})}: ${text.slice(0, 300)}`);
          } catch (error) {
            failures.push(`no answer for ${shown}: ${(error as Error).message} (${String((error as { cause?: { code?: string; message?: string } }).cause?.code ?? (error as { cause?: { message?: string } }).cause?.message)})`);
          }
        });
        // A side effect behind the write (a push, an e-mail) runs in a savepoint and its failure only logs
        // (besideTheWrite): the answer stays 201, so the log is where a text that broke it shows.
        for (const line of t.logs.slice(logsBefore)) if (line.includes(SIDE_EFFECT_FAILED)) failures.push(`side effect failed: ${line.length > 900 ? `${line.slice(0, 300)} … ${line.slice(-600)}` : line}`);
        expect(failures, failures.slice(0, 5).join('\n')).toEqual([]);
        expect((await fetch(`${t.baseUrl}/api/health`)).status, 'the process stopped answering').toBe(200);
        recordFigures('fuzz', { [name]: requests.length });
      },
    );
  });
}
