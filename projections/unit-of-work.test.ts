// The unit of work against real databases: overlay semantics, one SELECT per miss (cached, including
// "absent"), stable row shapes (what apply reads back equals what it wrote), multi-row upserts chunked under
// the parameter limit, deletes, and fresh mode (no queries, cache kept across batches, bounded memory).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../infra/db/database';
import { createTestDatabase, requirePostgresServer } from '../tests/support/postgres';
import type { TableSpec } from './projection';
import { createReadModelSchema } from './rebuild';
import { MAX_PARAMETERS, RowShapeError, UNNEST_FROM_ROWS, UPSERT_CHUNK_ROWS, UnitOfWork } from './unit-of-work';

const things: TableSpec = {
  name: 'things',
  columns: { id: 'text', n: 'integer', big: 'bigint', ok: 'boolean', at: 'timestamptz', doc: 'jsonb', note: 'text' },
  primaryKey: ['id'],
  indexes: [['n']],
};
const pairs: TableSpec = {
  name: 'pairs',
  columns: { a: 'text', b: 'integer', v: 'text' },
  primaryKey: ['a', 'b'],
};
/** The two tables as the assertions query them (what the unit of work stored). */
type TestTables = {
  things: { id: string; n: number | null; big: number | null; ok: boolean | null; at: Date | null; doc: unknown; note: string | null };
  pairs: { a: string; b: number; v: string | null };
};
const projections = [{ name: 'uow_test', tables: [things, pairs], handles: [], apply: async () => {} }];

const serverAvailable = await requirePostgresServer();

