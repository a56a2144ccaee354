// The cache's own rules, with a hand-moved clock: fresh, stale-while-refreshing, expired, and a change
// (clear) that lands while a load is running never lets that load's answer into the cache.
import { describe, expect, it } from 'vitest';
import { PublicCache, jsonAnswer, normalizedKey } from './public-cache';

function setup() {
  let time = 1_000_000;
  const cache = new PublicCache({ enabled: true, ttlMs: 5_000, staleMs: 5_000, maxBytes: 1024 * 1024, now: () => time });
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

  it('is off (every request loads) until it listens for changes', async () => {
    const cache = new PublicCache({ enabled: true, ttlMs: 5_000, staleMs: 0, maxBytes: 1024 });
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
