// The one way state changes: load the stream, fold it, decide, append with the expected revision.
// A conflict means someone else wrote first: reload and decide again (never overwrite).
import { randomUUID } from 'node:crypto';
import type { Decider, DomainEvent } from '../domain/shared/decider';
import {
  WrongExpectedRevisionError,
  comparePositions,
  type EventMetadata,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../infra/eventstore/port';

/** Everything a command needs from outside the domain: the store, who is acting, a clock and id source. */
export interface CommandContext {
  store: EventStore;
  metadata: Omit<EventMetadata, 'at' | 'causationId'> & { causationId?: string | null };
  now: () => string;
  newId: () => string;
  /** Highest position written by this command so far; queries wait for projections to reach it. */
  lastPosition: Position | null;
}

export function commandContext(
  store: EventStore,
  actor: { userId: string | null; role: string | null; proxyAdminId?: string | null; ip?: string | null; correlationId?: string },
  clock: () => Date = () => new Date(),
): CommandContext {
  return {
    store,
    metadata: {
      correlationId: actor.correlationId ?? randomUUID(),
      userId: actor.userId,
      role: actor.role,
      proxyAdminId: actor.proxyAdminId ?? null,
      ip: actor.ip ?? null,
    },
    now: () => clock().toISOString(),
    newId: () => randomUUID(),
    lastPosition: null,
  };
}

export async function loadStream<E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, E, S>, 'initialState' | 'evolve'>,
): Promise<{ state: S; revision: number; events: RecordedEvent[] }> {
  const events = await store.readStream(streamId);
  const state = events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initialState());
  return { state, revision: events.length ? events[events.length - 1].revision : -1, events };
}

export interface HandleResult<S, E> {
  state: S;
  events: E[];
  position: Position | null;
}

const MAX_ATTEMPTS = 8;

/**
 * Runs `command` (or a function building it from the current state) against the stream.
 * `eventId(event, index)` may give deterministic ids so that a repeated process-manager step is a no-op.
 */
export async function handle<C, E extends DomainEvent, S>(
  ctx: CommandContext,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C | ((state: S) => C),
  options: { eventId?: (event: E, index: number) => string } = {},
): Promise<HandleResult<S, E>> {
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadStream(ctx.store, streamId, decider);
    const cmd = typeof command === 'function' ? (command as (s: S) => C)(state) : command;
    const events = decider.decide(cmd, state);
    if (events.length === 0) return { state, events, position: null };
    const at = ctx.now();
    try {
      const result = await ctx.store.appendToStream(
        streamId,
        events.map((e, i) => ({
          id: options.eventId?.(e, i) ?? ctx.newId(),
          type: e.type,
          data: e.data as Record<string, unknown>,
          metadata: { ...ctx.metadata, causationId: ctx.metadata.causationId ?? null, at },
        })),
        { expectedRevision: revision === -1 ? 'no_stream' : revision },
      );
      if (!ctx.lastPosition || comparePositions(result.position, ctx.lastPosition) > 0) ctx.lastPosition = result.position;
      return { state: events.reduce(decider.evolve, state), events, position: result.position };
    } catch (e) {
      if (!(e instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}
