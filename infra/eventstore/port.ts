// The event store port. Every adapter (Postgres/PGlite, EventStoreDB) implements exactly this,
// and tests/eventstore/contract.ts holds them all to the same behaviour.

/** Who did it, on whose behalf, from where, when. Written with every event: this is the audit trail. */
export interface EventMetadata {
  correlationId: string;
  causationId: string | null;
  /** The acting user (for a proxy session: the impersonated user). */
  userId: string | null;
  role: string | null;
  /** The real admin behind a proxy session, when there is one. */
  proxyAdminId: string | null;
  ip: string | null;
  /** ISO-8601 time the command was handled. */
  at: string;
}

export interface NewEvent<Type extends string = string, Data = Record<string, unknown>> {
  /** Client-chosen UUID; appending an event id that is already stored is a no-op (idempotent retry). */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/**
 * A position in the global `$all` order. For Postgres: (transaction id, sequence number);
 * for EventStoreDB: (commit, prepare). Both sort lexicographically.
 */
export interface Position {
  tx: number;
  seq: number;
}

export interface RecordedEvent<Type extends string = string, Data = Record<string, unknown>>
  extends NewEvent<Type, Data> {
  streamId: string;
  /** 0-based revision of the event inside its stream. */
  revision: number;
  position: Position;
  recordedAt: Date;
}

/** 'any', 'no_stream' (must not exist), 'stream_exists', or the exact revision of the stream's last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Position of the last event written (or of the already-stored events on an idempotent retry). */
  position: Position;
}

export interface ReadAllOptions {
  /** Exclusive lower bound; null/undefined reads from the start. */
  after?: Position | null;
  maxCount?: number;
}

export interface SubscribeOptions {
  after?: Position | null;
  /** Called with batches in global order; the next batch is not delivered until this resolves. */
  onEvents: (events: RecordedEvent[]) => Promise<void>;
  /** Called once if the subscription stops on an error (including one thrown by onEvents). */
  onError?: (error: unknown) => void;
  /** Called whenever the subscription has delivered everything currently visible. */
  onCaughtUp?: (position: Position | null) => void;
  batchSize?: number;
  /**
   * After an append in this process, wait this long for the rest of the command's appends before reading, so that
   * one command's events arrive as one batch (`poke()` reads at once: someone is waiting for them). Default 0.
   */
  gatherMs?: number;
}

export interface Subscription {
  stop(): Promise<void>;
  /** Read now, without waiting out `gatherMs` (adapters that push events may ignore it). */
  poke?(): void;
  /** Resolves once the subscription has caught up with the head of the log at least once. */
  readonly caughtUp: Promise<void>;
}

export interface EventStore {
  readonly kind: 'postgres' | 'pglite' | 'eventstoredb';
  appendToStream(
    streamId: string,
    events: NewEvent[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  /** Events of one stream in revision order; [] when the stream does not exist. */
  readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<RecordedEvent[]>;
  /** The next events of `$all` after a position, never skipping an event that a slower transaction commits later. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up subscription to `$all` from a checkpoint that turns live. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the last committed event (readers reach it once nothing older is still committing), or null when the log is empty. */
  headPosition(): Promise<Position | null>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** -1 when the stream does not exist. */
    readonly actual: number,
  ) {
    super(`Wrong expected revision on stream ${streamId}: expected ${String(expected)}, actual ${actual}`);
  }
}

export function comparePositions(a: Position, b: Position): number {
  if (a.tx !== b.tx) return a.tx < b.tx ? -1 : 1;
  if (a.seq !== b.seq) return a.seq < b.seq ? -1 : 1;
  return 0;
}

/** Wire form of a position, e.g. "812/40411"; used in API responses and the `wait_for` query parameter. */
export function formatPosition(p: Position): string {
  return `${p.tx}/${p.seq}`;
}

export function parsePosition(s: string): Position | null {
  const m = /^(\d{1,16})\/(\d{1,16})$/.exec(s);
  return m ? { tx: Number(m[1]), seq: Number(m[2]) } : null;
}