for (const kind of ['pglite', 'postgres'] as const) {
  describe.skipIf(kind === 'postgres' && !serverAvailable)(`UnitOfWork on ${kind}`, () => {
    let database: Database;
    let drop: (() => Promise<void>) | undefined;
    let schemaN = 0;
    let schema: string;
    const tables = () => database.db.withTables<TestTables>();

    beforeAll(async () => {
      if (kind === 'pglite') database = await openPglite(undefined);
      else {
        const t = await createTestDatabase();
        drop = t.drop;
        database = await openPostgres(t.url, 3);
      }
    });
    afterAll(async () => {
      await database?.close();
      await new Promise((r) => setTimeout(r, 250)); // let pg's sockets close before DROP DATABASE ... WITH (FORCE)
      await drop?.();
    });

    async function freshSchema() {
      schema = `uow_${++schemaN}`;
      await database.db.transaction().execute((trx) => createReadModelSchema(trx, schema, projections));
      return schema;
    }
    const live = (executor = database.db) => new UnitOfWork({ schema, tables: [things, pairs], mode: 'live', executor });
    const commit = (uow: UnitOfWork) => database.db.transaction().execute((trx) => uow.flush(trx));

    it('reads back exactly the shape it wrote, from the overlay and from the database', async () => {
      await freshSchema();
      const uow = live();
      uow.put('things', {
        id: 'a',
        n: 7,
        big: 9_007_199_254_740_991n,
        ok: true,
        at: new Date('2025-03-04T05:06:07.089Z'),
        doc: { list: [1, 'two', { three: 3 }], when: new Date('2025-01-01T00:00:00.000Z'), gone: undefined },
      });
      uow.put('things', { id: 'b', n: '12', big: 3, ok: false, at: '2025-03-04T06:06:07+01:00', doc: [1, 2], note: 'x' });
      const fromOverlay = { a: await uow.get('things', { id: 'a' }), b: await uow.get('things', { id: 'b' }) };
      expect(fromOverlay.a).toEqual({
        id: 'a',
        n: 7,
        big: 9_007_199_254_740_991,
        ok: true,
        at: '2025-03-04T05:06:07.089Z',
        doc: { list: [1, 'two', { three: 3 }], when: '2025-01-01T00:00:00.000Z' },
        note: null,
      });
      expect(fromOverlay.b).toEqual({ id: 'b', n: 12, big: 3, ok: false, at: '2025-03-04T05:06:07.000Z', doc: [1, 2], note: 'x' });
      expect(uow.reads).toBe(0);
      await commit(uow);

      const again = live();
      expect(await again.get('things', { id: 'a' })).toEqual(fromOverlay.a);
      expect(await again.get('things', { id: 'b' })).toEqual(fromOverlay.b);
      expect(again.reads).toBe(2);
    });

    it('a batch written as arrays (one per column) reads back exactly like one written as a VALUES list', async () => {
      await freshSchema();
      // Values that an array literal must escape: quotes, backslashes, commas, braces, NULL spelled out, empty
      // strings, unicode, JSON that is itself an array (of arrays), and nulls in every column.
      const awkward = ['"quoted"', 'back\\slash', 'a,b', '{braces}', 'NULL', '', 'ünïcødé ✓', "it's", ' spaced ', 'new\nline'];
      const row = (i: number) => ({
        id: `w${i}`,
        n: i % 4 === 0 ? null : i,
        big: i * 1_000_000_007,
        ok: i % 3 === 0 ? null : i % 2 === 0,
        at: i % 5 === 0 ? null : new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
        doc: i % 6 === 0 ? null : i % 6 === 1 ? [awkward[i % awkward.length], i, null] : i % 6 === 2 ? [[awkward[i % awkward.length]], {}] : { text: awkward[i % awkward.length], nested: { list: [1, '2', { three: awkward }] } },
        note: i % 7 === 0 ? null : awkward[i % awkward.length],
      });
      const many = Array.from({ length: 40 }, (_, i) => row(i));
      expect(many.length).toBeGreaterThanOrEqual(UNNEST_FROM_ROWS);
      const asArrays = live();
      for (const r of many) asArrays.put('things', r);
      await commit(asArrays);
      const one = live();
      const readBack = [];
      for (const r of many) readBack.push(await one.get('things', { id: r.id }));
      // The same rows written one statement each (the VALUES form) read back identically.
      await freshSchema();
      for (const r of many) {
        const single = live();
        single.put('things', r);
        await commit(single);
      }
      const two = live();
      for (let i = 0; i < many.length; i++) expect(await two.get('things', { id: many[i].id })).toEqual(readBack[i]);
      expect(readBack[1]).toMatchObject({ id: 'w1', n: 1, doc: ['back\\slash', 1, null], note: 'back\\slash' });
      expect(readBack[9]).toMatchObject({ note: 'new\nline', ok: null });
      // An update of existing rows through arrays.
      const upd = live();
      for (const r of many) upd.put('things', { ...r, note: `${r.note ?? ''}!` });
      await commit(upd);
      const three = live();
      expect((await three.get('things', { id: 'w3' }))?.note).toBe(`${awkward[3]}!`);
    });

    it('issues one SELECT per missing key and caches "absent"; put/delete in the overlay win', async () => {
      await freshSchema();
      const uow = live();
      expect(await uow.get('things', { id: 'nope' })).toBeUndefined();
      expect(await uow.get('things', { id: 'nope' })).toBeUndefined();
      expect(uow.reads).toBe(1);
      uow.put('things', { id: 'nope', n: 1 });
      expect((await uow.get('things', { id: 'nope' }))?.n).toBe(1);
      uow.delete('things', { id: 'nope' });
      expect(await uow.get('things', { id: 'nope' })).toBeUndefined();
      expect(uow.reads).toBe(1);
      await commit(uow);
      const count = await tables().withSchema(schema).selectFrom('things').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      expect(Number(count?.n)).toBe(0);
    });

    it('a returned row is a copy: mutating it (even nested json) does not change the overlay', async () => {
      await freshSchema();
      const uow = live();
      uow.put('things', { id: 'c', doc: { a: [1] } });
      const row = (await uow.get<any>('things', { id: 'c' }))!;
      row.doc.a.push(2);
      row.n = 5;
      expect(await uow.get('things', { id: 'c' })).toMatchObject({ n: null, doc: { a: [1] } });
    });

    it('updates, deletes and composite keys reach the database', async () => {
      await freshSchema();
      let uow = live();
      for (let i = 0; i < 10; i++) uow.put('pairs', { a: `k${i % 3}`, b: i, v: `v${i}` });
      await commit(uow);
      uow = live();
      uow.put('pairs', { a: 'k0', b: 0, v: 'changed' });
      uow.delete('pairs', { a: 'k1', b: 1 });
      uow.delete('pairs', { a: 'k2', b: '2' });
      uow.delete('pairs', { a: 'k0', b: 99 }); // absent: harmless
      uow.delete('pairs', { a: 'k0', b: 3 });
      uow.put('pairs', { a: 'k0', b: 3, v: 'back' }); // delete then put = upsert
      await commit(uow);
      const rows = await tables().withSchema(schema).selectFrom('pairs').selectAll().orderBy(['a', 'b']).execute();
      expect(rows.map((r) => `${r.a}/${r.b}=${r.v}`)).toEqual([
        'k0/0=changed',
        'k0/3=back',
        'k0/6=v6',
        'k0/9=v9',
        'k1/4=v4',
        'k1/7=v7',
        'k2/5=v5',
        'k2/8=v8',
      ]);
    });

    it(`chunks upserts and deletes under the ${MAX_PARAMETERS}-parameter limit`, async () => {
      await freshSchema();
      const n = 20_000; // upserts: one array per column, UPSERT_CHUNK_ROWS rows per statement
      let uow = live();
      for (let i = 0; i < n; i++) uow.put('things', { id: `id${i}`, n: i, doc: { i } });
      const r = await commit(uow);
      expect(r.upserted).toBe(n);
      expect(r.statements).toBe(Math.ceil(n / UPSERT_CHUNK_ROWS));
      expect(r.statements).toBeGreaterThan(1);
      uow = live();
      for (let i = 0; i < n; i += 2) uow.delete('things', { id: `id${i}` });
      // plus a composite-key delete larger than one chunk (2 parameters per key)
      const big = new UnitOfWork({ schema, tables: [things, pairs], mode: 'live', executor: database.db });
      for (let i = 0; i < 20_000; i++) big.put('pairs', { a: 'p', b: i });
      await commit(big);
      const del = new UnitOfWork({ schema, tables: [things, pairs], mode: 'live', executor: database.db });
      for (let i = 0; i < 20_000; i++) del.delete('pairs', { a: 'p', b: i });
      expect((await commit(del)).statements).toBe(2);
      for (let i = 1; i < n; i += 2) uow.put('things', { id: `id${i}`, n: -i, doc: null });
      await commit(uow);
      const agg = await tables()
        .withSchema(schema)
        .selectFrom('things')
        .select((eb) => [eb.fn.countAll().as('c'), eb.fn.sum('n').as('s'), eb.fn.count('doc').as('docs')])
        .executeTakeFirstOrThrow();
      expect(Number(agg.c)).toBe(n / 2);
      expect(Number(agg.s)).toBe(-(n / 2) * (n / 2)); // sum of odd numbers below n
      expect(Number(agg.docs)).toBe(0);
      const pairsLeft = await tables().withSchema(schema).selectFrom('pairs').select((eb) => eb.fn.countAll().as('c')).executeTakeFirstOrThrow();
      expect(Number(pairsLeft.c)).toBe(0);
    });

    it('rejects unknown tables, unknown columns, wrong types and missing keys loudly', async () => {
      await freshSchema();
      const uow = live();
      expect(() => uow.put('nope', { id: 'x' })).toThrow(/Unknown table nope/);
      expect(() => uow.put('things', { id: 'x', colour: 'red' })).toThrow(RowShapeError);
      expect(() => uow.put('things', { id: 'x', n: 1.5 })).toThrow(/integer/);
      expect(() => uow.put('things', { id: 'x', ok: 'yes' })).toThrow(/boolean/);
      expect(() => uow.put('things', { id: 'x', at: 'not a date' })).toThrow(/timestamptz/);
      expect(() => uow.put('things', { n: 1 })).toThrow(/primary key/);
      await expect(uow.get('pairs', { a: 'x' })).rejects.toThrow(/primary key/);
    });

    it('fresh mode: misses are absent without a query, and the cache survives flushes', async () => {
      await freshSchema();
      const uow = new UnitOfWork({ schema, tables: [things, pairs], mode: 'fresh' });
      expect(await uow.get('things', { id: 'a' })).toBeUndefined();
      uow.put('things', { id: 'a', n: 1 });
      await commit(uow);
      // Next batch: still known without a query (no executor is even set).
      expect((await uow.get('things', { id: 'a' }))?.n).toBe(1);
      expect(await uow.get('things', { id: 'b' })).toBeUndefined();
      expect(uow.reads).toBe(0);
    });

    it('fresh mode with a bounded cache falls back to lookups once it has dropped rows', async () => {
      await freshSchema();
      const uow = new UnitOfWork({ schema, tables: [things, pairs], mode: 'fresh', maxCachedRows: 10 });
      for (let i = 0; i < 20; i++) uow.put('things', { id: `r${i}`, n: i });
      await commit(uow);
      await database.db.transaction().execute(async (trx) => {
        uow.useExecutor(trx);
        expect((await uow.get('things', { id: 'r7' }))?.n).toBe(7);
        expect(await uow.get('things', { id: 'r99' })).toBeUndefined();
        expect(uow.reads).toBe(2);
      });
    });
  });
}
