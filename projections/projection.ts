// What a read model is: tables it owns, the events it handles, and a pure-ish `apply` that reads and writes
// rows through a unit of work. The runner batches those writes (multi-row upserts), which is what lets a
// rebuild replay tens of thousands of events per second, and stores the checkpoint in the same transaction.
import type { ColumnType as KyselyColumn } from 'kysely';
import type { RecordedEvent } from '../infra/eventstore/port';
import type { DomainEvent } from '../domain/shared/decider';

export type ColumnType = 'text' | 'integer' | 'bigint' | 'boolean' | 'timestamptz' | 'jsonb';

export interface TableSpec<Name extends string = string, Columns extends Readonly<Record<string, ColumnType>> = Readonly<Record<string, ColumnType>>> {
  /** Table name inside the read-model schema (`rm`). */
  readonly name: Name;
  readonly columns: Columns;
  readonly primaryKey: readonly (keyof Columns & string)[];
  /** Secondary indexes for the queries the API runs, e.g. [['created_at'], ['user_id', 'created_at']]. */
  readonly indexes?: readonly (readonly (keyof Columns & string)[])[];
}

/**
 * A projection's tables, with their names and columns kept as literal types, so that projections/schema.ts can
 * derive the Kysely database interface from the very specs rebuild.ts creates the tables from.
 */
export const readModelTables = <const T extends readonly TableSpec[]>(tables: T): T => tables;

/** What a column holds in `apply` (unit-of-work.ts normalises to these shapes): timestamps are ISO strings. */
interface StoreValues {
  text: string;
  integer: number;
  bigint: number;
  boolean: boolean;
  timestamptz: string;
  jsonb: unknown;
}

/** What Kysely reads back (bigint arrives as a number: infra/db sets the parser), and what it takes on writes. */
interface QueryValues {
  text: string;
  integer: number;
  bigint: number;
  boolean: boolean;
  timestamptz: KyselyColumn<Date, Date | string, Date | string>;
  jsonb: unknown;
}

type Nullable<V> = V extends KyselyColumn<infer S, infer I, infer U> ? KyselyColumn<S | null, I | null, U | null> : V | null;

type KeyOf<S> = S extends { primaryKey: readonly (infer K)[] } ? K : never;

/** One row of a table as `apply` sees it; every column but the primary key may be null (the DDL has no NOT NULL). */
export type StoreRowOf<S extends TableSpec> = {
  -readonly [C in keyof S['columns']]: C extends KeyOf<S> ? StoreValues[S['columns'][C]] : StoreValues[S['columns'][C]] | null;
};

/** One table as Kysely sees it. */
export type QueryTableOf<S extends TableSpec> = {
  -readonly [C in keyof S['columns']]: C extends KeyOf<S> ? QueryValues[S['columns'][C]] : Nullable<QueryValues[S['columns'][C]]>;
};

/** Table name → Kysely table, for a union of table specs. */
export type DatabaseOf<S extends TableSpec> = { [T in S as T['name']]: QueryTableOf<T> };

/** A domain event as the projection receives it from the store, narrowed by `type`. */
export type ProjectedEvent<E extends DomainEvent> = E extends DomainEvent<infer T, infer D> ? RecordedEvent<T, D> : never;

export type Row = Record<string, unknown>;

/**
 * Row-level access to the projection's tables; writes are buffered and flushed with the checkpoint. `Tables`
 * (table name → row) is what `apply` sees: schema.ts ReadModelRows, so a row put with a column that is not
 * declared, or without its primary key, fails the type check.
 */
export interface ProjectionStore<Tables extends object = Record<string, Row>> {
  /** The current row (including writes earlier in this batch), or undefined. */
  get<T extends object = Row>(table: keyof Tables & string, key: Row): Promise<T | undefined>;
  /** Insert or replace the whole row (all columns; missing columns become null). */
  put<N extends keyof Tables & string>(table: N, row: Tables[N]): void;
  delete(table: keyof Tables & string, key: Row): void;
  /**
   * Loads many rows of a table with a one-column text key in one query, so the `get`s that follow hit the batch's
   * overlay (an event touching thousands of rows, e.g. a mass message's batch of copies). Optional: a store
   * without it answers each `get` on its own.
   */
  preload?(table: keyof Tables & string, keys: Row[]): Promise<void>;
}

export interface Projection {
  /** Stable name; the checkpoint is stored under it. */
  name: string;
  tables: readonly TableSpec[];
  /** Event types this projection reads ('*' for every event); others are skipped without a call. */
  handles: readonly string[];
  apply(event: RecordedEvent, store: ProjectionStore): Promise<void>;
}

/**
 * A projection whose `apply` sees the domain's events: `handles` lists event types of the union `E`, and
 * `apply` receives exactly those, narrowed, so a renamed event field fails the type check here.
 * `defineProjection<PaymentEvent | TipEvent>()({ name, tables, handles: ['TipSent'], apply })`.
 */
export function defineProjection<E extends DomainEvent, Tables extends object = Record<string, Row>>() {
  return <const H extends E['type']>(p: {
    name: string;
    tables: readonly TableSpec[];
    handles: readonly H[];
    apply(event: ProjectedEvent<Extract<E, { type: H }>>, store: ProjectionStore<Tables>): Promise<void>;
  }): Projection => ({ ...p, apply: p.apply as Projection["apply"] });
}

/**
 * Read-modify-write of one row: `update(store, 'posts', {id}, (row) => ({...row, likes: row.likes + 1}))`. `T` is the
 * caller's view of the row (often a few of its columns, the rest carried by the spread), in whichever projection's store.
 */
export async function update<T extends object>(
  store: ProjectionStore<Record<string, unknown>>,
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
