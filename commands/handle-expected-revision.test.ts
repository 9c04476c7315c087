// handle() with expectedRevision (a console edit's If-Match): a stream that moved on, whether before the decision
// or in the race to append, is a StaleEditError (412) and is never retried; nothing is written.
// Against a real event store (PGlite in memory) and a real competing writer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../infra/db/database';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import type { Decider } from '../domain/shared/decider';
import { StaleEditError, commandContext, handle } from './handle';

type Ev = { type: 'Named'; data: { name: string } };
const naming: Decider<{ type: 'Name'; name: string }, Ev, { name: string }> = {
  initialState: () => ({ name: '' }),
  evolve: (_s, e) => ({ name: e.data.name }),
  decide: (c) => [{ type: 'Named', data: { name: c.name } }],
};

let database: Database;
let store: EventStore;
const ctx = () => commandContext(store, { userId: 'u1', role: 'admin' });

beforeAll(async () => {
  database = await openPglite(undefined);
  store = await createPostgresEventStore(database, { schema: 'es_handle_pinned' });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await database?.close();
});

describe('handle with expectedRevision', () => {
  it('appends at the revision the editor saw; an older one is a 412 with the thing named, and nothing is written', async () => {
    await handle(ctx(), 'named-a', naming, { type: 'Name', name: 'one' }, { expectedRevision: -1 });
    await handle(ctx(), 'named-a', naming, { type: 'Name', name: 'two' }, { expectedRevision: 0 });
    const refused = handle(ctx(), 'named-a', naming, { type: 'Name', name: 'three' }, { expectedRevision: 0, editing: 'setting' });
    await expect(refused).rejects.toBeInstanceOf(StaleEditError);
    await expect(refused).rejects.toMatchObject({
      status: 412,
      code: 'STALE_EDIT',
      message: 'Someone else changed this setting while you were editing. Reload to see their changes, then edit again.',
    });
    expect((await store.readStream('named-a')).map((e) => e.data.name)).toEqual(['one', 'two']);
  });

  it('a writer that lands between the load and the append makes the edit stale: no retry on top of it', async () => {
    await handle(ctx(), 'named-b', naming, { type: 'Name', name: 'first' });
    // A store through which another editor's save lands just before this edit's append (after its load).
    const racing: EventStore = Object.create(store);
    let raced = false;
    racing.appendToStream = async (streamId, events, options) => {
      if (!raced) {
        raced = true;
        await store.appendToStream(streamId, [{ ...events[0], id: crypto.randomUUID(), data: { name: 'other' } }], { expectedRevision: 0 });
      }
      return store.appendToStream(streamId, events, options);
    };
    let decisions = 0;
    const edit = handle(commandContext(racing, { userId: 'u1', role: 'admin' }), 'named-b', naming, (s) => {
      decisions++;
      return { type: 'Name' as const, name: `${s.name} edited` };
    }, { expectedRevision: 0, editing: 'post' });
    await expect(edit).rejects.toBeInstanceOf(StaleEditError);
    expect(decisions).toBe(1);
    expect((await store.readStream('named-b')).map((e) => e.data.name)).toEqual(['first', 'other']);
  });
});
