// The read functions exist wherever the read models do: after the first start's build, after a start that finds the
// read models current, and after a rebuild's swap (their bodies then name the final schema, not the rebuild's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDb, type TestDb } from '../tests/projections/support';
import { allProjections } from './index';
import { ensureReadModels, rebuildReadModels } from './rebuild';
import { feedBundle, feedPageWithSession } from './feed-query';
import { chatPageBundle, chatPageWithSession } from './chat-page-query';
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
    feed: await feedBundle(t.database, { audience: 'fans', page: 1, pageSize: 10, nowIso, userId: 'u1' }),
    staffFeed: await feedBundle(t.database, { audience: 'staff', page: 1, pageSize: 10, nowIso, feedTagId: 't1', userId: null }),
    chat: await chatPageBundle(t.database, { fanId: 'u1', page: 1, pageSize: 30, forStaff: false }),
    session: await findSession(t.database, 'no-such-token', nowIso),
    feedWithSession: await feedPageWithSession(t.database, { tokenHash: 'no-such-token', nowIso, page: 1, pageSize: 10, feedTagId: null }),
    chatWithSession: await chatPageWithSession(t.database, { tokenHash: 'no-such-token', nowIso, page: 1, pageSize: 30 }),
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
    expect(first.feedWithSession).toEqual({ session: undefined, bundle: null });
    expect(first.chatWithSession).toEqual({ session: undefined, bundle: null });
    // A start that finds the read models current makes them again (replaced in place).
    await ensureReadModels({ database: t.database, store: t.store, projections: allProjections });
    await rebuildReadModels({ database: t.database, store: t.store, projections: allProjections });
    expect(await readAll()).toEqual(first);
    const bodies = await functionBodies();
    expect(bodies.length).toBeGreaterThanOrEqual(5);
    for (const body of bodies) expect(body).not.toContain('rm_rebuild');
  });

  it('read a page with its session: the session as find_session has it and the page of its user, none for a blocked or deleted account', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await sql`INSERT INTO rm.users (id, email, name, role, registered_at, is_demo, total_spent_cents) VALUES ('u2', 'u2@example.com', 'Fan Two', 'user', ${nowIso}, false, 0)`.execute(db());
    await sql`INSERT INTO rm.sessions (session_id, token_hash, user_id, expires_at) VALUES ('s2', 'hash-2', 'u2', ${later})`.execute(db());
    const session = await findSession(t.database, 'hash-2', nowIso);
    expect(session).toMatchObject({ user_id: 'u2', name: 'Fan Two', role: 'user', member_blocked: null });
    const feed = await feedPageWithSession(t.database, { tokenHash: 'hash-2', nowIso, page: 1, pageSize: 10, feedTagId: null });
    expect(feed).toEqual({ session, bundle: await feedBundle(t.database, { audience: 'fans', page: 1, pageSize: 10, nowIso, userId: 'u2' }) });
    const chat = await chatPageWithSession(t.database, { tokenHash: 'hash-2', nowIso, page: 1, pageSize: 30 });
    expect(chat).toEqual({ session, bundle: await chatPageBundle(t.database, { fanId: 'u2', page: 1, pageSize: 30, forStaff: false }) });
    expect(chat.bundle?.fanName).toBe('Fan Two');
    // An expired session is none.
    expect(await feedPageWithSession(t.database, { tokenHash: 'hash-2', nowIso: later, page: 1, pageSize: 10, feedTagId: null })).toEqual({ session: undefined, bundle: null });
    for (const standing of [sql`true, false`, sql`false, true`]) {
      await sql`DELETE FROM rm.members WHERE user_id = 'u2'`.execute(db());
      await sql`INSERT INTO rm.members (user_id, blocked, deleted) VALUES ('u2', ${standing})`.execute(db());
      const blocked = await findSession(t.database, 'hash-2', nowIso);
      expect(await feedPageWithSession(t.database, { tokenHash: 'hash-2', nowIso, page: 1, pageSize: 10, feedTagId: null })).toEqual({ session: blocked, bundle: null });
      expect(await chatPageWithSession(t.database, { tokenHash: 'hash-2', nowIso, page: 1, pageSize: 30 })).toEqual({ session: blocked, bundle: null });
    }
  });
});
