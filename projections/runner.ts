// The projection runner: subscribes to `$all` from the lowest stored checkpoint and, for every delivered
// batch, runs ONE transaction that
//   1. takes the swap lock (shared; a rebuild takes it exclusively to swap `rm_rebuild` in),
//   2. locks and reads each projection's checkpoint row (SELECT ... FOR UPDATE, in name order),
//   3. applies only the events after that checkpoint, through a live unit of work per projection,
//   4. flushes the rows and writes the new checkpoints.
// So two processes running the runner on one Postgres database never apply an event twice (the second waits
// for the first's row locks, then sees its checkpoint), a restart resumes exactly where the last commit left
// off, and a crash mid-batch leaves neither rows nor checkpoint behind.
//
// If a checkpoint is found BEHIND the events being delivered (a rebuild was swapped in underneath and its
// replay stopped before what this runner had already seen), the runner reads the missing range itself and
// applies it first. A failing projection stops the runner loudly; the event is never skipped.
import type { Database } from '../infra/db/database';
import { comparePositions, formatPosition, type EventStore, type Position, type RecordedEvent, type Subscription } from '../infra/eventstore/port';
import { handlesType, type Projection } from './projection';
import {
  CHECKPOINT_TABLE,
  DEFAULT_SCHEMA,
  ProjectionFailedError,
  SWAP_LOCK_KEY,
  checkpointChannel,
  ensureCheckpointRows,
  ensureReadModels,
  projectionFailure,
  run,
  validateProjections,
  writeCheckpoints,
  type RebuildProgress,
  type RebuildResult,
} from './rebuild';
import { UnitOfWork, quoteIdent, type Executor } from './unit-of-work';

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface ProjectionRunnerOptions {
  database: Database;
  store: EventStore;
  projections: Projection[];
  schema?: string;
  /** Events per live batch (and per transaction). Default 500. */
  batchSize?: number;
  /** Called once when the runner stops on an error (a projection threw, or the subscription failed). */
  onError?: (error: unknown) => void;
  /** How often waitFor polls the checkpoint table. Default 50 ms on PGlite, 100 ms on the server. */
  pollIntervalMs?: number;
  /**
   * How long an append in this process may wait for the rest of its command before it is projected (one batch,
   * one transaction per command instead of one per append); waitFor does not wait it out. Default 20 ms.
   */
  gatherMs?: number;
  /** Progress of a rebuild that migrate() decides to run. */
  onRebuildProgress?: (p: RebuildProgress) => void;
  logger?: Logger;
}

export interface ProjectionRunner {
  /** Creates the read-model schema; rebuilds first when the stored version hash differs from the code's. */
  migrate(): Promise<{ rebuilt: boolean; result?: RebuildResult }>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** True as soon as every projection's checkpoint is at or past `position`; false after `timeoutMs`. */
  waitFor(position: Position, timeoutMs?: number): Promise<boolean>;
  /** The lowest checkpoint of all projections as last seen by this process (null: nothing applied yet). */
  position(): Position | null;
  /**
   * Hands `listener` every batch this runner delivers, in `$all` order, once the read models hold it (applied here or
   * by another process first). One read of `$all` serves the projections and whoever follows events after them (the
   * real-time feed, the live supervisor) instead of each reading it again. Each listener runs in its own queue, so a
   * slow one never holds the projections back. Returns the unsubscribe.
   */
  onApplied(listener: (events: RecordedEvent[]) => Promise<void> | void): () => void;
  /** The error that stopped the runner, if any. */
  readonly error: unknown;
  readonly running: boolean;
}

const ZERO: Position = { tx: 0, seq: 0 };
const isZero = (p: Position) => p.tx === 0 && p.seq === 0;
const maxPosition = (a: Position, b: Position) => (comparePositions(a, b) >= 0 ? a : b);

const consoleLogger: Logger = {
  info: (m) => console.log(`[projections] ${m}`),
  error: (m, e) => console.error(`[projections] ${m}`, e ?? ''),
};

