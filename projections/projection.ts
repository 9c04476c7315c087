// What a read model is: tables it owns, the events it handles, and a pure-ish `apply` that reads and writes
// rows through a unit of work. The runner batches those writes (multi-row upserts), which is what lets a
// rebuild replay tens of thousands of events per second, and stores the checkpoint in the same transaction.
import type { RecordedEvent } from '../infra/eventstore/port';

export type ColumnType = 'text' | 'integer' | 'bigint' | 'boolean' | 'timestamptz' | 'jsonb';

export interface TableSpec {
  /** Table name inside the read-model schema (`rm`). */
  name: string;
  columns: Record<string, ColumnType>;
  primaryKey: string[];
  /** Secondary indexes for the queries the API runs, e.g. [['created_at'], ['user_id', 'created_at']]. */
  indexes?: string[][];
}

export type Row = Record<string, unknown>;

/** Row-level access to the projection's tables; writes are buffered and flushed with the checkpoint. */
export interface ProjectionStore {
  /** The current row (including writes earlier in this batch), or undefined. */
  get<T extends object = Row>(table: string, key: Row): Promise<T | undefined>;
  /** Insert or replace the whole row (all columns; missing columns become null). */
  put(table: string, row: object): void;
  delete(table: string, key: Row): void;
}

export interface Projection {
  /** Stable name; the checkpoint is stored under it. */
  name: string;
  tables: TableSpec[];
  /** Event types this projection reads ('*' for every event); others are skipped without a call. */
  handles: readonly string[];
  apply(event: RecordedEvent, store: ProjectionStore): Promise<void>;
}

/** Read-modify-write of one row: `update(store, 'posts', {id}, (row) => ({...row, likes: row.likes + 1}))`. */
export async function update<T extends object>(
  store: ProjectionStore,
  table: string,
  key: Row,
  change: (row: T) => T,
): Promise<T | undefined> {
  const row = await store.get<T>(table, key);
  if (!row) return undefined;
  const next = change(row);
  store.put(table, next);
  return next;
}

/** Whether a projection wants an event type; '*' in `handles` means every event. */
export const handlesType = (handles: ReadonlySet<string>, type: string): boolean => handles.has('*') || handles.has(type);
