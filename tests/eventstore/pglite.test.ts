// The event-store contract on PGlite (the embedded default), one temporary data folder per file and a fresh
// event schema per test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openPglite, type Database } from '../../infra/db/database.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { eventStoreContract, postgresHeldAppend } from './contract.js';

let dir: string;
let database: Database;
let n = 0;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-es-pglite-'));
  // The late-commit test holds a transaction open with PREPARE TRANSACTION (see postgresHeldAppend), which
  // needs max_prepared_transactions > 0; it only takes effect on start, hence create, configure, reopen.
  const first = await openPglite(dir);
  await first.exec('ALTER SYSTEM SET max_prepared_transactions = 8');
  await first.close();
  database = await openPglite(dir);
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

eventStoreContract('PGlite', async (options) => {
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
