// The timed event store (infra/eventstore/timed.ts): each append is reported with its time and outcome, and the
// wrapped store answers exactly as the bare one (the contract itself runs against the bare stores in
// pglite.test.ts and postgres.test.ts). An in-memory PGlite is enough: only the wrapper is under test.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../infra/db/database.js';
import { WrongExpectedRevisionError, type EventMetadata, type EventStore, type NewEvent } from '../../infra/eventstore/port.js';
import { EventIdConflictError, createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { timeAppends, type AppendOutcome } from '../../infra/eventstore/timed.js';

let database: Database;
let n = 0;

beforeAll(async () => {
  database = await openPglite(undefined);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const metadata: EventMetadata = { correlationId: 'c', causationId: null, userId: null, role: null, proxyAdminId: null, ip: null, at: '2026-01-01T00:00:00.000Z' };
const event = (type = 'Noted', data: Record<string, unknown> = {}): NewEvent => ({ id: randomUUID(), type, data, metadata });

/** A bare store on a schema of its own, the same store timed, and what the timer saw. */
async function timedStore(observe?: (seconds: number, outcome: AppendOutcome) => void) {
  const schema = `es_t${++n}`;
  const bare = await createPostgresEventStore(database, { schema });
  const seen: Array<{ seconds: number; outcome: AppendOutcome }> = [];
  const store: EventStore = timeAppends(bare, observe ?? ((seconds, outcome) => seen.push({ seconds, outcome })));
  return {
    bare,
    store,
    seen,
    async cleanup() {
      await bare.close();
      await database.exec(`DROP SCHEMA "${schema}" CASCADE`);
    },
  };
}

describe('timed appends', () => {
  it('reports a written append as ok with its time, and answers as the bare store does', async () => {
    const t = await timedStore();
    try {
      const first = await t.store.appendToStream('s-1', [event('A'), event('B')], { expectedRevision: 'no_stream' });
      expect(first.nextRevision).toBe(1);
      const lone = event('C', { n: 1 });
      const second = await t.store.appendToStream('s-1', [lone], { expectedRevision: 1 });
      expect(second.nextRevision).toBe(2);
      // An idempotent repeat is a written append too, with the stored result.
      expect(await t.store.appendToStream('s-1', [lone], { expectedRevision: 1 })).toEqual(second);
      expect(t.seen.map((s) => s.outcome)).toEqual(['ok', 'ok', 'ok']);
      expect(t.seen.every((s) => s.seconds >= 0 && s.seconds < 60)).toBe(true);
      // Reads and the other members pass through to the bare store.
      expect(t.store.kind).toBe('pglite');
      expect((await t.store.readStream('s-1')).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      expect(await t.store.readStream('s-1')).toEqual(await t.bare.readStream('s-1'));
      expect(await t.store.headPosition()).toEqual(second.position);
      expect((await t.store.readAll()).map((e) => e.id)).toEqual((await t.bare.readAll()).map((e) => e.id));
    } finally {
      await t.cleanup();
    }
  });

  it('reports a refused expected revision as a conflict and passes the same error on', async () => {
    const t = await timedStore();
    try {
      await t.store.appendToStream('s-1', [event()]);
      const refused = await t.store.appendToStream('s-1', [event()], { expectedRevision: 'no_stream' }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(WrongExpectedRevisionError);
      expect(refused).toMatchObject({ streamId: 's-1', expected: 'no_stream', actual: 0 });
      await expect(t.store.appendToStream('s-2', [event()], { expectedRevision: 4 })).rejects.toMatchObject({ actual: -1 });
      expect(t.seen.map((s) => s.outcome)).toEqual(['ok', 'conflict', 'conflict']);
    } finally {
      await t.cleanup();
    }
  });

  it('reports any other failure as an error and passes it on', async () => {
    const t = await timedStore();
    try {
      const e = event();
      await t.store.appendToStream('s-1', [e]);
      // The same event id in another stream is not an idempotent repeat.
      await expect(t.store.appendToStream('s-2', [e])).rejects.toBeInstanceOf(EventIdConflictError);
      await expect(t.store.appendToStream('s-3', [event()], { expectedRevision: -5 as never })).rejects.toBeInstanceOf(TypeError);
      expect(t.seen.map((s) => s.outcome)).toEqual(['ok', 'error', 'error']);
    } finally {
      await t.cleanup();
    }
  });

  it('an observer that throws never fails the append', async () => {
    const t = await timedStore(() => {
      throw new Error('observer broke');
    });
    try {
      const r = await t.store.appendToStream('s-1', [event()]);
      expect(r.nextRevision).toBe(0);
      await expect(t.store.appendToStream('s-1', [event()], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    } finally {
      await t.cleanup();
    }
  });
});
