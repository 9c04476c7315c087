// The relay: publishes every committed event from `$all` to the events topic, so that every API node
// can serve its sockets from the bus. Exactly one relay runs across all nodes: the one holding a Postgres
// advisory lock on its own connection. When that node dies its connection closes, the lock is free, and another
// node's relay takes over within `retryMs`. The relay's checkpoint is written (on the lock's connection) only
// after the broker has acknowledged the batch, so a crash republishes at most one batch (delivery is at least
// once; consumers drop positions they have seen).
import pg from 'pg';
import { formatPosition, parsePosition, type EventStore, type Position, type RecordedEvent, type Subscription } from '../eventstore/port';
import type { KafkaBus } from './kafka';

/** pg_advisory_lock key of the relay ("FCRELAY" in ASCII). */
export const RELAY_LOCK_KEY = 0x4643_52454c4159n;

export interface RelayOptions {
  connectionString: string;
  store: EventStore;
  bus: KafkaBus;
  /** How often a follower tries to take the lead. Default 2 s. */
  retryMs?: number;
  log?: (message: string) => void;
}

/** What goes on the bus: what frames are made of, not the audit metadata (IP, actor) of the event. */
export function busMessageOf(e: RecordedEvent) {
  const position = formatPosition(e.position);
  return {
    key: e.streamId,
    value: JSON.stringify({ id: e.id, type: e.type, streamId: e.streamId, revision: e.revision, position, data: e.data, recordedAt: e.recordedAt.toISOString() }),
    headers: { position },
  };
}

/** The event back from a bus message; null for anything malformed. */
export function eventOfBusMessage(value: string): RecordedEvent | null {
  try {
    const v = JSON.parse(value) as { id: string; type: string; streamId: string; revision: number; position: string; data: Record<string, unknown>; recordedAt: string };
    const position = parsePosition(v.position);
    if (!position || typeof v.type !== 'string' || !v.data || typeof v.data !== 'object') return null;
    return {
      id: v.id, type: v.type, streamId: v.streamId, revision: v.revision, position, data: v.data, recordedAt: new Date(v.recordedAt),
      metadata: { correlationId: '', causationId: null, userId: null, role: null, proxyAdminId: null, ip: null, at: v.recordedAt },
    };
  } catch {
    return null;
  }
}

const CHECKPOINT_DDL = 'CREATE TABLE IF NOT EXISTS fanclub_relay_checkpoint (name text PRIMARY KEY, tx bigint NOT NULL, seq bigint NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())';

export function startRelay(options: RelayOptions) {
  const log = options.log ?? (() => {});
  const retryMs = options.retryMs ?? 2_000;
  let stopped = false;
  let leader = false;
  let client: pg.Client | null = null;
  let subscription: Subscription | null = null;
  let wake: (() => void) | null = null;
  /** Ends the current lead (stop()). */
  let stopWaiter: (() => void) | null = null;
  const sleep = (ms: number) => new Promise<void>((r) => { wake = r; setTimeout(r, ms).unref(); });

  async function lead(c: pg.Client): Promise<void> {
    await c.query(CHECKPOINT_DDL);
    const row = (await c.query('SELECT tx, seq FROM fanclub_relay_checkpoint WHERE name = $1', ['events'])).rows[0] as { tx: string; seq: string } | undefined;
    // First lead ever: start at the head, not at the beginning of history (nobody is listening to the past).
    let after: Position | null = row ? { tx: Number(row.tx), seq: Number(row.seq) } : await options.store.headPosition();
    log(`leading from ${after ? formatPosition(after) : 'the start'}`);
    await new Promise<void>((resolve) => {
      const lost = (why: string) => {
        log(`lost the lead: ${why}`);
        resolve();
      };
      c.once('error', (e) => lost(e.message));
      c.once('end', () => lost('connection closed'));
      subscription = options.store.subscribeToAll({
        after,
        batchSize: 500,
        onEvents: async (events) => {
          await options.bus.publish(options.bus.topics.events, events.map(busMessageOf));
          after = events[events.length - 1].position;
          await c.query(
            'INSERT INTO fanclub_relay_checkpoint (name, tx, seq, updated_at) VALUES ($1, $2, $3, now()) ON CONFLICT (name) DO UPDATE SET tx = EXCLUDED.tx, seq = EXCLUDED.seq, updated_at = now()',
            ['events', after.tx, after.seq],
          );
        },
        onError: (e) => lost((e as Error).message),
      });
      stopWaiter = () => resolve();
    });
    const s = subscription as Subscription | null;
    subscription = null;
    await s?.stop().catch(() => {});
  }

  const loop = (async () => {
    while (!stopped) {
      const c = new pg.Client({ connectionString: options.connectionString });
      client = c;
      c.on('error', () => {}); // reported through lead()'s listener; never crash the process
      try {
        await c.connect();
        const got = (await c.query('SELECT pg_try_advisory_lock($1::bigint) AS ok', [RELAY_LOCK_KEY.toString()])).rows[0]?.ok === true;
        if (got && !stopped) {
          leader = true;
          await lead(c);
        }
      } catch (e) {
        log(`relay: ${(e as Error).message}`);
      } finally {
        leader = false;
        client = null;
        await c.end().catch(() => {});
      }
      if (!stopped) await sleep(retryMs);
    }
  })();

  return {
    get leader() {
      return leader;
    },
    async stop() {
      stopped = true;
      (stopWaiter as (() => void) | null)?.();
      (wake as (() => void) | null)?.();
      await client?.end().catch(() => {});
      await loop;
    },
  };
}

export type Relay = ReturnType<typeof startRelay>;