interface Waiter {
  target: Position;
  resolve: (ok: boolean) => void;
  timer: ReturnType<typeof setTimeout>;
}

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { database, store, projections } = options;
  const schema = options.schema ?? DEFAULT_SCHEMA;
  const batchSize = options.batchSize ?? 500;
  const log = options.logger ?? consoleLogger;
  const pollInterval = options.pollIntervalMs ?? (database.kind === 'pglite' ? 50 : 100);
  const gatherMs = options.gatherMs ?? 20;
  const channel = checkpointChannel(schema);
  const checkpointTable = `${quoteIdent(schema)}.${CHECKPOINT_TABLE}`;
  const names = projections.map((p) => p.name).sort();
  const handles = new Map(projections.map((p) => [p.name, new Set(p.handles)]));
  validateProjections(projections);

  let subscription: Subscription | null = null;
  let running = false;
  let failure: unknown = null;
  /** Lowest checkpoint known to this process. */
  let current: Position | null = null;
  const waiters = new Set<Waiter>();
  const followers = new Map<(events: RecordedEvent[]) => Promise<void> | void, { queue: Promise<void> }>();
  let polling = false;
  let wake: (() => void) | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let listening: Promise<void> | null = null;

  // ---- checkpoints -------------------------------------------------------------------------------------

  function minimum(checkpoints: Map<string, Position>): Position {
    let min: Position | null = null;
    for (const name of names) {
      const p = checkpoints.get(name) ?? ZERO;
      if (!min || comparePositions(p, min) < 0) min = p;
    }
    return min ?? ZERO;
  }

  async function readCheckpoints(executor: Executor, forUpdate: boolean): Promise<Map<string, Position>> {
    const placeholders = names.map((_, i) => `$${i + 1}`).join(', ');
    const res = await run(
      executor,
      `SELECT name, tx, seq FROM ${checkpointTable} WHERE name IN (${placeholders}) ORDER BY name${forUpdate ? ' FOR UPDATE' : ''}`,
      names,
    );
    const map = new Map<string, Position>();
    for (const r of res.rows) map.set(String(r.name), { tx: Number(r.tx), seq: Number(r.seq) });
    return map;
  }

  function advanceTo(p: Position) {
    current = isZero(p) ? null : p;
    checkWaiters();
  }

  // ---- one batch, one transaction ----------------------------------------------------------------------

  type BatchOutcome = { ok: true } | { ok: false; gapAfter: Position };

  /**
   * Applies `events` (which follow `from` in `$all`) in one transaction. Returns a gap instead when some
   * checkpoint is behind `from`: the events in between must be applied first.
   */
  async function processBatch(events: RecordedEvent[], from: Position): Promise<BatchOutcome> {
    const last = events[events.length - 1].position;
    const outcome = await database.db.transaction().execute(async (trx): Promise<BatchOutcome & { min?: Position }> => {
      await run(trx, `SELECT pg_advisory_xact_lock_shared(${SWAP_LOCK_KEY})`);
      let checkpoints = await readCheckpoints(trx, true);
      if (checkpoints.size < names.length) {
        await ensureCheckpointRows(trx, schema, projections);
        checkpoints = await readCheckpoints(trx, true);
      }
      const min = minimum(checkpoints);
      if (comparePositions(min, from) < 0) return { ok: false, gapAfter: min };

      const units = projections.map((p) => ({
        projection: p,
        handles: handles.get(p.name)!,
        after: checkpoints.get(p.name) ?? ZERO,
        uow: new UnitOfWork({ schema, tables: p.tables, mode: 'live', executor: trx }),
      }));
      for (const event of events) {
        for (const u of units) {
          if (!handlesType(u.handles, event.type) || comparePositions(event.position, u.after) <= 0) continue;
          try {
            await u.projection.apply(event, u.uow);
          } catch (e) {
            throw projectionFailure(u.projection.name, event, e);
          }
        }
      }
      const next = new Map<string, Position>();
      for (const u of units) {
        await u.uow.flush(trx);
        if (comparePositions(last, u.after) > 0) next.set(u.projection.name, last);
      }
      await writeCheckpoints(trx, schema, next);
      const after = new Map(checkpoints);
      for (const [k, v] of next) after.set(k, maxPosition(v, after.get(k) ?? ZERO));
      return { ok: true, min: minimum(after) };
    });
    if (outcome.ok) {
      advanceTo(outcome.min!);
      database.notify(channel).catch(() => {});
      handOn(events);
      return { ok: true };
    }
    // The read models in place now are behind what this process last reported: waitFor must not answer
    // from the stale, higher value.
    current = isZero(outcome.gapAfter) ? null : outcome.gapAfter;
    return outcome;
  }

  /** Applies `events` that follow `from`, first filling any gap left by a rebuild swapped in underneath. */
  async function deliver(events: RecordedEvent[], from: Position): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await processBatch(events, from);
      if (outcome.ok) return;
      if (attempt >= 10) throw new Error(`Projection checkpoints keep moving backwards (below ${formatPosition(from)})`);
      log.info(`checkpoint ${formatPosition(outcome.gapAfter)} is behind ${formatPosition(from)} (read models were rebuilt): catching up`);
      let after = outcome.gapAfter;
      while (comparePositions(after, from) < 0) {
        const gap = (await store.readAll({ after: isZero(after) ? null : after, maxCount: batchSize })).filter(
          (e) => comparePositions(e.position, from) <= 0,
        );
        if (gap.length === 0) break;
        await deliver(gap, after);
        after = gap[gap.length - 1].position;
      }
    }
  }

  function handOn(events: RecordedEvent[]) {
    for (const [listener, follower] of followers) {
      follower.queue = follower.queue
        .then(() => listener(events))
        .catch((e) => log.error('a follower of the applied events failed', e));
    }
  }

  function fail(error: unknown) {
    if (failure) return;
    failure = error;
    running = false;
    log.error(
      error instanceof ProjectionFailedError
        ? `STOPPED: ${error.message}`
        : `STOPPED: the $all subscription failed: ${error instanceof Error ? error.message : String(error)}`,
      error instanceof ProjectionFailedError ? error.cause : error,
    );
    try {
      options.onError?.(error);
    } catch (e) {
      log.error('onError threw', e);
    }
  }

  // ---- waitFor -------------------------------------------------------------------------------------------

  function reached(target: Position): boolean {
    if (names.length === 0) return true;
    return current !== null && comparePositions(current, target) >= 0;
  }

  // Waiters are answered from what this process's runner applied; the checkpoint table is read only when another
  // process may have moved it (its notice, or the poll), never after each of our own batches.
  function checkWaiters() {
    for (const w of waiters) {
      if (reached(w.target)) {
        clearTimeout(w.timer);
        waiters.delete(w);
        w.resolve(true);
      }
    }
  }

  async function refreshFromDatabase(): Promise<void> {
    const checkpoints = await readCheckpoints(database.db, false);
    const min = minimum(checkpoints);
    current = isZero(min) ? null : min;
  }

  function ensureListening() {
    // PGlite belongs to this process: its checkpoints move only through this runner (advanceTo).
    if (listening || database.kind === 'pglite') return;
    listening = database
      .listen(channel, () => {
        if (running) return; // this process's runner sees the same batches and answers the waiters itself
        const w = wake;
        wake = null;
        w?.();
      })
      .then((off) => {
        unlisten = off;
      })
      .catch(() => {
        /* polling still works */
      });
  }

  async function pollLoop() {
    if (polling) return;
    polling = true;
    try {
      // While this process's runner follows `$all`, its batches answer the waiters (checkWaiters), so the table is
      // read on the poll only (a checkpoint another process moved, a rebuild swapped in); without one, at once.
      let readNow = !running;
      while (waiters.size > 0) {
        if (readNow) {
          try {
            await refreshFromDatabase();
          } catch {
            /* the schema may be mid-swap or not migrated yet: try again */
          }
          checkWaiters();
        }
        readNow = true;
        if (waiters.size === 0) break;
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            wake = null;
            resolve();
          }, pollInterval);
          wake = () => {
            clearTimeout(t);
            wake = null;
            resolve();
          };
        });
      }
    } finally {
      polling = false;
    }
  }

  return {
    get error() {
      return failure;
    },
    get running() {
      return running;
    },

    async migrate() {
      const outcome = await ensureReadModels({ database, store, projections, schema, onProgress: options.onRebuildProgress });
      if (outcome.rebuilt && outcome.result) {
        const r = outcome.result;
        log.info(`read models (re)built: ${r.events} events in ${r.seconds.toFixed(1)} s (${Math.round(r.eventsPerSecond)} events/s)`);
      }
      return outcome;
    },

    async start() {
      if (running) return;
      failure = null;
      let checkpoints: Map<string, Position>;
      try {
        checkpoints = await readCheckpoints(database.db, false);
      } catch (e) {
        throw new Error(`The read-model schema "${schema}" is missing: call migrate() before start() (${(e as Error).message})`, { cause: e });
      }
      const from = minimum(checkpoints);
      advanceTo(from);
      running = true;
      let delivered = from;
      let reported: unknown = null;
      subscription = store.subscribeToAll({
        after: isZero(from) ? null : from,
        batchSize,
        gatherMs,
        onEvents: async (events) => {
          if (!running || events.length === 0) return;
          try {
            await deliver(events, delivered);
          } catch (e) {
            reported = e;
            fail(e);
            throw e;
          }
          delivered = events[events.length - 1].position;
        },
        onError: (e) => {
          if (e !== reported) fail(e);
        },
      });
    },

    async stop() {
      running = false;
      const s = subscription;
      subscription = null;
      await s?.stop();
      for (const w of waiters) {
        clearTimeout(w.timer);
        w.resolve(false);
      }
      waiters.clear();
      wake?.();
      if (listening) {
        await listening;
        listening = null;
        await unlisten?.().catch(() => {});
        unlisten = null;
      }
    },

    async waitFor(target, timeoutMs = 5000) {
      if (reached(target)) return true;
      subscription?.poke?.(); // someone waits: project what was appended now, not after gatherMs
      return new Promise<boolean>((resolve) => {
        const w: Waiter = {
          target,
          resolve,
          timer: setTimeout(() => {
            waiters.delete(w);
            resolve(false);
          }, Math.max(0, timeoutMs)),
        };
        waiters.add(w);
        ensureListening();
        void pollLoop();
      });
    },

    position() {
      return current;
    },

    onApplied(listener) {
      followers.set(listener, { queue: Promise.resolve() });
      return () => void followers.delete(listener);
    },
  };
}
