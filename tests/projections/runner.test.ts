// The projection runner and rebuild against real databases (PGlite in memory, and a fresh database on the
// Postgres server). The oracle is the projections applied in memory over the log (`expectedTables`); every
// table is compared row for row, ordered by primary key.
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, type Position, type RecordedEvent } from '../../infra/eventstore/port';
import type { Projection } from '../../projections/projection';
import {
  createReadModelSchema,
  ensureCheckpointRows,
  readModelHash,
  rebuildReadModels,
  writeVersion,
  type RebuildProgress,
} from '../../projections/rebuild';
import { createProjectionRunner, type Logger, type ProjectionRunner } from '../../projections/runner';
import { requirePostgresServer } from '../support/postgres';
import {
  allEvents,
  appendWorkload,
  checkpointOf,
  counterProjection,
  dumpCheckpoints,
  dumpTables,
  event,
  expectedTables,
  listProjection,
  openTestDb,
  type Kind,
  type TestDb,
} from './support';

const serverAvailable = await requirePostgresServer();
const quiet: Logger = { info: () => {}, error: () => {} };
const projections = () => [counterProjection(), listProjection()];

for (const kind of ['pglite', 'postgres'] as Kind[]) {
  describe.skipIf(kind === 'postgres' && !serverAvailable)(`projection runner on ${kind}`, () => {
    let t: TestDb;
    const runners: ProjectionRunner[] = [];

    beforeAll(async () => {
      t = await openTestDb(kind);
    }, 60_000);
    afterAll(async () => {
      for (const r of runners) await r.stop().catch(() => {});
      await t?.close();
    });

    // Each test works in its own read-model schema (the log is shared and only grows).
    let schemaN = 0;
    function runner(opts: Partial<Parameters<typeof createProjectionRunner>[0]> = {}, schema?: string) {
      const r = createProjectionRunner({
        database: t.database,
        store: t.store,
        projections: projections(),
        schema: schema ?? currentSchema,
        batchSize: 50,
        logger: quiet,
        ...opts,
      });
      runners.push(r);
      return r;
    }
    let currentSchema = 'rm';
    const nextSchema = () => (currentSchema = `rm_t${++schemaN}`);

    async function expectMatchesLog(schema: string, upTo?: Position | null, ps: Projection[] = projections()) {
      const events = await allEvents(t.store, upTo);
      const expected = await expectedTables(ps, events);
      expect(await dumpTables(t.database, ps, schema)).toEqual(expected);
      return events;
    }

    it('applies the log; waitFor resolves at the written position; nothing lost or doubled', async () => {
      const schema = nextSchema();
      const r = runner();
      expect((await r.migrate()).rebuilt).toBe(true); // first start: no version stored yet
      await r.start();
      const head = await appendWorkload(t.store, 400, 1);
      expect(await r.waitFor(head, 15_000)).toBe(true);
      expect(comparePositions(r.position()!, head)).toBeGreaterThanOrEqual(0);
      const events = await expectMatchesLog(schema);
      const counted = events.filter((e) => e.type === 'Counted');
      const rows = (await dumpTables(t.database, [counterProjection()], schema)).counters;
      expect(rows.reduce((s, row) => s + (row.events as number), 0)).toBe(counted.length);
      expect((await dumpCheckpoints(t.database, schema)).map((c) => [c.name, c.tx, c.seq])).toEqual([
        ['test_counter', head.tx, head.seq],
        ['test_list', head.tx, head.seq],
      ]);
      // A position already reached answers at once.
      expect(await r.waitFor(events[0].position, 1)).toBe(true);
      await r.stop();
    }, 60_000);

    it('onApplied hands on each batch in $all order once the read models hold it; waitFor does not wait out gatherMs', async () => {
      const schema = nextSchema();
      const r = runner({ gatherMs: 5_000 });
      await r.migrate();
      await r.start();
      const seen: RecordedEvent[] = [];
      const heldAt: boolean[] = [];
      const off = r.onApplied(async (events) => {
        // By the time a follower hears of an event, the runner answers waitFor for it at once.
        heldAt.push(comparePositions(r.position()!, events[events.length - 1].position) >= 0);
        seen.push(...events);
      });
      const before = await t.store.headPosition();
      const head = await appendWorkload(t.store, 60, 1);
      const started = Date.now();
      expect(await r.waitFor(head, 15_000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(3_000); // poked: not after the 5 s gathering window
      const end = Date.now() + 5_000;
      while (Date.now() < end && (!seen.length || comparePositions(seen[seen.length - 1].position, head) < 0)) await new Promise((res) => setTimeout(res, 10));
      const expected = (await allEvents(t.store, head)).filter((e) => !before || comparePositions(e.position, before) > 0);
      expect(seen.filter((e) => !before || comparePositions(e.position, before) > 0).map((e) => e.id)).toEqual(expected.map((e) => e.id));
      expect(heldAt.every(Boolean)).toBe(true);
      off();
      await expectMatchesLog(schema);
      await r.stop();
    }, 60_000);

    it('waitFor returns false on timeout, within its bound, and works from a runner that does not run projections', async () => {
      const schema = nextSchema();
      const r = runner();
      await r.migrate();
      const observer = runner(); // e.g. an API process: never started, only waits
      const far: Position = { tx: Number.MAX_SAFE_INTEGER - 1, seq: 0 };
      const started = Date.now();
      expect(await observer.waitFor(far, 300)).toBe(false);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(2_000);

      const waiting = observer.waitFor((await t.store.headPosition())!, 15_000); // the position migrate() rebuilt to
      expect(await waiting).toBe(true);
      const head = (await t.store.appendToStream('counter-x', [event('Counted', { stream: 'counter-x', amount: 2, at: '2025-01-01T00:00:00Z' })]))
        .position;
      const pending = observer.waitFor(head, 15_000);
      await r.start();
      expect(await pending).toBe(true); // seen by polling the checkpoint table (plus the notification)
      await expectMatchesLog(schema);
      await r.stop();
    }, 60_000);

    it('a failure mid-batch leaves nothing of the batch and no checkpoint move; a restart resumes to a clean result', async () => {
      const schema = nextSchema();
      const events = await allEvents(t.store);
      // The first Counted event from the third batch on that is not the first event of its batch.
      const failIndex = events.findIndex((e, i) => i >= 125 && i % 50 !== 0 && e.type === 'Counted');
      expect(failIndex).toBeGreaterThan(0);
      const failing = events[failIndex];
      const batchStart = Math.floor(failIndex / 50) * 50;

      let errors: unknown[] = [];
      const broken = createProjectionRunner({
        database: t.database,
        store: t.store,
        projections: [
          counterProjection({
            beforeCounter: (e) => {
              if (e.id === failing.id) throw new Error('disk on fire');
            },
          }),
          listProjection(),
        ],
        schema,
        batchSize: 50,
        logger: quiet,
        onError: (e) => errors.push(e),
      });
      runners.push(broken);
      // (not migrate(): its rebuild would hit the fault) a new deployment's schema with zeroed checkpoints
      await createProjectionRunnerSchemaOnly(schema);
      await broken.start();
      await until(() => errors.length > 0, 15_000);
      expect(errors).toHaveLength(1);
      expect(String((errors[0] as Error).message)).toMatch(/test_counter failed on event Counted .*disk on fire/);
      expect(broken.running).toBe(false);
      expect(broken.error).toBe(errors[0]);

      const lastCommitted = events[batchStart - 1].position;
      expect(await checkpointOf(t.database, 'test_counter', schema)).toEqual(lastCommitted);
      expect(await checkpointOf(t.database, 'test_list', schema)).toEqual(lastCommitted);
      // Not one row of the failing batch (its events before the failing one included) is visible.
      await expectMatchesLog(schema, lastCommitted);
      // Stays stopped: a later append does not move it past the event.
      await appendWorkload(t.store, 5, 77);
      await new Promise((r) => setTimeout(r, 300));
      expect(await checkpointOf(t.database, 'test_counter', schema)).toEqual(lastCommitted);
      await broken.stop();

      // Restart with the fault gone: resumes from the checkpoint; the result equals a clean run.
      errors = [];
      const fixed = runner({ onError: (e) => errors.push(e) });
      await fixed.start();
      expect(await fixed.waitFor((await t.store.headPosition())!, 15_000)).toBe(true);
      expect(errors).toEqual([]);
      await expectMatchesLog(schema);
      await fixed.stop();
    }, 60_000);

    it('a restart resumes from the stored checkpoints: nothing lost, nothing applied twice', async () => {
      const schema = nextSchema();
      let applied = 0;
      const counting = () => [counterProjection({ beforeCounter: () => void applied++ }), listProjection()];
      const first = runner({ projections: counting(), batchSize: 7 });
      await first.migrate(); // rebuilds up to the current head (those applies are not counted)
      const rebuiltTo = (await checkpointOf(t.database, 'test_counter', schema))!;
      applied = 0;
      await first.start();
      const half = await appendWorkload(t.store, 150, 2);
      // Stop somewhere in the middle of catching up.
      await until(() => applied > 10, 15_000);
      await first.stop();
      const stoppedAt = (await checkpointOf(t.database, 'test_counter', schema))!;
      const second = runner({ projections: counting(), batchSize: 13 });
      await second.start();
      const head = await appendWorkload(t.store, 150, 3);
      expect(comparePositions(head, half)).toBeGreaterThan(0);
      expect(await second.waitFor(head, 15_000)).toBe(true);
      const events = await expectMatchesLog(schema);
      // Every Counted event after the rebuild position was applied exactly once across both runners.
      const countedAfter = events.filter((e) => e.type === 'Counted' && comparePositions(e.position, rebuiltTo) > 0).length;
      expect(applied).toBe(countedAfter);
      expect(comparePositions(stoppedAt, head)).toBeLessThan(0);
      await second.stop();
    }, 60_000);

    it('rebuild reproduces the live tables row for row, and reports progress', async () => {
      const schema = nextSchema();
      const live = runner();
      await live.migrate();
      await dropAndRecreate(schema); // make the live runner replay everything itself
      await live.start();
      const head = await appendWorkload(t.store, 200, 4);
      expect(await live.waitFor(head, 15_000)).toBe(true);
      await live.stop();
      const liveTables = await dumpTables(t.database, projections(), schema);
      const liveCheckpoints = await dumpCheckpoints(t.database, schema);

      const progress: RebuildProgress[] = [];
      const result = await rebuildReadModels({
        database: t.database,
        store: t.store,
        projections: projections(),
        schema,
        batchSize: 97,
        onProgress: (p) => progress.push(p),
      });
      const total = (await allEvents(t.store)).length;
      expect(result.events).toBe(total);
      expect(await dumpTables(t.database, projections(), schema)).toEqual(liveTables);
      expect(await dumpCheckpoints(t.database, schema)).toEqual(liveCheckpoints);
      expect(result.rows.counters).toBe(liveTables.counters.length);
      expect(result.rows.items).toBe(liveTables.items.length);
      const replay = progress.filter((p) => p.phase === 'replay');
      expect(replay.length).toBeGreaterThan(total / 97);
      expect(replay.at(-1)!.done).toBe(total);
      expect(replay.every((p, i) => i === 0 || p.done >= replay[i - 1].done)).toBe(true);
      expect(progress.at(-1)!.phase).toBe('done');
      // The rebuild schema is gone, and the version hash is stored.
      const leftovers = await t.database.db.executeQuery<{ n: number }>(
        CompiledQuery.raw(`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = $1`, [`${schema}_rebuild`]),
      );
      expect(leftovers.rows[0].n).toBe(0);
    }, 60_000);

    it('migrate() is idempotent, and rebuilds when a projection changes shape', async () => {
      const schema = nextSchema();
      const r = runner();
      await r.migrate();
      expect((await r.migrate()).rebuilt).toBe(false);
      await r.start();
      const head = await appendWorkload(t.store, 30, 5);
      expect(await r.waitFor(head, 15_000)).toBe(true);
      await r.stop();

      // v2 of the counter: one more column, derived from the same events.
      const v2 = (): Projection => {
        const base = counterProjection();
        return {
          ...base,
          tables: [{ ...base.tables[0], columns: { ...base.tables[0].columns, doubled: 'bigint' } }],
          async apply(e, store) {
            await base.apply(e, store);
            const row = (await store.get('counters', { stream: (e.data as { stream: string }).stream }))!;
            store.put('counters', { ...row, doubled: (row.total as number) * 2 });
          },
        };
      };
      expect(readModelHash([v2(), listProjection()])).not.toBe(readModelHash(projections()));
      const upgraded = runner({ projections: [v2(), listProjection()] });
      const outcome = await upgraded.migrate();
      expect(outcome.rebuilt).toBe(true);
      await expectMatchesLog(schema, undefined, [v2(), listProjection()]);
      const rows = (await dumpTables(t.database, [v2()], schema)).counters;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.doubled === (row.total as number) * 2)).toBe(true);
      expect((await upgraded.migrate()).rebuilt).toBe(false);
    }, 60_000);

    it('a rebuild swapped in under a running live runner: the runner continues from the rebuilt checkpoints', async () => {
      const schema = nextSchema();
      const live = runner({ batchSize: 10 });
      await live.migrate();
      await live.start();
      let stop = false;
      const writer = (async () => {
        let seed = 100;
        while (!stop) {
          await appendWorkload(t.store, 20, seed++);
          await new Promise((r) => setTimeout(r, 5)); // PGlite settles in microtasks: let timers run
        }
      })();
      await new Promise((r) => setTimeout(r, 300));
      const result = await rebuildReadModels({ database: t.database, store: t.store, projections: projections(), schema, batchSize: 50 });
      expect(result.events).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 300));
      stop = true;
      await writer;
      const head = (await t.store.headPosition())!;
      expect(await live.waitFor(head, 20_000)).toBe(true);
      expect(live.error).toBeNull();
      await expectMatchesLog(schema);
      await live.stop();
    }, 90_000);

    it('a swapped-in rebuild that is BEHIND what the runner already applied: the runner fills the gap itself', async () => {
      const schema = nextSchema();
      const messages: string[] = [];
      const live = runner({ batchSize: 10, logger: { info: (m) => messages.push(m), error: () => {} } });
      await live.migrate();
      await live.start();
      const older = await appendWorkload(t.store, 20, 399);
      const newer = await appendWorkload(t.store, 40, 400);
      expect(await live.waitFor(newer, 15_000)).toBe(true);
      // A rebuild whose replay ended at `older` (e.g. it started before the last appends) is swapped in.
      const laggingStore = { ...t.store, headPosition: async () => older };
      await rebuildReadModels({ database: t.database, store: laggingStore, projections: projections(), schema });
      expect(await checkpointOf(t.database, 'test_counter', schema)).toEqual(older);
      const head = await appendWorkload(t.store, 5, 401);
      expect(await live.waitFor(head, 15_000)).toBe(true);
      expect(messages.some((m) => /behind .* catching up/.test(m))).toBe(true);
      expect(live.error).toBeNull();
      await expectMatchesLog(schema);
      await live.stop();
    }, 60_000);

    if (kind === 'postgres') {
      it('two runners (two processes) on one database never apply an event twice', async () => {
        const schema = nextSchema();
        const other = await t.openAnother();
        let appliedA = 0;
        let appliedB = 0;
        const a = runner({ projections: [counterProjection({ beforeCounter: () => void appliedA++ }), listProjection()], batchSize: 5 });
        const b = createProjectionRunner({
          database: other.database,
          store: other.store,
          projections: [counterProjection({ beforeCounter: () => void appliedB++ }), listProjection()],
          schema,
          batchSize: 8,
          logger: quiet,
        });
        runners.push(b);
        await Promise.all([a.migrate(), b.migrate()]);
        const from = (await checkpointOf(t.database, 'test_counter', schema))!;
        appliedA = appliedB = 0; // (migrate's rebuild applies through other instances; reset anyway)
        await Promise.all([a.start(), b.start()]);
        const head = await Promise.all([appendWorkload(t.store, 150, 200), appendWorkload(other.store, 150, 300)]).then((ps) =>
          comparePositions(ps[0], ps[1]) > 0 ? ps[0] : ps[1],
        );
        expect(await a.waitFor(head, 20_000)).toBe(true);
        expect(await b.waitFor(head, 20_000)).toBe(true);
        const events = await expectMatchesLog(schema);
        const counted = events.filter((e) => e.type === 'Counted' && comparePositions(e.position, from) > 0).length;
        // Which runner wins each batch is up to the scheduler (one may take them all); what must hold is that
        // together they applied every event exactly once.
        expect(appliedA + appliedB).toBe(counted);
        expect(a.error).toBeNull();
        expect(b.error).toBeNull();
      }, 90_000);
    }

    // ---- helpers needing the suite's state ----
    async function createProjectionRunnerSchemaOnly(schema: string) {
      // migrate() on an empty log would rebuild to nothing; here the log is not empty, so create the schema
      // with zeroed checkpoints directly (the state of a brand-new deployment before the runner's first batch).
      await t.database.db.transaction().execute(async (trx) => {
        await createReadModelSchema(trx, schema, projections());
        await ensureCheckpointRows(trx, schema, projections());
        await writeVersion(trx, schema, readModelHash(projections()));
      });
    }
    async function dropAndRecreate(schema: string) {
      await t.database.exec(`DROP SCHEMA ${schema} CASCADE`);
      await createProjectionRunnerSchemaOnly(schema);
    }
  });
}

async function until(check: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
