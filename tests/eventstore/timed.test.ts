// The timed event store (infra/eventstore/timed.ts) on PGlite: the whole event-store contract holds through the
// wrapper, and every append the contract makes is reported, conflicts as conflicts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../infra/db/database.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { timeAppends, type AppendOutcome } from '../../infra/eventstore/timed.js';
import { eventStoreContract, postgresHeldAppend } from './contract.js';

let dir: string;
let database: Database;
let n = 0;
const seen: Array<{ seconds: number; outcome: AppendOutcome }> = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-es-timed-'));
  // As tests/eventstore/pglite.test.ts: the late-commit test needs prepared transactions, set before a reopen.
  const first = await openPglite(dir);
  await first.exec('ALTER SYSTEM SET max_prepared_transactions = 8');
  await first.close();
  database = await openPglite(dir);
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

eventStoreContract('PGlite, appends timed', async (options) => {
  const schema = `es_t${++n}`;
  const bare = await createPostgresEventStore(database, { schema, ...options });
  return {
    store: timeAppends(bare, (seconds, outcome) => seen.push({ seconds, outcome })),
    beginHeldAppend: postgresHeldAppend(database, schema),
    async cleanup() {
      await bare.close();
      await database.exec(`DROP SCHEMA "${schema}" CASCADE`);
    },
  };
});

describe('timed appends', () => {
  it('reported every append of the contract with its time, and the refused ones as conflicts', () => {
    expect(seen.filter((s) => s.outcome === 'ok').length).toBeGreaterThan(20);
    expect(seen.some((s) => s.outcome === 'conflict')).toBe(true);
    expect(seen.every((s) => s.seconds >= 0 && s.seconds < 60)).toBe(true);
  });

  it('an observer that throws never fails the append', async () => {
    const schema = `es_t${++n}`;
    const store = timeAppends(await createPostgresEventStore(database, { schema }), () => { throw new Error('observer broke'); });
    const meta = { correlationId: 'c', causationId: null, userId: null, role: null, proxyAdminId: null, ip: null, at: new Date().toISOString() };
    const r = await store.appendToStream('s-1', [{ id: crypto.randomUUID(), type: 'Noted', data: {}, metadata: meta }]);
    expect(r.nextRevision).toBe(0);
    expect(store.kind).toBe('pglite');
    await store.close();
    await database.exec(`DROP SCHEMA "${schema}" CASCADE`);
  });
});
