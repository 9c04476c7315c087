// The Idempotency-Key store on a real database (PGlite in memory): new → busy → done; the same key with another
// request is a mismatch; a begun key whose lease ran out is taken over by exactly one of several retries; a new
// start on PGlite frees the begun keys of the process before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../db/database';
import { createIdempotencyStore, type IdempotencyStore } from './store';

let database: Database;
const stores: IdempotencyStore[] = [];
const open = async (leaseSeconds = 60) => {
  const s = await createIdempotencyStore(database, { leaseSeconds });
  stores.push(s);
  return s;
};

beforeAll(async () => {
  database = await openPglite(undefined);
}, 60_000);
afterAll(async () => {
  for (const s of stores) await s.close().catch(() => {});
  await database?.close();
});

describe('idempotency store', () => {
  it('new, then busy while it runs, then the stored answer; another request under the key is a mismatch', async () => {
    const s = await open();
    expect(await s.begin('u1', 'key-aaaaaaaa', 'fp1')).toEqual({ state: 'new' });
    expect(await s.begin('u1', 'key-aaaaaaaa', 'fp1')).toEqual({ state: 'busy' });
    expect(await s.begin('u1', 'key-aaaaaaaa', 'fp2')).toEqual({ state: 'mismatch' });
    await s.complete('u1', 'key-aaaaaaaa', { status: 201, body: { ok: 1 } });
    expect(await s.begin('u1', 'key-aaaaaaaa', 'fp1')).toEqual({ state: 'done', response: { status: 201, body: { ok: 1 } } });
    // Keys are per caller.
    expect(await s.begin('u2', 'key-aaaaaaaa', 'fp1')).toEqual({ state: 'new' });
  });

  it('a begun key whose lease ran out is taken over by exactly one of ten retries; a renewed one is not', async () => {
    const s = await open(1);
    expect((await s.begin('u1', 'key-lease-1', 'fp')).state).toBe('new');
    expect((await s.begin('u1', 'key-renewed', 'fp')).state).toBe('new');
    const renewing = setInterval(() => void s.renew('u1', 'key-renewed'), 200);
    try {
      await new Promise((r) => setTimeout(r, 1_500));
      const retries = await Promise.all(Array.from({ length: 10 }, () => s.begin('u1', 'key-lease-1', 'fp')));
      expect(retries.filter((r) => r.state === 'new')).toHaveLength(1);
      expect(retries.filter((r) => r.state === 'busy')).toHaveLength(9);
      expect((await s.begin('u1', 'key-renewed', 'fp')).state).toBe('busy');
    } finally {
      clearInterval(renewing);
    }
    // A stored answer never expires into a re-run.
    await s.complete('u1', 'key-lease-1', { status: 200, body: 'done' });
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await s.begin('u1', 'key-lease-1', 'fp')).state).toBe('done');
  });

  it('a new start on PGlite frees the keys its predecessor left begun (that process is gone), keeps stored answers', async () => {
    const before = await open();
    expect((await before.begin('u9', 'key-left-begun', 'fp')).state).toBe('new');
    expect((await before.begin('u9', 'key-answered', 'fp')).state).toBe('new');
    await before.complete('u9', 'key-answered', { status: 200, body: { n: 1 } });
    const after = await open();
    expect(await after.begin('u9', 'key-left-begun', 'fp')).toEqual({ state: 'new' });
    expect(await after.begin('u9', 'key-answered', 'fp')).toEqual({ state: 'done', response: { status: 200, body: { n: 1 } } });
  });
});
