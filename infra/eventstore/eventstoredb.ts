// The EventStoreDB / KurrentDB adapter (scale-out option), behind the same port as the Postgres store.
//
// - $all positions are EventStoreDB's (commit, prepare) log positions, mapped to {tx: commit, seq: prepare}.
//   EventStoreDB assigns them at commit, so there is no "late lower transaction" problem to guard against.
// - System events ($-prefixed types, $-prefixed streams, link events) never leave this adapter.
// - Idempotency: EventStoreDB itself recognises a retried append of the same event ids (guaranteed with an
//   exact/no_stream expected revision, best effort with 'any').
//
// No EventStoreDB server exists on the development machines: tests/eventstore/eventstoredb.test.ts runs the
// contract only when EVENTSTORE_URL is set.
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Position as EsdbPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  comparePositions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port.js';
import { stopAll, trackSubscription } from './subscriptions';

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (typeof expected === 'number' && Number.isSafeInteger(expected) && expected >= 0) return BigInt(expected);
  throw new TypeError(`Invalid expected revision: ${String(expected)}`);
}

function toPosition(p: EsdbPosition): Position {
  return { tx: Number(p.commit), seq: Number(p.prepare) };
}

function toEsdbPosition(p: Position): EsdbPosition {
  return { commit: BigInt(p.tx), prepare: BigInt(p.seq) };
}

function decode(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    const text = Buffer.from(value).toString('utf8');
    try {
      return JSON.parse(text);
    } catch {
      return { binary: Buffer.from(value).toString('base64') };
    }
  }
  return value ?? {};
}

type AnyRecorded = NonNullable<ResolvedEvent['event']> | NonNullable<AllStreamResolvedEvent['event']>;

function isSystem(e: AnyRecorded): boolean {
  return e.type.startsWith('$') || e.streamId.startsWith('$');
}

function toRecorded(e: AnyRecorded): RecordedEvent {
  return {
    id: e.id,
    type: e.type,
    data: decode(e.data) as Record<string, unknown>,
    metadata: decode(e.metadata) as EventMetadata,
    streamId: e.streamId,
    revision: Number(e.revision),
    position: e.position ? toPosition(e.position) : { tx: 0, seq: 0 },
    recordedAt: e.created instanceof Date ? e.created : new Date(e.created as unknown as string),
  };
}

export interface EventStoreDbOptions {
  /** Events per $all read request while paging (default 500). */
  readPageSize?: number;
}

