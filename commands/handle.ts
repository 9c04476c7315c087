// The one way state changes: load the stream, fold it, decide, append with the expected revision.
// A conflict means someone else wrote first: reload and decide again (never overwrite).
import { createHash, randomUUID } from 'node:crypto';
import { DomainError, type Decider, type DomainEvent } from '../domain/shared/decider';
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
  /** A fresh random id (event ids, things no retry must find again). */
  newId: () => string;
  /**
   * The id of a thing this command creates, named by its part in the command ('tip', 'payment', 'card'). When the
   * request carries an Idempotency-Key the id is derived from the caller and that key, so a retry after a crash
   * (or a second node running the same key) finds the first attempt's records instead of starting a second
   * purchase; without a key it is new. Several things of one part in one request get one id each, in order.
   */
  idFor: (part: string) => string;
  /** The request's Idempotency-Key, recorded on the payments it starts (the ledger holds one capture per key). */
  requestKey: string | null;
  /** Highest position written by this command so far; queries wait for projections to reach it. */
  lastPosition: Position | null;
}

/** A UUID-shaped id hashed from its parts: the same parts give the same id on every attempt and every node. */
export function derivedId(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join(':')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-9${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function commandContext(
  store: EventStore,
  actor: { userId: string | null; role: string | null; proxyAdminId?: string | null; ip?: string | null; correlationId?: string },
  clock: () => Date = () => new Date(),
  /** The request's Idempotency-Key and the caller it is scoped to (the user, or the IP of a guest). */
  idempotency: { scope: string; key: string } | null = null,
): CommandContext {
  // The n-th thing of a part in this request: the same order of creation on a retry gives the same ids.
  const made = new Map<string, number>();
  const idFor = (part: string) => {
    if (!idempotency) return randomUUID();
    const n = made.get(part) ?? 0;
    made.set(part, n + 1);
    return derivedId('request', idempotency.scope, idempotency.key, n === 0 ? part : `${part}-${n}`);
  };
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
    idFor,
    requestKey: idempotency?.key ?? null,
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

/**
 * The answer rests on events another request wrote (a no-op because it is done already): queries that follow
 * wait for the read models to reach them too.
 */
export function observed(ctx: CommandContext, events: RecordedEvent[]): void {
  const last = events[events.length - 1];
  if (last && (!ctx.lastPosition || comparePositions(last.position, ctx.lastPosition) > 0)) ctx.lastPosition = last.position;
}

/**
 * The answer rests on an earlier attempt of this same request (a retry that found its records): queries that
 * follow wait until the read models hold everything written so far, whichever streams that attempt touched.
 */
export async function observedEarlierAttempt(ctx: CommandContext): Promise<void> {
  const head = await ctx.store.headPosition();
  if (head && (!ctx.lastPosition || comparePositions(head, ctx.lastPosition) > 0)) ctx.lastPosition = head;
}

export interface HandleResult<S, E> {
  state: S;
  events: E[];
  position: Position | null;
}

/** Attempts before a conflict is given up (each reloads the stream and decides again). */
export const MAX_ATTEMPTS = 30;

/** What the caller sees when every attempt met a concurrent writer: a 409 to retry, never a 500. */
export const TRY_AGAIN = 'Please try again.';

/** Every attempt to append met another writer first (the stream is very busy): answered 409, nothing written. */
export class ConcurrencyConflictError extends DomainError {
  constructor(readonly streamId: string, attempts: number) {
    super(TRY_AGAIN, 'CONCURRENT_UPDATE', 409, { streamId, attempts });
  }
}

/**
 * A console edit made on an older version of the stream than the one it would now change (another staff member
 * saved in between): answered 412, nothing written. Not a conflict to retry: deciding again would overwrite
 * what the other person saved without them or this editor seeing it.
 */
export class StaleEditError extends DomainError {
  constructor(readonly streamId: string, thing: string, expected: number, actual: number) {
    super(
      `Someone else changed this ${thing} while you were editing. Reload to see their changes, then edit again.`,
      'STALE_EDIT',
      412,
      { streamId, expected, actual },
    );
  }
}

/** Small, growing, jittered pause between attempts, so parallel writers spread out instead of colliding again. */
export function conflictBackoff(attempt: number): Promise<void> {
  const ceiling = Math.min(100, 2 * 2 ** Math.min(attempt, 6));
  return new Promise((r) => setTimeout(r, Math.random() * ceiling));
}

/**
 * Runs `command` (or a function building it from the current state) against the stream.
 * `eventId(event, index)` may give deterministic ids so that a repeated process-manager step is a no-op.
 * A conflict (another writer appended first) is retried by reloading and deciding again, at most `attempts`
 * times; then ConcurrencyConflictError (409 'Please try again.'). This is the only way commands append.
 * `expectedRevision` (a console edit's If-Match: the revision the editor saw, -1 for no stream) pins the append to
 * that revision: a stream that has moved on, before deciding or in the race to append, is a StaleEditError (412,
 * `editing` names the thing in its message), never retried.
 */
export async function handle<C, E extends DomainEvent, S>(
  ctx: CommandContext,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C | ((state: S) => C),
  options: { eventId?: (event: E, index: number) => string; attempts?: number; expectedRevision?: number; editing?: string } = {},
): Promise<HandleResult<S, E>> {
  const attempts = options.attempts ?? MAX_ATTEMPTS;
  const pinned = options.expectedRevision;
  const stale = (actual: number) => new StaleEditError(streamId, options.editing ?? 'record', pinned!, actual);
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadStream(ctx.store, streamId, decider);
    if (pinned !== undefined && revision !== pinned) throw stale(revision);
    const cmd = typeof command === 'function' ? (command as (s: S) => C)(state) : command;
    const events = decider.decide(cmd, state);
    if (events.length === 0) return { state, events, position: null };
    try {
      const position = await appendEvents(ctx, streamId, events, revision === -1 ? 'no_stream' : revision, options.eventId);
      return { state: events.reduce(decider.evolve, state), events, position };
    } catch (e) {
      if (!(e instanceof WrongExpectedRevisionError)) throw e;
      if (pinned !== undefined) throw stale(e.actual);
      if (attempt >= attempts) throw new ConcurrencyConflictError(streamId, attempt);
      await conflictBackoff(attempt);
    }
  }
}

/**
 * Writes events that must exist once (a record keyed by its stream, e.g. a provider notice seen): true when
 * written, false when the stream already existed (another request recorded it first). No retry is needed: the
 * stream's existence is the answer.
 */
export async function appendOnce(ctx: CommandContext, streamId: string, events: DomainEvent[]): Promise<boolean> {
  try {
    await appendEvents(ctx, streamId, events, 'no_stream');
    return true;
  } catch (e) {
    if (e instanceof WrongExpectedRevisionError) return false;
    throw e;
  }
}

async function appendEvents<E extends DomainEvent>(
  ctx: CommandContext,
  streamId: string,
  events: E[],
  expectedRevision: number | 'no_stream',
  eventId?: (event: E, index: number) => string,
): Promise<Position> {
  const at = ctx.now();
  const result = await ctx.store.appendToStream(
    streamId,
    events.map((e, i) => ({
      id: eventId?.(e, i) ?? ctx.newId(),
      type: e.type,
      data: e.data as Record<string, unknown>,
      metadata: { ...ctx.metadata, causationId: ctx.metadata.causationId ?? null, at },
    })),
    { expectedRevision },
  );
  if (!ctx.lastPosition || comparePositions(result.position, ctx.lastPosition) > 0) ctx.lastPosition = result.position;
  return result.position;
}
