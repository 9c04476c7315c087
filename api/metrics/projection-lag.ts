// How far each projection is behind the head of `$all`, for /metrics: the events it has not applied yet and how
// long the oldest of them has waited. Read from the checkpoints in the database (not this process's memory), so a
// runner that stopped shows a lag that grows.
import { sql } from 'kysely';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../../infra/eventstore/port';
import { CHECKPOINT_TABLE, DEFAULT_SCHEMA } from '../../projections/rebuild';
import type { ReadDb } from '../../projections/schema';

/** Events read past the lowest checkpoint on one scrape: a count at this cap means "at least this many". */
export const LAG_READ_CAP = 10_000;

export interface ProjectionLag {
  name: string;
  /** Events of `$all` after the projection's checkpoint (at most LAG_READ_CAP). */
  events: number;
  /** Seconds since the oldest of those events was recorded; 0 when it is up to date. */
  seconds: number;
}

const ZERO: Position = { tx: 0, seq: 0 };
const isZero = (p: Position) => p.tx === 0 && p.seq === 0;

/** The lag of each checkpoint, given the events after the lowest of them (in `$all` order) and the time now. */
export function projectionLags(checkpoints: ReadonlyMap<string, Position>, after: ReadonlyArray<Pick<RecordedEvent, 'position' | 'recordedAt'>>, nowMs: number): ProjectionLag[] {
  return [...checkpoints].map(([name, checkpoint]) => {
    const first = after.findIndex((e) => comparePositions(e.position, checkpoint) > 0);
    if (first < 0) return { name, events: 0, seconds: 0 };
    return { name, events: after.length - first, seconds: Math.max(0, (nowMs - after[first].recordedAt.getTime()) / 1000) };
  });
}

export function lowestCheckpoint(checkpoints: ReadonlyMap<string, Position>): Position {
  let min: Position | null = null;
  for (const p of checkpoints.values()) if (!min || comparePositions(p, min) < 0) min = p;
  return min ?? ZERO;
}

/** Every projection's checkpoint as stored (the runner writes them with its rows). */
export async function storedCheckpoints(db: ReadDb): Promise<Map<string, Position>> {
  const rows = (await sql<{ name: string; tx: string; seq: string }>`SELECT name, tx, seq FROM ${sql.id(DEFAULT_SCHEMA, CHECKPOINT_TABLE)}`.execute(db)).rows;
  return new Map(rows.map((r) => [r.name, { tx: Number(r.tx), seq: Number(r.seq) }]));
}

/**
 * Reads the checkpoints of the projections named (a row left by a projection since removed would only ever grow) and
 * the events past the lowest one, through the event store port (any adapter).
 */
export async function readProjectionLags(db: ReadDb, store: EventStore, names: readonly string[], nowMs: number): Promise<ProjectionLag[]> {
  const stored = await storedCheckpoints(db);
  const checkpoints = new Map(names.map((name) => [name, stored.get(name) ?? ZERO]));
  const lowest = lowestCheckpoint(checkpoints);
  const after = await store.readAll({ after: isZero(lowest) ? null : lowest, maxCount: LAG_READ_CAP });
  return projectionLags(checkpoints, after, nowMs);
}
