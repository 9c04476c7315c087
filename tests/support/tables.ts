// Tests that read a table by its name (a snapshot of every read model, the outbox, a sandbox provider's books, a
// checkpoint) view the connection without column types: they compare the rows as stored.
import type { Database } from '../../infra/db/database';

export type UntypedTables = Record<string, Record<string, unknown>>;

export const untypedTables = (database: Database) => database.db.withTables<UntypedTables>();