export async function createEventStoreDbStore(
  connectionString: string,
  options: EventStoreDbOptions = {},
): Promise<EventStore> {
  const client = EventStoreDBClient.connectionString(connectionString);
  const pageSize = options.readPageSize ?? 500;
  const subscriptions = new Set<Subscription>();
  let closed = false;

  // Fail at start-up with the server's own message when it is not reachable.
  try {
    await readAllPage(null, 1, 'forwards');
  } catch (e) {
    await client.dispose().catch(() => {});
    throw new Error(`Cannot reach EventStoreDB at ${connectionString}: ${(e as Error).message}`, { cause: e });
  }

  /**
   * Up to `want` non-system events strictly after `after` (or strictly before, backwards). The client has no
   * server-side filter for reads, and fromPosition is inclusive, so we page and filter here.
   */
  async function readAllPage(after: Position | null, want: number, direction: 'forwards' | 'backwards') {
    const out: RecordedEvent[] = [];
    let cursor: EsdbPosition | typeof START | typeof END = after
      ? toEsdbPosition(after)
      : direction === 'forwards'
        ? START
        : END;
    let boundary = after;
    for (;;) {
      const chunk = Math.min(pageSize, Math.max(want - out.length, 0) + 1);
      let read = 0;
      let lastRaw: EsdbPosition | undefined;
      for await (const resolved of client.readAll({
        fromPosition: cursor,
        maxCount: chunk,
        direction: direction === 'forwards' ? FORWARDS : BACKWARDS,
        resolveLinkTos: false,
      })) {
        read++;
        const e = resolved.event;
        if (!e) continue;
        lastRaw = e.position;
        if (isSystem(e)) continue;
        const r = toRecorded(e);
        if (boundary) {
          const c = comparePositions(r.position, boundary);
          if (direction === 'forwards' ? c <= 0 : c >= 0) continue;
        }
        out.push(r);
        if (out.length >= want) return out;
      }
      if (read < chunk || !lastRaw) return out; // end of the log
      cursor = lastRaw;
      boundary = toPosition(lastRaw);
    }
  }

  async function lastOfStream(streamId: string): Promise<RecordedEvent | null> {
    try {
      for await (const resolved of client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
        if (resolved.event) return toRecorded(resolved.event);
      }
    } catch (e) {
      if (e instanceof StreamNotFoundError) return null;
      throw e;
    }
    return null;
  }

  const store: EventStore = {
    kind: 'eventstoredb',

    async appendToStream(streamId, events, opts) {
      if (closed) throw new Error('The event store is closed');
      const expected = opts?.expectedRevision ?? 'any';
      const expectedRevision = toEsdbExpected(expected);
      if (events.length === 0) {
        const last = await lastOfStream(streamId);
        const actual = last ? last.revision : -1;
        const ok =
          expected === 'any' ||
          (expected === 'no_stream' && actual === -1) ||
          (expected === 'stream_exists' && actual >= 0) ||
          expected === actual;
        if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);
        return { nextRevision: actual, position: last?.position ?? { tx: 0, seq: 0 } };
      }
      try {
        const result = await client.appendToStream(
          streamId,
          events.map((e) =>
            jsonEvent({
              id: e.id,
              type: e.type,
              data: e.data as Record<string, unknown>,
              metadata: e.metadata as unknown as Record<string, unknown>,
            }),
          ),
          { expectedRevision },
        );
        let position: Position;
        if (result.position) position = toPosition(result.position);
        else position = (await lastOfStream(streamId))?.position ?? { tx: 0, seq: 0 };
        const out: AppendResult = { nextRevision: Number(result.nextExpectedRevision), position };
        return out;
      } catch (e) {
        if (e instanceof WrongExpectedVersionError) {
          const actual = e.actualVersion === NO_STREAM || e.actualVersion === undefined ? -1 : Number(e.actualVersion);
          throw new WrongExpectedRevisionError(streamId, expected, actual);
        }
        throw e;
      }
    },

    async readStream(streamId, opts = {}) {
      const out: RecordedEvent[] = [];
      const from = Math.max(0, Math.floor(opts.fromRevision ?? 0));
      if (opts.maxCount !== undefined && opts.maxCount <= 0) return out;
      try {
        for await (const resolved of client.readStream(streamId, {
          fromRevision: BigInt(from),
          direction: FORWARDS,
          ...(opts.maxCount !== undefined ? { maxCount: Math.floor(opts.maxCount) } : {}),
        })) {
          if (resolved.event) out.push(toRecorded(resolved.event));
        }
      } catch (e) {
        if (e instanceof StreamNotFoundError) return [];
        throw e;
      }
      return out;
    },

    async readAll(opts = {}) {
      const want = opts.maxCount === undefined ? Number.MAX_SAFE_INTEGER : Math.max(0, Math.floor(opts.maxCount));
      if (want === 0) return [];
      return readAllPage(opts.after ?? null, want, 'forwards');
    },

    async headPosition() {
      const [last] = await readAllPage(null, 1, 'backwards');
      return last ? last.position : null;
    },

    subscribeToAll(opts: SubscribeOptions): Subscription {
      if (closed) throw new Error('The event store is closed');
      return trackSubscription(subscriptions, startSubscription(opts));
    },

    async close() {
      closed = true;
      await stopAll(subscriptions);
      await client.dispose();
    },
  };

  function startSubscription(opts: SubscribeOptions): Subscription {
    const batchSize = Math.max(1, opts.batchSize ?? 500);
    let stopped = false;
    let resolveCaughtUp!: () => void;
    let rejectCaughtUp!: (e: unknown) => void;
    const caughtUp = new Promise<void>((resolve, reject) => {
      resolveCaughtUp = resolve;
      rejectCaughtUp = reject;
    });
    caughtUp.catch(() => {});
    let isCaughtUp = false;
    let last: Position | null = opts.after ?? null;
    let reported: Position | null | undefined;

    const subscription = client.subscribeToAll({
      fromPosition: opts.after ? toEsdbPosition(opts.after) : START,
      filter: excludeSystemEvents(),
      resolveLinkTos: false,
    });

    const markCaughtUp = () => {
      if (stopped) return;
      if (!isCaughtUp) {
        isCaughtUp = true;
        resolveCaughtUp();
      }
      const unchanged =
        reported !== undefined && (reported === null || last === null ? reported === last : comparePositions(reported, last) === 0);
      if (!unchanged) {
        reported = last;
        opts.onCaughtUp?.(last);
      }
    };

    const loop = (async () => {
      try {
        // Servers that do not send "caught up" messages: we are caught up once we pass the head seen at start.
        let batch: RecordedEvent[] = [];
        let head = await store.headPosition();
        if (head === null || (last !== null && comparePositions(last, head) >= 0)) markCaughtUp();
        subscription.on('caughtUp', () => {
          head = null;
          // delivered after the buffered events: mark when the buffer is flushed (below)
          if (subscription.readableLength === 0 && batch.length === 0) markCaughtUp();
        });
        const flush = async () => {
          if (batch.length === 0) return;
          const events = batch;
          batch = [];
          await opts.onEvents(events);
          last = events[events.length - 1].position;
        };
        for await (const resolved of subscription as AsyncIterable<AllStreamResolvedEvent>) {
          if (stopped) break;
          const e = resolved.event;
          if (!e || isSystem(e)) continue;
          batch.push(toRecorded(e));
          if (batch.length >= batchSize || subscription.readableLength === 0) {
            await flush();
            if (stopped) break;
            if (subscription.readableLength === 0 && (isCaughtUp || head === null || comparePositions(last!, head) >= 0)) {
              markCaughtUp();
            }
          }
        }
        if (!stopped) await flush();
        if (!isCaughtUp) rejectCaughtUp(new Error('The subscription ended before it caught up'));
      } catch (error) {
        const wasStopped = stopped;
        stopped = true;
        if (!isCaughtUp) rejectCaughtUp(error);
        if (!wasStopped) opts.onError?.(error);
        await subscription.unsubscribe().catch(() => {});
      }
    })();

    return {
      caughtUp,
      async stop() {
        stopped = true;
        await subscription.unsubscribe().catch(() => {});
        await loop;
      },
    };
  }

  return store;
}
