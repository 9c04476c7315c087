// The read functions exist wherever the read models do: after the first start's build, after a start that finds the
// read models current, and after a rebuild's swap (their bodies then name the final schema, not the rebuild's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDb, type TestDb } from '../tests/projections/support';
import { allProjections } from './index';
import { ensureReadModels, rebuildReadModels } from './rebuild';
import { feedBundle } from './feed-query';
import { chatPageBundle } from './chat-page-query';
import { findSession } from './users';
import type { ReadModels } from './schema';
import type { Kysely } from 'kysely';

describe('read functions', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db as unknown as Kysely<ReadModels>;
  const nowIso = new Date().toISOString();
  const readAll = async () => ({
    feed: await feedBundle(db(), { audience: 'fans', page: 1, pageSize: 10, nowIso, userId: 'u1' }),
    staffFeed: await feedBundle(db(), { audience: 'staff', page: 1, pageSize: 10, nowIso, feedTagId: 't1', userId: null }),
    chat: await chatPageBundle(db(), { fanId: 'u1', page: 1, pageSize: 30, forStaff: false }),
    session: await findSession(db(), 'no-such-token', nowIso),
  });
  const functionBodies = async () =>
    (await sql<{ src: string }>`SELECT p.prosrc AS src FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'rm'`.execute(db())).rows.map((r) => r.src);

  it('are made with the read models, answer empty pages, and survive a rebuild under the final schema name', async () => {
    await ensureReadModels({ database: t.database, store: t.store, projections: allProjections });
    const first = await readAll();
    expect(first.feed).toMatchObject({ rows: [], total: 0, nextDueAt: null, memberUntil: null });
    expect(first.staffFeed).toMatchObject({ rows: [], total: 0 });
    expect(first.chat).toMatchObject({ rows: [], conversation: undefined, fanName: '', lockedContentPromotion: { current: null, currentEnded: false, knownIds: [] } });
    expect(first.session).toBeUndefined();
    // A start that finds the read models current makes them again (replaced in place).
    await ensureReadModels({ database: t.database, store: t.store, projections: allProjections });
    await rebuildReadModels({ database: t.database, store: t.store, projections: allProjections });
    expect(await readAll()).toEqual(first);
    const bodies = await functionBodies();
    expect(bodies.length).toBeGreaterThanOrEqual(3);
    for (const body of bodies) expect(body).not.toContain('rm_rebuild');
  });
});
