// handle(): a conflict with another writer is retried by reloading and deciding again, a bounded number of times;
// then a 409 'Please try again.' (never the store's raw WrongExpectedRevisionError, which the API answered 500).
// Against a real event store (PGlite in memory) and a real competing writer.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../infra/db/database';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import type { Decider } from '../domain/shared/decider';
import { DomainError } from '../domain/shared/decider';
import { ConcurrencyConflictError, TRY_AGAIN, appendOnce, commandContext, handle } from './handle';

type Ev = { type: 'Counted'; data: { n: number } };
const counter: Decider<{ type: 'Count' }, Ev, { n: number }> = {
  initialState: () => ({ n: 0 }),
  evolve: (s, e) => ({ n: e.data.n }),
  decide: (_c, s) => [{ type: 'Counted', data: { n: s.n + 1 } }],
};

let database: Database;
let store: EventStore;
const ctx = () => commandContext(store, { userId: 'u1', role: 'user' });

beforeAll(async () => {
  database = await openPglite(undefined);
  store = await createPostgresEventStore(database, { schema: 'es_handle' });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await database?.close();
});

describe('handle', () => {
  it('forty parallel commands on one stream all land, each decided against what is there', async () => {
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => handle(ctx(), 'count-a', counter, { type: 'Count' })));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const events = await store.readStream('count-a');
    expect(events.map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('when another writer always wins, it gives up after the bounded attempts with 409 Please try again., writing nothing', async () => {
    let decided = 0;
    // A competing writer appends to the stream between this command's read and its append, every time.
    const meddling: Decider<{ type: 'Count' }, Ev, { n: number }> = {
      ...counter,
      decide: (c, s) => {
        decided++;
        void c;
        return [{ type: 'Counted', data: { n: s.n + 1 } }];
      },
    };
    const c = ctx();
    const real = store.appendToStream.bind(store);
    c.store = {
      ...store,
      readStream: store.readStream.bind(store),
      appendToStream: async (streamId, events, options) => {
        await real(streamId, [{ ...events[0], id: crypto.randomUUID() }], { expectedRevision: 'any' });
        return real(streamId, events, options);
      },
    } as EventStore;
    const error = await handle(c, 'count-b', meddling, { type: 'Count' }, { attempts: 5 }).catch((e) => e);
    expect(error).toBeInstanceOf(ConcurrencyConflictError);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ message: TRY_AGAIN, status: 409, code: 'CONCURRENT_UPDATE' });
    expect(decided).toBe(5);
    // Only the competing writer's events are there: the command itself wrote nothing.
    expect((await store.readStream('count-b')).length).toBe(5);
  });

  it('appendOnce: of several writers of a record-once stream, exactly one writes; the others learn it exists', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => appendOnce(ctx(), 'once-a', [{ type: 'Seen', data: {} }])));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await store.readStream('once-a')).toHaveLength(1);
  });
});

describe('the one way to append', () => {
  it('no server code outside commands/handle.ts (and the event stores themselves) appends to a stream', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(rel);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && rel !== path.join('commands', 'handle.ts') && !rel.startsWith(path.join('infra', 'eventstore')))
          if (/\.appendToStream\(/.test(fs.readFileSync(path.join(root, rel), 'utf8'))) offenders.push(rel);
      }
    };
    for (const dir of ['commands', 'api', 'projections', 'infra', 'domain']) walk(dir);
    // Appending elsewhere skips the conflict retry: a lost race would answer 500 instead of deciding again.
    expect(offenders).toEqual([]);
  });
});
