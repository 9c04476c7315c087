// The event-store contract: every adapter (PGlite, Postgres server, EventStoreDB) must pass this suite.
//
// Isolation: each test opens a store and writes only to streams under a random prefix, and filters `$all`
// (readAll, subscriptions) to that prefix. The Postgres adapters get a fresh schema per test anyway, but
// EventStoreDB has one `$all` per server, so the tests never assume they are alone in the log.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../infra/db/database.js';
import {
  WrongExpectedRevisionError,
  comparePositions,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '../../infra/eventstore/port.js';

/** An append inside a transaction that stays open (running) until commit() or rollback(). */
export interface HeldAppend {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

export interface OpenedStore {
  store: EventStore;
  cleanup: () => Promise<void>;
  /**
   * Only for stores whose `$all` order depends on transactions (the Postgres adapters): appends events in a
   * transaction that has NOT committed when this resolves, so the test can write and read past it.
   */
  beginHeldAppend?: (streamId: string, events: NewEvent[]) => Promise<HeldAppend>;
}

/**
 * beginHeldAppend for the Postgres event store (infra/eventstore/postgres.ts) on either driver.
 *
 * - Postgres server: a second connection from the pool runs BEGIN + append and simply waits; the store keeps
 *   using the other connections.
 * - PGlite has ONE connection, and a Kysely transaction owns it from BEGIN to COMMIT, so a second writer
 *   could never run while the first is open (a late-committing lower transaction cannot happen through
 *   our facade at all). To still test the xmin rule on PGlite, we PREPARE the transaction: a prepared
 *   transaction keeps its xid "running" (it holds back pg_snapshot_xmin exactly like an open one) while
 *   the connection is free for the store. This needs max_prepared_transactions > 0 in that PGlite folder
 *   (see pglite.test.ts).
 */
export function postgresHeldAppend(database: Database, schema: string) {
  return async (streamId: string, events: NewEvent[]): Promise<HeldAppend> => {
    const payload = JSON.stringify(events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata })));
    if (database.kind === 'pglite') {
      const gid = `held_${randomUUID().replace(/-/g, '')}`;
      const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
      try {
        await database.exec(
          `BEGIN; SELECT * FROM "${schema}".append(${lit(streamId)}, -2, ${lit(payload)}::jsonb); PREPARE TRANSACTION ${lit(gid)};`,
        );
      } catch (e) {
        await database.exec('ROLLBACK').catch(() => {});
        throw e;
      }
      let done = false;
      return {
        async commit() {
          if (done) return;
          done = true;
          await database.exec(`COMMIT PREPARED ${lit(gid)}`);
        },
        async rollback() {
          if (done) return;
          done = true;
          await database.exec(`ROLLBACK PREPARED ${lit(gid)}`);
        },
      };
    }
    let finish!: (commit: boolean) => void;
    const decision = new Promise<boolean>((r) => (finish = r));
    let started!: () => void;
    let failed!: (e: unknown) => void;
    const ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    const running = database.db.connection().execute(async (conn) => {
      try {
        await sql`BEGIN`.execute(conn);
        await sql`SELECT * FROM ${sql.id(schema, 'append')}(${streamId}::text, -2::bigint, ${payload}::text::jsonb)`.execute(conn);
      } catch (e) {
        await sql`ROLLBACK`.execute(conn).catch(() => {});
        failed(e);
        return;
      }
      started();
      const commit = await decision;
      await sql.raw(commit ? 'COMMIT' : 'ROLLBACK').execute(conn);
    });
    running.catch(() => {});
    await ready;
    let done = false;
    const end = async (commit: boolean) => {
      if (done) return;
      done = true;
      finish(commit);
      await running;
    };
    return { commit: () => end(true), rollback: () => end(false) };
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    correlationId: randomUUID(),
    causationId: null,
    userId: 'user-1',
    role: 'fan',
    proxyAdminId: null,
    ip: '127.0.0.1',
    at: new Date().toISOString(),
    ...overrides,
  };
}

function event(type = 'Thing', data: Record<string, unknown> = {}, meta?: Partial<EventMetadata>): NewEvent {
  return { id: randomUUID(), type, data, metadata: metadata(meta) };
}

function isAfter(a: Position, b: Position) {
  return comparePositions(a, b) > 0;
}

