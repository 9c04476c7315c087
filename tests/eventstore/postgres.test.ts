// The event-store contract on the Postgres server: a fresh database per file (dropped afterwards) and a fresh
// event schema per test. Skips outside CI when the server is not there; fails with CI=true.
import { afterAll, beforeAll, describe } from 'vitest';
import { openPostgres, type Database } from '../../infra/db/database.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
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

  eventStoreContract('Postgres server', async () => {
    const schema = `es_t${++n}`;
    const store = await createPostgresEventStore(database, { schema });
    return {
      store,
      beginHeldAppend: postgresHeldAppend(database, schema),
      async cleanup() {
        await store.close();
        await database.exec(`DROP SCHEMA "${schema}" CASCADE`);
      },
    };
  });
});
