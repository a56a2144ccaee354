// The cache's own rules, with a hand-moved clock: fresh, stale-while-refreshing, expired, a change (clear)
// that lands while a load is running never lets that load's answer into the cache, and stale answers
// refreshed a few at a time behind readers' own loads (0708).
import { describe, expect, it } from 'vitest';
import { PublicCache, jsonAnswer, normalizedKey } from './public-cache';

function setup() {
  let time = 1_000_000;
  const cache = new PublicCache({ enabled: true, ttlMs: 5_000, staleMs: 5_000, maxBytes: 1024 * 1024, refreshConcurrency: 2, now: () => time });
  cache.setListening(true);
  let version = 0;
  const load = async () => jsonAnswer({ version: ++version });
  return { cache, load, advance: (ms: number) => (time += ms), read: async () => JSON.parse(String((await cache.get('k', load)).body)).version as number };
}

describe('public cache', () => {
  it('serves a fresh answer, then the stale one while one refresh runs, then the refreshed one', async () => {
    const { cache, read, advance } = setup();
    expect(await read()).toBe(1);
    advance(4_000);
    expect(await read()).toBe(1);
    advance(2_000); // stale: answered at once, refreshed in the background
    expect(await read()).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(await read()).toBe(2);
    expect(cache.loads).toBe(2);
    advance(20_000); // past the stale window: waits for a new load
    expect(await read()).toBe(3);
  });

  it('does not store an answer whose load started before a clear()', async () => {
    const { cache } = setup();
    let release!: () => void;
    const slow = () => new Promise<ReturnType<typeof jsonAnswer>>((resolve) => (release = () => resolve(jsonAnswer({ old: true }))));
    const pending = cache.get('k', slow);
    cache.clear();
    release();
    expect(JSON.parse(String((await pending).body))).toEqual({ old: true });
    const after = await cache.get('k', async () => jsonAnswer({ old: false }));
    expect(JSON.parse(String(after.body))).toEqual({ old: false });
  });

  it('keeps a key of its own lifetime across other tables\' changes; a change to its table serves it once more while it refreshes', async () => {
    const { cache, advance } = setup();
    cache.setLifetime('own', { ttlMs: 60_000, staleMs: 60_000, reads: 'saved_searches' });
    let version = 0;
    const own = async () => JSON.parse(String((await cache.get('own', async () => jsonAnswer({ v: ++version }))).body)).v as number;
    await cache.get('other', async () => jsonAnswer({ other: true }));
    expect(await own()).toBe(1);
    cache.changed('spaces');
    expect(cache.size).toBe(1);
    advance(30_000); // past the default life, within its own
    expect(await own()).toBe(1);
    cache.changed('saved_searches');
    expect(await own()).toBe(1); // stale: answered at once, refreshed behind it
    await new Promise((r) => setTimeout(r, 0));
    expect(await own()).toBe(2);
    expect(cache.loads).toBe(3);
  });

  it('stores stale an own-lifetime answer whose table changed while it loaded; a table nobody reads on its own clears the rest', async () => {
    const { cache } = setup();
    cache.setLifetime('own', { ttlMs: 60_000, staleMs: 60_000, reads: 'saved_searches' });
    let release!: () => void;
    const pending = cache.get('own', () => new Promise((resolve) => (release = () => resolve(jsonAnswer({ v: 1 })))));
    cache.changed('spaces');
    cache.changed('saved_searches');
    release();
    await pending;
    let loads = 0;
    const again = await cache.get('own', async () => (loads++, jsonAnswer({ v: 2 })));
    expect(JSON.parse(String(again.body))).toEqual({ v: 1 });
    expect(loads).toBe(1);
    await cache.get('other', async () => jsonAnswer({ other: true }));
    cache.changed('some_new_table');
    expect(cache.size).toBe(1);
  });

  it('never makes an expired own-lifetime answer younger: a change after its stale window leaves it to a fresh load', async () => {
    const { cache, advance } = setup();
    cache.setLifetime('own', { ttlMs: 60_000, staleMs: 60_000, reads: 'saved_searches' });
    await cache.get('own', async () => jsonAnswer({ v: 1 }));
    advance(200_000);
    cache.changed('saved_searches');
    expect(JSON.parse(String((await cache.get('own', async () => jsonAnswer({ v: 2 }))).body))).toEqual({ v: 2 });
  });

  it('refreshes stale answers two at a time, sending them meanwhile; a reader\'s own load never waits behind them (0708)', async () => {
    const { cache, advance } = setup();
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    /** A load that runs until the test ends it. */
    const held = (key: string) => () => {
      started.push(key);
      return new Promise<ReturnType<typeof jsonAnswer>>((resolve) => finish.set(key, () => resolve(jsonAnswer({ key, v: 2 }))));
    };
    const version = async (key: string, load: () => Promise<ReturnType<typeof jsonAnswer>>) => JSON.parse(String((await cache.get(key, load)).body)).v as number;
    const keys = Array.from({ length: 10 }, (_, i) => `k${i}`);
    // Ten answers loaded together turn stale together (a cold start, or after a clear).
    for (const key of keys) await cache.get(key, async () => jsonAnswer({ key, v: 1 }));
    advance(6_000);
    for (const key of keys) expect(await version(key, held(key))).toBe(1);
    expect(started).toEqual(['k0', 'k1']);
    // Waiting their turn, the stale answers are still what the cache sends (the fast path may replay them).
    expect(cache.holdsServable('k9', await cache.get('k9', held('k9')))).toBe(true);
    expect(started).toEqual(['k0', 'k1']);
    // A question nobody asked before loads at once, not after the eight refreshes waiting.
    const answer = cache.get('new', held('new'));
    expect(started).toEqual(['k0', 'k1', 'new']);
    finish.get('new')!();
    expect(JSON.parse(String((await answer).body))).toEqual({ key: 'new', v: 2 });
    // Each refresh that ends starts the next one waiting.
    finish.get('k0')!();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['k0', 'k1', 'new', 'k2']);
    expect(await version('k0', held('k0'))).toBe(2);
    // A waiting key whose stale window ends is a reader's own load again: it goes at once.
    advance(5_000);
    expect(await Promise.race([version('k5', held('k5')), new Promise((r) => setTimeout(() => r('waiting'), 0))])).toBe('waiting');
    expect(started).toEqual(['k0', 'k1', 'new', 'k2', 'k5']);
  });

  it('sends a stale answer as it is only while its refresh is asked for (holdsServable)', async () => {
    const { cache, advance } = setup();
    let release!: () => void;
    await cache.get('k', async () => jsonAnswer({ v: 1 }));
    const first = await cache.get('k', async () => jsonAnswer({ v: 0 })); // the answer as stored (a hit)
    advance(6_000);
    expect(cache.holdsServable('k', first)).toBe(false); // stale, nobody asked: the full path's get() must see it
    await cache.get('k', () => new Promise((resolve) => (release = () => resolve(jsonAnswer({ v: 2 })))));
    expect(cache.holdsServable('k', first)).toBe(true); // its refresh runs
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.holdsServable('k', first)).toBe(false); // replaced
    const refreshed = await cache.get('k', async () => jsonAnswer({ v: 0 }));
    expect(JSON.parse(String(refreshed.body))).toEqual({ v: 2 });
    expect(cache.holdsServable('k', refreshed)).toBe(true); // fresh
  });

  it('is off (every request loads) until it listens for changes', async () => {
    const cache = new PublicCache({ enabled: true, ttlMs: 5_000, staleMs: 0, maxBytes: 1024, refreshConcurrency: 2 });
    await cache.get('k', async () => jsonAnswer(1));
    await cache.get('k', async () => jsonAnswer(1));
    expect(cache.loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('keys a query by its meaning, not its spelling', () => {
    expect(normalizedKey('s', { b: 1, a: ['y', 'x', 'x'], c: undefined, d: [] })).toBe(normalizedKey('s', { a: ['x', 'y'], b: 1 }));
    expect(normalizedKey('s', { a: 1 })).not.toBe(normalizedKey('s', { a: 2 }));
  });
});