async function expectWrongRevision(
  promise: Promise<unknown>,
  streamId: string,
  expected: ExpectedRevision,
  actual: number,
): Promise<void> {
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  expect(error, `append to ${streamId} with expected ${String(expected)} should fail`).toBeInstanceOf(
    WrongExpectedRevisionError,
  );
  const w = error as WrongExpectedRevisionError;
  expect(w.name).toBe('WrongExpectedRevisionError');
  expect(w.streamId).toBe(streamId);
  expect(w.expected).toBe(expected);
  expect(w.actual).toBe(actual);
}

/** What a test may ask of the store it opens (adapters without such a setting ignore it). */
export interface OpenOptions {
  /** The fallback poll of live subscriptions: a test that must see a wake-up other than the poll sets it far off. */
  pollIntervalMs?: number;
}

export function eventStoreContract(name: string, open: (options?: OpenOptions) => Promise<OpenedStore>) {
  describe(`event store contract: ${name}`, () => {
    let opened: OpenedStore | undefined;
    let prefix = '';

    let written: Position | null = null; // highest position this test's appends returned

    async function setup(options?: OpenOptions) {
      opened = await open(options);
      prefix = `t${randomUUID().slice(0, 8)}`;
      written = null;
      const store = opened.store;
      // Record what we wrote, so reads can wait until it is visible (see `visible`).
      return new Proxy(store, {
        get(target, prop, receiver) {
          if (prop !== 'appendToStream') return Reflect.get(target, prop, receiver);
          return async (...args: Parameters<EventStore['appendToStream']>) => {
            const r = await target.appendToStream(...args);
            if (!written || isAfter(r.position, written)) written = r.position;
            return r;
          };
        },
      });
    }

    /**
     * Waits until everything this test appended is visible to $all readers. On the Postgres server, $all shows
     * only what is below the oldest running writing transaction of the whole cluster, so another suite's open
     * transaction (in any database) can delay visibility for a moment; an acknowledged append is still never
     * skipped, it just becomes readable a little later.
     */
    async function visible(store: EventStore, position: Position | null = written): Promise<void> {
      if (!position) return;
      const target = position;
      const start = Date.now();
      for (;;) {
        // Readable, not only committed: the last event $all readers get is at or past the target.
        const readable = await store.readAll({ after: null, maxCount: 100_000 });
        const last = readable.length ? readable[readable.length - 1].position : null;
        if (last && comparePositions(last, target) >= 0) return;
        if (Date.now() - start > 20_000) throw new Error(`appended events not visible after 20 s (last readable ${JSON.stringify(last)})`);
        await sleep(20);
      }
    }
    const mine = (events: RecordedEvent[]) => events.filter((e) => e.streamId.startsWith(`${prefix}-`));

    /** All of this test's events in $all, read in pages of `page`. */
    async function readAllMine(store: EventStore, page = 1000): Promise<RecordedEvent[]> {
      await visible(store);
      const out: RecordedEvent[] = [];
      let after: Position | null = null;
      for (;;) {
        const batch = await store.readAll({ after, maxCount: page });
        if (batch.length === 0) return out;
        out.push(...mine(batch));
        after = batch[batch.length - 1].position;
      }
    }

    afterEach(async () => {
      const o = opened;
      opened = undefined;
      if (o) await o.cleanup();
    });

    it('appends to a stream and reads it back in revision order', async () => {
      const store = await setup();
      const s = `${prefix}-order`;
      expect(await store.readStream(s)).toEqual([]);
      const first = [event('Created', { n: 0 }), event('Renamed', { n: 1 })];
      const r1 = await store.appendToStream(s, first);
      expect(r1.nextRevision).toBe(1);
      const r2 = await store.appendToStream(s, [event('Renamed', { n: 2 })]);
      expect(r2.nextRevision).toBe(2);
      expect(isAfter(r2.position, r1.position)).toBe(true);

      const all = await store.readStream(s);
      expect(all.map((e) => [e.revision, e.type, e.data.n])).toEqual([
        [0, 'Created', 0],
        [1, 'Renamed', 1],
        [2, 'Renamed', 2],
      ]);
      expect(all.map((e) => e.id).slice(0, 2)).toEqual(first.map((e) => e.id));
      expect(all.every((e) => e.streamId === s && e.recordedAt instanceof Date)).toBe(true);
      expect(all[2].position).toEqual(r2.position);
      expect(all[1].position).toEqual(r1.position);
      expect((await store.readStream(s, { fromRevision: 1 })).map((e) => e.revision)).toEqual([1, 2]);
      expect((await store.readStream(s, { fromRevision: 1, maxCount: 1 })).map((e) => e.revision)).toEqual([1]);
      expect(await store.readStream(s, { fromRevision: 3 })).toEqual([]);
    });

    it("expected revision 'any' appends to new and existing streams", async () => {
      const store = await setup();
      const s = `${prefix}-any`;
      expect((await store.appendToStream(s, [event()], { expectedRevision: 'any' })).nextRevision).toBe(0);
      expect((await store.appendToStream(s, [event()], { expectedRevision: 'any' })).nextRevision).toBe(1);
      expect((await store.appendToStream(s, [event()])).nextRevision).toBe(2); // 'any' is the default
    });

    it("expected revision 'no_stream' succeeds only when the stream does not exist", async () => {
      const store = await setup();
      const s = `${prefix}-nostream`;
      expect((await store.appendToStream(s, [event(), event()], { expectedRevision: 'no_stream' })).nextRevision).toBe(1);
      await expectWrongRevision(store.appendToStream(s, [event()], { expectedRevision: 'no_stream' }), s, 'no_stream', 1);
      expect(await store.readStream(s)).toHaveLength(2);
    });

    it("expected revision 'stream_exists' succeeds only when the stream exists", async () => {
      const store = await setup();
      const s = `${prefix}-exists`;
      await expectWrongRevision(
        store.appendToStream(s, [event()], { expectedRevision: 'stream_exists' }),
        s,
        'stream_exists',
        -1,
      );
      expect(await store.readStream(s)).toEqual([]);
      await store.appendToStream(s, [event()]);
      expect((await store.appendToStream(s, [event()], { expectedRevision: 'stream_exists' })).nextRevision).toBe(1);
    });

    it('an exact expected revision succeeds only when it is the last revision', async () => {
      const store = await setup();
      const s = `${prefix}-exact`;
      await expectWrongRevision(store.appendToStream(s, [event()], { expectedRevision: 0 }), s, 0, -1);
      await store.appendToStream(s, [event(), event(), event()], { expectedRevision: 'no_stream' });
      expect((await store.appendToStream(s, [event()], { expectedRevision: 2 })).nextRevision).toBe(3);
      await expectWrongRevision(store.appendToStream(s, [event()], { expectedRevision: 2 }), s, 2, 3);
      await expectWrongRevision(store.appendToStream(s, [event()], { expectedRevision: 7 }), s, 7, 3);
      expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2, 3]);
    });

    it('a retried append with the same event ids writes nothing and returns the original result', async () => {
      const store = await setup();
      const s = `${prefix}-retry`;
      await store.appendToStream(s, [event()]);
      const batch = [event('Paid'), event('Unlocked')];
      const original = await store.appendToStream(s, batch, { expectedRevision: 0 });
      // The retry still carries the (now stale) expected revision: it must not be reported as a conflict.
      const retried = await store.appendToStream(s, batch, { expectedRevision: 0 });
      expect(retried).toEqual(original);
      const again = await store.appendToStream(s, batch, { expectedRevision: 'any' });
      expect(again).toEqual(original);
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['Thing', 'Paid', 'Unlocked']);
      const ids = (await readAllMine(store)).map((e) => e.id);
      expect(ids.filter((id) => id === batch[0].id)).toHaveLength(1);
      expect(ids).toHaveLength(3);
      // A genuinely new append after the retries continues from the right revision.
      expect((await store.appendToStream(s, [event()], { expectedRevision: 2 })).nextRevision).toBe(3);
    });

    it('a retried single-event append returns the original result, whatever expected revision it carries', async () => {
      const store = await setup();
      const fresh = `${prefix}-retry-one-new`;
      const first = event('Joined');
      const original = await store.appendToStream(fresh, [first], { expectedRevision: 'no_stream' });
      for (const expectedRevision of ['no_stream', 'any', 'stream_exists', 0] as const) {
        expect(await store.appendToStream(fresh, [first], { expectedRevision })).toEqual(original);
      }
      const s = `${prefix}-retry-one`;
      await store.appendToStream(s, [event()]);
      const paid = event('Paid');
      const appended = await store.appendToStream(s, [paid], { expectedRevision: 0 });
      expect(appended.nextRevision).toBe(1);
      expect(await store.appendToStream(s, [paid], { expectedRevision: 0 })).toEqual(appended);
      expect(await store.appendToStream(s, [paid], { expectedRevision: 'any' })).toEqual(appended);
      expect(await store.appendToStream(s, [paid], { expectedRevision: 'no_stream' })).toEqual(appended);
      await expectWrongRevision(store.appendToStream(s, [event()], { expectedRevision: 'no_stream' }), s, 'no_stream', 1);
      await expectWrongRevision(store.appendToStream(`${prefix}-none`, [event()], { expectedRevision: 'stream_exists' }), `${prefix}-none`, 'stream_exists', -1);
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['Thing', 'Paid']);
      expect(await readAllMine(store)).toHaveLength(3);
    });

    it('racing identical single-event appends store the event once and all return the same result', async () => {
      const store = await setup();
      const s = `${prefix}-race-one`;
      await store.appendToStream(s, [event()]);
      const one = event('Once');
      // Each waits for its own turn in the store's queue, so they also race one by one, not only in one batch.
      const results = await Promise.all([
        ...Array.from({ length: 4 }, () => store.appendToStream(s, [one], { expectedRevision: 0 })),
        ...Array.from({ length: 4 }, () => store.appendToStream(s, [one], { expectedRevision: 'any' })),
      ]);
      for (const r of results) expect(r).toEqual(results[0]);
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['Thing', 'Once']);
    });

    it('racing identical appends store the events once and all return the same result', async () => {
      const store = await setup();
      const fresh = `${prefix}-race-new`;
      const batch = [event('A'), event('B'), event('C')];
      const results = await Promise.all(
        Array.from({ length: 6 }, () => store.appendToStream(fresh, batch, { expectedRevision: 'no_stream' })),
      );
      for (const r of results) expect(r).toEqual(results[0]);
      expect(results[0].nextRevision).toBe(2);
      expect(await store.readStream(fresh)).toHaveLength(3);

      const existing = `${prefix}-race-existing`;
      await store.appendToStream(existing, [event()]);
      const batch2 = [event('X'), event('Y')];
      const results2 = await Promise.all([
        ...Array.from({ length: 4 }, () => store.appendToStream(existing, batch2, { expectedRevision: 0 })),
        ...Array.from({ length: 4 }, () => store.appendToStream(existing, batch2, { expectedRevision: 'any' })),
      ]);
      for (const r of results2) expect(r).toEqual(results2[0]);
      expect((await store.readStream(existing)).map((e) => e.type)).toEqual(['Thing', 'X', 'Y']);
      expect(await readAllMine(store)).toHaveLength(6);
    });

    it('appends made together to many streams each get their own result, a refused one alone', async () => {
      const store = await setup();
      const s = (name: string) => `${prefix}-together-${name}`;
      await store.appendToStream(s('old'), [event()]);
      await store.appendToStream(s('stale'), [event(), event()]);
      // All at their expected revision (the Postgres stores write these as one batch)...
      const sizes = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 2 : 1));
      const results = await Promise.all(
        sizes.map((size, i) =>
          store.appendToStream(s(`new${i}`), Array.from({ length: size }, (_, k) => event('New', { i, k })), { expectedRevision: 'no_stream' }),
        ),
      );
      for (const [i, r] of results.entries()) {
        expect(r.nextRevision).toBe(sizes[i] - 1);
        const stored = await store.readStream(s(`new${i}`));
        expect(stored.map((e) => e.data.k)).toEqual(sizes[i] === 2 ? [0, 1] : [0]);
        expect(stored[stored.length - 1].position).toEqual(r.position);
        if (stored.length === 2) expect(isAfter(stored[1].position, stored[0].position)).toBe(true);
      }
      expect(new Set(results.map((r) => `${r.position.tx}/${r.position.seq}`)).size).toBe(results.length);

      // ...and with refusals among them: each refused append fails with its own actual revision, the others are written.
      const [old, stale, taken, missing, fresh, anyOld] = await Promise.allSettled([
        store.appendToStream(s('old'), [event('Old')], { expectedRevision: 0 }),
        store.appendToStream(s('stale'), [event()], { expectedRevision: 0 }),
        store.appendToStream(s('new0'), [event()], { expectedRevision: 'no_stream' }),
        store.appendToStream(s('missing'), [event()], { expectedRevision: 'stream_exists' }),
        store.appendToStream(s('fresh'), [event('F', { k: 0 }), event('F', { k: 1 })], { expectedRevision: 'no_stream' }),
        store.appendToStream(s('new1'), [event('Any')], { expectedRevision: 'any' }),
      ]);
      expect(old.status === 'fulfilled' && old.value.nextRevision).toBe(1);
      await expectWrongRevision(stale.status === 'rejected' ? Promise.reject(stale.reason) : Promise.resolve(), s('stale'), 0, 1);
      await expectWrongRevision(taken.status === 'rejected' ? Promise.reject(taken.reason) : Promise.resolve(), s('new0'), 'no_stream', 1);
      await expectWrongRevision(missing.status === 'rejected' ? Promise.reject(missing.reason) : Promise.resolve(), s('missing'), 'stream_exists', -1);
      expect(fresh.status === 'fulfilled' && fresh.value.nextRevision).toBe(1);
      expect(anyOld.status === 'fulfilled' && anyOld.value.nextRevision).toBe(1);
      expect((await store.readStream(s('old'))).map((e) => e.type)).toEqual(['Thing', 'Old']);
      expect(await store.readStream(s('stale'))).toHaveLength(2);
      expect(await store.readStream(s('new0'))).toHaveLength(2);
      expect(await store.readStream(s('missing'))).toEqual([]);
      expect((await store.readStream(s('fresh'))).map((e) => e.data.k)).toEqual([0, 1]);
      expect((await store.readStream(s('new1'))).map((e) => e.type)).toEqual(['New', 'Any']);
      expect(await readAllMine(store)).toHaveLength(3 + 16 + 1 + 2 + 1);
    });

    it("one process's appends to one stream, made together, are written in the order they were made", async (ctx) => {
      const store = await setup();
      // The Postgres stores promise it (one batch in flight at a time, each in the order the appends were made);
      // EventStoreDB's client does not.
      if (store.kind === 'eventstoredb') ctx.skip();
      const s = `${prefix}-in-order`;
      await store.appendToStream(s, [event()]);
      const settled = await Promise.allSettled([
        store.appendToStream(s, [event('A')], { expectedRevision: 0 }),
        store.appendToStream(s, [event('B')], { expectedRevision: 1 }),
        store.appendToStream(s, [event('C')], { expectedRevision: 1 }),
        store.appendToStream(s, [event('D'), event('E')], { expectedRevision: 'any' }),
        store.appendToStream(s, [event('F')], { expectedRevision: 'stream_exists' }),
        store.appendToStream(`${prefix}-other`, [event('O')], { expectedRevision: 'no_stream' }),
      ]);
      expect(settled.map((r) => (r.status === 'fulfilled' ? r.value.nextRevision : (r.reason as WrongExpectedRevisionError).actual))).toEqual([1, 2, 2, 4, 5, 0]);
      expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['Thing', 'A', 'B', 'D', 'E', 'F']);
      const positions = (await store.readStream(s)).map((e) => e.position);
      for (let i = 1; i < positions.length; i++) expect(isAfter(positions[i], positions[i - 1])).toBe(true);
    });

    it('stores metadata and data exactly as given', async () => {
      const store = await setup();
      const s = `${prefix}-meta`;
      const meta: EventMetadata = {
        correlationId: randomUUID(),
        causationId: randomUUID(),
        userId: 'fan-42',
        role: 'fan',
        proxyAdminId: 'admin-1',
        ip: '2001:db8::1',
        at: '2026-01-02T03:04:05.678Z',
      };
      const data = {
        amount: { cents: 1999, currency: 'EUR' },
        note: 'Grüße, 猫 & "quotes" \'single\' \\ back',
        tags: ['a', 'b'],
        nested: { deep: { flag: true, nothing: null, n: -0.5 } },
        empty: {},
      };
      const e: NewEvent = { id: randomUUID(), type: 'PostUnlocked.v2', data, metadata: meta };
      await store.appendToStream(s, [e]);
      const [read] = await store.readStream(s);
      expect(read.id).toBe(e.id);
      expect(read.type).toBe('PostUnlocked.v2');
      expect(read.data).toEqual(data);
      expect(read.metadata).toEqual(meta);
      const [fromAll] = await readAllMine(store);
      expect(fromAll.metadata).toEqual(meta);
      expect(fromAll.data).toEqual(data);
    });

    it('readAll returns $all in global order and pages with `after`', async () => {
      const store = await setup();
      const written: string[] = [];
      for (let i = 0; i < 12; i++) {
        const batch = [event('E', { i }), event('E', { i })];
        written.push(...batch.map((e) => e.id));
        await store.appendToStream(`${prefix}-s${i % 3}`, batch);
      }
      const all = await readAllMine(store, 1000);
      expect(all.map((e) => e.id)).toEqual(written);
      for (let i = 1; i < all.length; i++) expect(isAfter(all[i].position, all[i - 1].position)).toBe(true);

      const paged = await readAllMine(store, 5);
      expect(paged.map((e) => e.id)).toEqual(written);
      expect(paged.map((e) => e.position)).toEqual(all.map((e) => e.position));

      const mid = all[9].position;
      const rest = mine(await store.readAll({ after: mid }));
      expect(rest.map((e) => e.id)).toEqual(written.slice(10));
      expect(mine(await store.readAll({ after: mid, maxCount: 3 })).length).toBeLessThanOrEqual(3);

      const head = await store.headPosition();
      expect(head).not.toBeNull();
      expect(comparePositions(head!, all[all.length - 1].position)).toBeGreaterThanOrEqual(0);
      expect(mine(await store.readAll({ after: head }))).toEqual([]);
    });

    it('never skips an event committed late by a transaction that started earlier (lower transaction id)', async (ctx) => {
      const store = await setup();
      if (!opened!.beginHeldAppend) {
        // EventStoreDB assigns $all positions at commit: there is no lower transaction that could commit later.
        ctx.skip();
        return;
      }
      const got: RecordedEvent[] = [];
      const sub = store.subscribeToAll({ onEvents: async (es) => void got.push(...mine(es)), batchSize: 50 });
      try {
        const early = event('Early');
        await store.appendToStream(`${prefix}-early`, [early]);
        await visible(store);
        const late = event('LateLower');
        const held = await opened!.beginHeldAppend(`${prefix}-late`, [late]);
        let committed = false;
        try {
          const after = event('CommittedAfter');
          await store.appendToStream(`${prefix}-after`, [after]);
          await sleep(50);
          // The held transaction is running: its event is not readable, and nothing after it may be read either,
          // or a reader that checkpointed past `after` would skip `late` forever.
          const beforeCommit = mine(await store.readAll());
          expect(beforeCommit.map((e) => e.type)).toEqual(['Early']);
          // The head is the last committed event, readable or not: waiting for it waits for the held one too.
          const head = await store.headPosition();
          expect(comparePositions(head!, beforeCommit[0].position)).toBeGreaterThan(0);
          await waitFor('the subscriber to see the early event', () => got.length >= 1, 10_000);
          await sleep(150); // give the live subscriber time to (wrongly) see something
          expect(got.map((e) => e.type)).toEqual(['Early']);

          await held.commit();
          committed = true;
        } finally {
          if (!committed) await held.rollback();
        }
        const afterCommit = await readAllMine(store);
        expect(afterCommit.map((e) => e.type)).toEqual(['Early', 'LateLower', 'CommittedAfter']);
        expect(afterCommit[1].id).toBe(late.id);
        expect(isAfter(afterCommit[2].position, afterCommit[1].position)).toBe(true);
        // readAll after the early event's checkpoint sees the late one too
        expect(mine(await store.readAll({ after: afterCommit[0].position })).map((e) => e.type)).toEqual([
          'LateLower',
          'CommittedAfter',
        ]);
        await waitFor('the subscriber to see the late event', () => got.length === 3, 10_000);
        expect(got.map((e) => e.type)).toEqual(['Early', 'LateLower', 'CommittedAfter']);
      } finally {
        await sub.stop();
      }
    });

    it('a catch-up subscription starts after a checkpoint, catches up, then turns live', async () => {
      const store = await setup();
      const s = `${prefix}-sub`;
      for (let i = 0; i < 10; i++) await store.appendToStream(s, [event('E', { i })]);
      const stored = await readAllMine(store);
      const checkpoint = stored[4].position;

      const got: RecordedEvent[] = [];
      const caughtUpAt: (Position | null)[] = [];
      let inFlight = 0;
      let overlapped = false;
      const sub = store.subscribeToAll({
        after: checkpoint,
        batchSize: 2, // several catch-up batches
        onEvents: async (es) => {
          inFlight++;
          if (inFlight > 1) overlapped = true;
          await sleep(5);
          got.push(...mine(es));
          inFlight--;
        },
        onCaughtUp: (p) => caughtUpAt.push(p),
      });
      try {
        await sub.caughtUp;
        expect(got.map((e) => e.data.i)).toEqual([5, 6, 7, 8, 9]);
        expect(caughtUpAt.length).toBeGreaterThanOrEqual(1);

        // live
        for (let i = 10; i < 15; i++) await store.appendToStream(s, [event('E', { i })]);
        await waitFor('live events', () => got.length === 10, 10_000);
        expect(got.map((e) => e.data.i)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
        for (let i = 1; i < got.length; i++) expect(isAfter(got[i].position, got[i - 1].position)).toBe(true);
        expect(overlapped).toBe(false);
        await waitFor('onCaughtUp at the live head', () => {
          const last = caughtUpAt[caughtUpAt.length - 1];
          return last != null && comparePositions(last, got[got.length - 1].position) >= 0;
        });
      } finally {
        await sub.stop();
      }
      // stopped: no more deliveries
      await store.appendToStream(s, [event('E', { i: 99 })]);
      await sleep(100);
      expect(got).toHaveLength(10);
    });

    it('gatherMs: a burst of appends from this process arrives as one batch; poke() reads at once', async () => {
      // The poll is an hour off: only the gathering window or a poke can wake the subscription.
      const store = await setup({ pollIntervalMs: 3_600_000 });
      if (store.kind === 'eventstoredb') return; // a pushed subscription: nothing to gather
      const s = `${prefix}-gather`;
      await store.appendToStream(s, [event('E', { i: 0 })]);
      await visible(store);
      const batches: RecordedEvent[][] = [];
      const sub = store.subscribeToAll({ after: written, gatherMs: 2_000, onEvents: async (es) => void (mine(es).length && batches.push(mine(es))) });
      try {
        expect(typeof sub.poke).toBe('function');
        await sub.caughtUp;
        // Five appends in a row, as one command writes them: read once, after the gathering window.
        for (let i = 1; i <= 5; i++) await store.appendToStream(s, [event('E', { i })]);
        await waitFor('the gathered batch', () => batches.length > 0, 10_000);
        await sleep(50);
        expect(batches.map((b) => b.map((e) => e.data.i))).toEqual([[1, 2, 3, 4, 5]]);
        // A poke does not wait out the window: someone waits for the events. The window is made longer than the
        // wait below, so the batch can only have come from the poke.
        await store.appendToStream(s, [event('E', { i: 6 })]);
        await sleep(20); // the append's own wake-up has started the (long) window
        sub.poke!();
        await waitFor('the poked batch', () => batches.length === 2, 1_500);
        expect(batches[1].map((e) => e.data.i)).toEqual([6]);
      } finally {
        await sub.stop();
      }
    });

    it('stop() waits for the delivery in flight, and an error thrown by onEvents stops the subscription', async () => {
      const store = await setup();
      const s = `${prefix}-stop`;
      await store.appendToStream(s, [event()]);
      let delivering = false;
      let finished = false;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const sub = store.subscribeToAll({
        onEvents: async (es) => {
          if (mine(es).length === 0) return;
          delivering = true;
          await gate;
          finished = true;
        },
      });
      await waitFor('delivery to start', () => delivering);
      let stopped = false;
      const stopping = sub.stop().then(() => (stopped = true));
      await sleep(50);
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(finished).toBe(true);

      const errors: unknown[] = [];
      let calls = 0;
      const failing = store.subscribeToAll({
        onEvents: async (es) => {
          if (mine(es).length === 0) return;
          calls++;
          throw new Error('projection bug');
        },
        onError: (e) => errors.push(e),
        batchSize: 1,
      });
      await store.appendToStream(s, [event()]);
      await waitFor('onError', () => errors.length > 0, 10_000);
      await sleep(100);
      expect(errors).toHaveLength(1);
      expect((errors[0] as Error).message).toBe('projection bug');
      expect(calls).toBe(1);
      await failing.stop();
    });

    it('16 concurrent writers append 10,000 events while a live subscriber sees each exactly once, in the order readAll returns', async () => {
      const store = await setup();
      const WRITERS = 16;
      const TOTAL = 10_000;
      const BATCH = 5;
      const PER_WRITER = TOTAL / WRITERS; // 625
      const SHARED = 8;

      const seen: RecordedEvent[] = [];
      const seenIds = new Set<string>();
      let duplicates = 0;
      let outOfOrder = 0;
      let last: Position | null = null;
      const sub = store.subscribeToAll({
        batchSize: 500,
        onEvents: async (es) => {
          for (const e of es) {
            if (last && !isAfter(e.position, last)) outOfOrder++;
            last = e.position;
          }
          for (const e of mine(es)) {
            if (seenIds.has(e.id)) duplicates++;
            seenIds.add(e.id);
            seen.push(e);
          }
        },
      });

      const started = Date.now();
      let conflicts = 0;
      let appends = 0;
      const writtenIds = new Set<string>();
      const writer = async (w: number) => {
        // Each writer only knows what it wrote itself, so on the shared streams it is often stale and gets
        // WrongExpectedRevisionError; it retries with the actual revision, as a command handler would after reloading.
        const known = new Map<string, number>();
        for (let b = 0; b < PER_WRITER / BATCH; b++) {
          const stream = b % 2 === 0 ? `${prefix}-shared-${(w + b) % SHARED}` : `${prefix}-w${w}-${b % 3}`;
          const batch = Array.from({ length: BATCH }, (_, k) => event('Load', { w, b, k }));
          for (let attempt = 0; ; attempt++) {
            const k = known.get(stream);
            const expectedRevision: ExpectedRevision = k === undefined ? 'no_stream' : k;
            try {
              const r = await store.appendToStream(stream, batch, { expectedRevision });
              known.set(stream, r.nextRevision);
              appends++;
              break;
            } catch (e) {
              if (!(e instanceof WrongExpectedRevisionError) || attempt > 1000) throw e;
              conflicts++;
              known.set(stream, e.actual);
            }
          }
          for (const e of batch) writtenIds.add(e.id);
        }
      };
      try {
        await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
        const written = Date.now();
        await waitFor('the subscriber to see all events', () => seen.length >= TOTAL || duplicates > 0, 60_000);
        const delivered = Date.now();
        console.log(
          `[${name}] 10k: ${WRITERS} writers appended ${TOTAL} events in ${appends} appends (${conflicts} conflicts retried) ` +
            `in ${written - started} ms; subscriber had all of them after ${delivered - started} ms`,
        );
        expect(conflicts).toBeGreaterThan(0);
        expect(writtenIds.size).toBe(TOTAL);
        expect(duplicates).toBe(0);
        expect(outOfOrder).toBe(0);
        expect(seen).toHaveLength(TOTAL);
        expect(seen.every((e) => writtenIds.has(e.id))).toBe(true);

        // Each stream's events arrive in revision order, without gaps.
        const revisions = new Map<string, number>();
        for (const e of seen) {
          const expected = (revisions.get(e.streamId) ?? -1) + 1;
          expect(e.revision, `${e.streamId} revision`).toBe(expected);
          revisions.set(e.streamId, e.revision);
        }

        // A later reader from zero gets exactly the same order (what a projection rebuild relies on).
        const replay = await readAllMine(store, 1000);
        expect(replay.map((e) => e.id)).toEqual(seen.map((e) => e.id));
        expect(replay.map((e) => e.position)).toEqual(seen.map((e) => e.position));
      } finally {
        await sub.stop();
      }
      await sleep(50);
      expect(seen).toHaveLength(TOTAL);
    });
  });
}
