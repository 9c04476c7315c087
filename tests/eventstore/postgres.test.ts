// The event-store contract on the Postgres server: a fresh database per file (dropped afterwards) and a fresh
// event schema per test. Skips outside CI when the server is not there; fails with CI=true.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../infra/db/database.js';
import { EventIdConflictError, createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { createTestDatabase, requirePostgresServer } from '../support/postgres.js';
import { eventStoreContract, postgresHeldAppend } from './contract.js';

const available = await requirePostgresServer();

describe.skipIf(!available)('Postgres server', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  let n = 0;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await openPostgres(testDb.url, 24);
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  eventStoreContract('Postgres server', async (options) => {
    const schema = `es_t${++n}`;
    const store = await createPostgresEventStore(database, { schema, ...options });
    return {
      store,
      beginHeldAppend: postgresHeldAppend(database, schema),
      async cleanup() {
        await store.close();
        await database.exec(`DROP SCHEMA "${schema}" CASCADE`);
      },
    };
  });

  // An event id is stored once: appending it again to another stream is refused, not stored twice nor reported
  // as that stream's conflict (single events take a plain INSERT, batches the append() function).
  it('an event id already stored in another stream is refused with EventIdConflictError', async () => {
    const schema = `es_t${++n}`;
    const store = await createPostgresEventStore(database, { schema });
    try {
      const e = { id: randomUUID(), type: 'Once', data: {}, metadata: {} as never };
      await store.appendToStream('a', [e]);
      await store.appendToStream('b', [{ ...e, id: randomUUID() }]);
      for (const [stream, expectedRevision] of [['c', 'any'], ['c', 'no_stream'], ['b', 'no_stream'], ['b', 0], ['b', 'any'], ['b', 'stream_exists']] as const) {
        await expect(store.appendToStream(stream, [e], { expectedRevision }), `${stream} ${expectedRevision}`).rejects.toBeInstanceOf(EventIdConflictError);
        await expect(store.appendToStream(stream, [e, { ...e, id: randomUUID() }], { expectedRevision }), `${stream} ${expectedRevision} (two)`).rejects.toBeInstanceOf(EventIdConflictError);
      }
      // Read by stream: $all readers wait for the oldest transaction of the whole server, which other test files share.
      expect((await store.readStream('a')).map((r) => r.id)).toEqual([e.id]);
      expect(await store.readStream('b')).toHaveLength(1);
      expect(await store.readStream('c')).toEqual([]);
    } finally {
      await store.close();
      await database.exec(`DROP SCHEMA "${schema}" CASCADE`);
    }
  });

  // Notifications to other processes are throttled (a burst is announced at its start and once more after it):
  // a subscriber in another process that never polls must still be woken for the last append of a burst, and
  // for appends made just before the writer closes.
  it('a subscriber in another process is woken for every append of a burst, without polling', async () => {
    const schema = `es_t${++n}`;
    const other = await openPostgres(testDb.url, 4);
    const writer = await createPostgresEventStore(database, { schema });
    const reader = await createPostgresEventStore(other, { schema, pollIntervalMs: 3_600_000 });
    const seen = new Set<string>();
    const sub = reader.subscribeToAll({ onEvents: async (es) => es.forEach((e) => seen.add(e.id)) });
    try {
      await sub.caughtUp;
      const ids: string[] = [];
      const burst = async () => {
        for (let i = 0; i < 40; i++) {
          const id = randomUUID();
          ids.push(id);
          await writer.appendToStream(`burst-${i % 4}`, [{ id, type: 'Burst', data: { i }, metadata: {} as never }]);
        }
      };
      await burst();
      await expect.poll(() => ids.filter((id) => !seen.has(id)), { timeout: 20_000, interval: 50 }).toEqual([]);
      await burst();
      await writer.close();
      await expect.poll(() => ids.filter((id) => !seen.has(id)), { timeout: 20_000, interval: 50 }).toEqual([]);
    } finally {
      await sub.stop();
      await reader.close();
      await writer.close();
      await other.close();
      await database.exec(`DROP SCHEMA "${schema}" CASCADE`);
    }
  });
});
