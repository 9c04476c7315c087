// Who a mass message reaches at send time, from the read models in one query per audience: the subscribers (send_to),
// or an audience by behaviour (domain/chat/audience.ts) — top spenders from the payments (captured, reversals
// netted, wallet top-ups left out), expired subscribers, a post's buyers or non-buyers (any version of the post), and
// the members whose tier ranks at least as high as a chosen tier (the base tier ranks 0; tiers read at send time).
// Always fans only, never deleted or blocked ones, and for a mass message not those muted for mass messages.
// The same query gives the console its count before sending and delivery its fans.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { spendSince, type MassSegment } from '../../domain/chat/audience';
import { BASE_TIER_ID } from '../../domain/membership-plan/plan';
import type { MassKind } from '../../domain/chat/mass-message';
import type { ReadModels } from '../../projections/schema';

/** Fan `f` (alias of a user_id column) who may get a message of this kind. */
const reachable = (userId: RawBuilder<unknown>, kind: MassKind) => sql`EXISTS (SELECT 1 FROM rm.users u WHERE u.id = ${userId} AND u.role = 'user')
  AND NOT EXISTS (SELECT 1 FROM rm.members m WHERE m.user_id = ${userId}
    AND (COALESCE(m.deleted, false) OR COALESCE(m.blocked, false) OR (${kind} = 'mass' AND COALESCE(m.mass_messages_muted, false))))`;

/** The group of versions a post belongs to (a buyer of one version has bought them all). */
const postGroup = (postId: string) => sql`SELECT q.id FROM rm.posts q WHERE q.root_post_id = (SELECT p.root_post_id FROM rm.posts p WHERE p.id = ${postId})`;

/** One SELECT of `user_id` rows, in a stable order (biggest spenders first; otherwise by subscription). */
function audienceSql(nowIso: string, kind: MassKind, segment: MassSegment | null): RawBuilder<{ user_id: string }> {
  const subscribed = (alias: string) => sql`${sql.ref(`${alias}.expires_at`)} > ${nowIso}::timestamptz`;
  if (!segment)
    return sql`SELECT s.user_id FROM rm.subscribers s WHERE ${subscribed('s')} AND ${reachable(sql.ref('s.user_id'), kind)} ORDER BY s.started_at, s.user_id`;
  switch (segment.kind) {
    case 'top_spenders': {
      const min = segment.minSpentCents ?? 1;
      const limit = segment.top === null ? sql`` : sql`LIMIT ${segment.top}`;
      return sql`SELECT t.user_id FROM rm.transactions t
        WHERE t.status = 'captured' AND t.type <> 'wallet_topup' AND t.created_at >= ${spendSince(nowIso, segment.days)}::timestamptz
          AND t.created_at <= ${nowIso}::timestamptz AND ${reachable(sql.ref('t.user_id'), kind)}
        GROUP BY t.user_id HAVING SUM(t.amount_cents) >= ${min}
        ORDER BY SUM(t.amount_cents) DESC, t.user_id ${limit}`;
    }
    case 'expired':
      return sql`SELECT s.user_id FROM rm.subscribers s WHERE s.expires_at <= ${nowIso}::timestamptz AND ${reachable(sql.ref('s.user_id'), kind)}
        ORDER BY s.expires_at DESC, s.user_id`;
    case 'bought_post':
      return sql`SELECT DISTINCT b.user_id FROM rm.post_unlocks b WHERE b.post_id IN (${postGroup(segment.postId)}) AND ${reachable(sql.ref('b.user_id'), kind)}
        ORDER BY b.user_id`;
    case 'not_bought_post':
      return sql`SELECT s.user_id FROM rm.subscribers s WHERE ${subscribed('s')} AND ${reachable(sql.ref('s.user_id'), kind)}
        AND NOT EXISTS (SELECT 1 FROM rm.post_unlocks b WHERE b.user_id = s.user_id AND b.post_id IN (${postGroup(segment.postId)}))
        ORDER BY s.started_at, s.user_id`;
    case 'tier': {
      const rankOf = (tierId: RawBuilder<unknown>) => sql`(SELECT t.rank FROM rm.membership_tiers t WHERE t.tier_id = ${tierId})`;
      // A tier no longer in the read model ranks above everyone: nobody, rather than every member.
      const meets = segment.tierId === BASE_TIER_ID ? sql`true` : sql`COALESCE(${rankOf(sql.ref('s.tier_id'))}, 0) >= COALESCE(${rankOf(sql`${segment.tierId}`)}, 2147483647)`;
      return sql`SELECT s.user_id FROM rm.subscribers s WHERE ${subscribed('s')} AND ${meets} AND ${reachable(sql.ref('s.user_id'), kind)}
        ORDER BY s.started_at, s.user_id`;
    }
  }
}

/** The fans a mass message reaches at `nowIso`. */
export async function massAudience(db: Kysely<ReadModels>, nowIso: string, kind: MassKind, segment: MassSegment | null): Promise<string[]> {
  return (await audienceSql(nowIso, kind, segment).execute(db)).rows.map((r) => r.user_id);
}

/** How many fans it would reach now (the console shows it before sending). */
export async function massAudienceCount(db: Kysely<ReadModels>, nowIso: string, segment: MassSegment | null): Promise<number> {
  const r = await sql<{ n: number | string }>`SELECT count(*) AS n FROM (${audienceSql(nowIso, 'mass', segment)}) a`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
