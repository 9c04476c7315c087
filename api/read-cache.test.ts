import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReadCache, readCacheOptions } from './read-cache';

describe('read cache', () => {
  afterEach(() => vi.useRealTimers());
  const setup = (kind: 'pglite' | 'postgres') => {
    let position: { tx: number; seq: number } | null = { tx: 1, seq: 1 };
    const services = { runner: { position: () => position }, config: { FANCLUB_READ_CACHE: true as boolean }, database: { kind } };
    const cache = createReadCache<string>({ ...readCacheOptions(services), ttlMs: 10_000, maxEntries: 2 });
    return { cache, services, move: () => (position = { tx: position!.tx + 1, seq: 1 }) };
  };

  it('serves an entry until the runner applies anything, and never what was read across a change', () => {
    const { cache, move } = setup('postgres');
    const v = cache.version();
    cache.set('a', 'page', v, Date.now());
    expect(cache.get('a', Date.now())).toBe('page');
    move();
    expect(cache.get('a', Date.now())).toBeUndefined();
    // Read before the change, stored after it: refused.
    const before = cache.version();
    move();
    cache.set('b', 'old', before, Date.now());
    expect(cache.get('b', Date.now())).toBeUndefined();
  });

  it('on the Postgres server an unchanged entry still expires after ttlMs; on PGlite only a change or its own limit ends it', () => {
    vi.useFakeTimers();
    for (const [kind, after] of [['postgres', undefined], ['pglite', 'page']] as const) {
      const { cache } = setup(kind);
      const now = Date.now();
      cache.set('a', 'page', cache.version(), now);
      cache.set('due', 'page', cache.version(), now, now + 5_000);
      vi.advanceTimersByTime(60_000);
      expect(cache.get('a', Date.now())).toBe(after);
      expect(cache.get('due', Date.now())).toBeUndefined();
    }
  });

  it('keeps at most maxEntries (oldest out) and nothing while switched off', () => {
    const { cache, services } = setup('pglite');
    for (const k of ['a', 'b', 'c']) cache.set(k, k, cache.version(), Date.now());
    expect([cache.get('a', Date.now()), cache.get('b', Date.now()), cache.get('c', Date.now())]).toEqual([undefined, 'b', 'c']);
    services.config.FANCLUB_READ_CACHE = false;
    expect(cache.get('b', Date.now())).toBeUndefined();
    cache.set('d', 'd', cache.version(), Date.now());
    services.config.FANCLUB_READ_CACHE = true;
    expect(cache.get('d', Date.now())).toBeUndefined();
  });
});
