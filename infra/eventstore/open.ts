// Opens the database and the event store the configuration asks for; used by the server and the CLIs.
//
//   DATABASE_URL set          → Postgres server (read models, and events unless EVENT_STORE=eventstoredb)
//   DATABASE_URL unset        → PGlite in the data folder, after taking its exclusive lock
//   EVENT_STORE=eventstoredb  → events in EventStoreDB at EVENTSTORE_URL; read models still in the database
import path from 'node:path';
import type { Config } from '../config.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { openPglite, openPostgres, type Database } from '../db/database.js';
import { createEventStoreDbStore } from './eventstoredb.js';
import type { EventStore } from './port.js';
import { createPostgresEventStore } from './postgres.js';

export interface OpenedEventStore {
  database: Database;
  store: EventStore;
  /** Closes the store, then the database, then releases the data-folder lock. */
  close(): Promise<void>;
}

type StoreConfig = Pick<Config, 'DATABASE_URL' | 'EVENT_STORE' | 'EVENTSTORE_URL' | 'dataDir'>;

export async function openDatabaseFromConfig(cfg: StoreConfig): Promise<{ database: Database; release: () => void }> {
  if (cfg.DATABASE_URL) return { database: await openPostgres(cfg.DATABASE_URL), release: () => {} };
  const release = lockDataDir(cfg.dataDir); // throws DataDirLockedError when another process owns the folder
  try {
    // PGlite gets its own sub-folder: the data folder also holds the lock file and uploaded media.
    return { database: await openPglite(path.join(cfg.dataDir, 'pgdata')), release };
  } catch (e) {
    release();
    throw e;
  }
}

export async function openEventStoreFromConfig(cfg: StoreConfig): Promise<OpenedEventStore> {
  const { database, release } = await openDatabaseFromConfig(cfg);
  let store: EventStore;
  try {
    if (cfg.EVENT_STORE === 'eventstoredb') {
      if (!cfg.EVENTSTORE_URL) throw new Error('EVENTSTORE_URL is required when EVENT_STORE=eventstoredb');
      store = await createEventStoreDbStore(cfg.EVENTSTORE_URL);
    } else {
      store = await createPostgresEventStore(database);
    }
  } catch (e) {
    await database.close().catch(() => {});
    release();
    throw e;
  }
  let closed = false;
  return {
    database,
    store,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await store.close();
      } finally {
        try {
          await database.close();
        } finally {
          release();
        }
      }
    },
  };
}
