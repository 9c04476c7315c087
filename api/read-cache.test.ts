import { describe, expect, it } from 'vitest';
import { createReadCache, readCacheOptions, readModelVersion } from './read-cache';

describe('read cache', () => {
  const setup = (ttlMs = 10_000) => {
    let position: { tx: number; seq: number } | null = { tx: 1, seq: 1 };
    let enabled = true;
    const cache = createReadCache<string>({ version: readModelVersion({ position: () => position }), enabled: () => enabled, ttlMs, maxEntries: 3 });
    return { cache, move: () => (position = { tx: position!.tx + 1, seq: 1 }), off: () => (enabled = false), on: () => (enabled = true) };
  };

  it('serves an entry while the read models are unchanged, and drops it once they move', () => {
    const { cache, move } = setup();
    cache.set('a', 'page a', cache.version(), 0);
    expect(cache.get('a', 0)).toBe('page a');
    move();
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not store what was read before the read models moved', () => {
    const { cache, move } = setup();
    const before = cache.version();
    move(); // an event applied while the value was being read
    cache.set('a', 'stale', before, 0);
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('honours the clock limit (a session expiry, the next scheduled post) and the time to live', async () => {
    const { cache } = setup(30);
    cache.set('s', 'session', cache.version(), 1_000, 2_000);
    expect(cache.get('s', 1_999)).toBe('session');
    expect(cache.get('s', 2_000)).toBeUndefined();
    cache.set('past', 'x', cache.version(), 5_000, 4_000);
    expect(cache.get('past', 0)).toBeUndefined();
    cache.set('t', 'short lived', cache.version(), 0);
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.get('t', 0)).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest first', () => {
    const { cache } = setup();
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, k, cache.version(), 0);
    expect(cache.size).toBe(3);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('d', 0)).toBe('d');
  });

  it('switched off, it stores and serves nothing', () => {
    const { cache, off, on } = setup();
    cache.set('a', 'x', cache.version(), 0);
    off();
    expect(cache.get('a', 0)).toBeUndefined();
    cache.set('b', 'y', cache.version(), 0);
    on();
    expect(cache.get('b', 0)).toBeUndefined();
  });

  it('on PGlite (one process) only a change or the clock limit ends an entry; on the Postgres server the time to live does too', async () => {
    for (const [kind, kept] of [['pglite', 'page'], ['postgres', undefined]] as const) {
      let position: { tx: number; seq: number } | null = { tx: 1, seq: 1 };
      const services = { runner: { position: () => position }, config: { FANCLUB_READ_CACHE: true }, database: { kind } };
      const cache = createReadCache<string>({ ...readCacheOptions(services), ttlMs: 30, maxEntries: 3 });
      cache.set('a', 'page', cache.version(), 0);
      cache.set('due', 'page', cache.version(), 0, 1_000);
      await new Promise((r) => setTimeout(r, 60));
      expect(cache.get('a', 0)).toBe(kept);
      expect(cache.get('due', 1_000)).toBeUndefined();
      position = { tx: 2, seq: 1 };
      expect(cache.get('a', 0)).toBeUndefined();
    }
  });
});
