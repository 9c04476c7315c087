// The reports' queries over the report_payments read model (./report-payments.ts) and the users,
// posts, account-status, user-utm and audit-log read models. Rows come in the wire shapes (domain/reporting/wire.ts)
// with every money figure in cents; domain/reporting/views.ts hides it for roles that may not see earnings.
import { sql, type Kysely } from 'kysely';
import type { ReadModels } from './schema';
import { REPORT_SOURCES, bucketOf, bucketsOf, previousRange, type DayRange, type MovementKind, type ReportGrouping, type ReportSource, type UserReportSort } from '../domain/reporting/reporting';
import type { EarningsTotals, MovementRow, UnlockRow, UserReportRow } from '../domain/reporting/wire';
import type { EarningsFigures } from '../domain/reporting/views';

type Db = Kysely<ReadModels>;

const zeroSources = <T>(v: T) => Object.fromEntries(REPORT_SOURCES.map((s) => [s, v])) as Record<ReportSource, T>;
const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const offsetOf = (page: number, perPage: number) => (page - 1) * perPage;

/** Net earnings per bucket and source over a range (days inclusive), and the range's totals (the wire shapes, every figure in). */
export async function earningsOver(db: Db, r: DayRange, group: ReportGrouping): Promise<EarningsFigures> {
  const rows = (
    await sql<{ day: string; source: ReportSource; kind: MovementKind; cents: string; n: string }>`
      SELECT day, source, kind, sum(amount_cents) AS cents, count(*) AS n FROM rm.report_payments
      WHERE day >= ${r.from} AND day <= ${r.to} GROUP BY day, source, kind`.execute(db)
  ).rows;
  const buckets = new Map(bucketsOf(r, group).map((period) => [period, { period, total_cents: 0, by_source: zeroSources(0), count: 0 }]));
  const totals: EarningsTotals<number> = {
    total_cents: 0, by_source: zeroSources(0), count: 0, count_by_source: zeroSources(0), refunded_cents: 0, voided_cents: 0, charged_back_cents: 0,
  };
  for (const row of rows) {
    const cents = Number(row.cents);
    const n = Number(row.n);
    const b = buckets.get(bucketOf(row.day, group))!;
    const source = (REPORT_SOURCES as readonly string[]).includes(row.source) ? row.source : 'subscriptions';
    b.total_cents += cents;
    b.by_source[source] += cents;
    totals.total_cents += cents;
    totals.by_source[source] += cents;
    if (row.kind === 'capture') {
      b.count += n;
      totals.count += n;
      totals.count_by_source[source] += n;
    } else if (row.kind === 'refund') totals.refunded_cents -= cents;
    else if (row.kind === 'void') totals.voided_cents -= cents;
    else totals.charged_back_cents -= cents;
  }
  return { buckets: [...buckets.values()], totals };
}

/** Earnings over a range and over the period of the same length just before it (the report's comparison). */
export async function earningsCompared(db: Db, range: DayRange, group: ReportGrouping) {
  const previous = previousRange(range);
  const [now, before] = await Promise.all([earningsOver(db, range, group), earningsOver(db, previous, group)]);
  return { range, previous, now, before };
}

/** Earnings by day and source for the CSV (one row per day and source that had money; memberships also per tier). */
export async function earningsRows(db: Db, r: DayRange) {
  return (
    await sql<{ day: string; source: string; tier_id: string | null; captures: string; reversals: string; net_cents: string }>`
      SELECT day, source, tier_id, count(*) FILTER (WHERE kind = 'capture') AS captures, count(*) FILTER (WHERE kind <> 'capture') AS reversals, sum(amount_cents) AS net_cents
      FROM rm.report_payments WHERE day >= ${r.from} AND day <= ${r.to} GROUP BY day, source, tier_id ORDER BY day, source, tier_id`.execute(db)
  ).rows.map((x) => ({ day: x.day, source: x.source, tier_id: x.tier_id ?? null, captures: Number(x.captures), reversals: Number(x.reversals), net_cents: Number(x.net_cents) }));
}

/** Membership payments over a range by tier: sales (captures) and net cents after their reversals. */
export async function tierEarningsOver(db: Db, r: DayRange): Promise<Map<string, { sales: number; net_cents: number }>> {
  const rows = (
    await sql<{ tier_id: string; sales: string; net_cents: string }>`
      SELECT tier_id, count(*) FILTER (WHERE kind = 'capture') AS sales, sum(amount_cents) AS net_cents
      FROM rm.report_payments WHERE tier_id IS NOT NULL AND day >= ${r.from} AND day <= ${r.to} GROUP BY tier_id`.execute(db)
  ).rows;
  return new Map(rows.map((x) => [x.tier_id, { sales: Number(x.sales), net_cents: Number(x.net_cents) }]));
}

const movementCols = sql`p.id, p.payment_id, p.user_id, u.email, u.name, p.kind, p.source, p.amount_cents, p.method, p.reference_id, p.promotion_id, p.at`;
const toMovement = (r: Record<string, unknown>): MovementRow<number> => ({
  id: String(r.id), payment_id: String(r.payment_id), user_id: String(r.user_id), email: (r.email as string) ?? null, name: (r.name as string) ?? null,
  kind: r.kind as MovementKind, source: r.source as ReportSource, amount_cents: Number(r.amount_cents), method: String(r.method),
  reference_id: (r.reference_id as string) ?? null, promotion_id: (r.promotion_id as string) ?? null, at: new Date(r.at as string).toISOString(),
});

/** Refunds, voids and chargebacks, newest first, with their totals by kind. */
export async function reversalsOver(db: Db, o: { range: DayRange; kind: string | null; q: string | null; page: number; perPage: number }) {
  const where = sql`p.kind <> 'capture' AND p.day >= ${o.range.from} AND p.day <= ${o.range.to}
    ${o.kind ? sql`AND p.kind = ${o.kind}` : sql``} ${o.q ? sql`AND (u.email ILIKE ${like(o.q)} OR u.name ILIKE ${like(o.q)})` : sql``}`;
  const [rows, sums] = await Promise.all([
    sql<Record<string, unknown>>`SELECT ${movementCols} FROM rm.report_payments p LEFT JOIN rm.users u ON u.id = p.user_id WHERE ${where}
      ORDER BY p.at DESC, p.id LIMIT ${o.perPage} OFFSET ${offsetOf(o.page, o.perPage)}`.execute(db),
    sql<{ kind: string; n: string; cents: string }>`SELECT p.kind, count(*) AS n, COALESCE(-sum(p.amount_cents), 0) AS cents
      FROM rm.report_payments p LEFT JOIN rm.users u ON u.id = p.user_id WHERE ${where} GROUP BY p.kind`.execute(db),
  ]);
  const totals = { refund: { count: 0, cents: 0 }, void: { count: 0, cents: 0 }, chargeback: { count: 0, cents: 0 } };
  for (const s of sums.rows) if (s.kind in totals) totals[s.kind as keyof typeof totals] = { count: Number(s.n), cents: Number(s.cents) };
  return { rows: rows.rows.map(toMovement), total: totals.refund.count + totals.void.count + totals.chargeback.count, totals };
}

/** Per fan who ever paid: net paid by source, purchases, reversals, first and last purchase. */
export async function userReport(db: Db, o: { range: DayRange | null; q: string | null; sort: UserReportSort; page: number; perPage: number }) {
  const inRange = o.range ? sql`AND p.day >= ${o.range.from} AND p.day <= ${o.range.to}` : sql``;
  const search = o.q ? sql`AND (u.email ILIKE ${like(o.q)} OR u.name ILIKE ${like(o.q)})` : sql``;
  const perSource = REPORT_SOURCES.map((s) => sql`COALESCE(sum(p.amount_cents) FILTER (WHERE p.source = ${s}), 0) AS ${sql.ref(`src_${s}`)}`);
  const order = o.sort === 'email' ? sql`u.email ASC` : o.sort === 'registered_at' ? sql`u.registered_at DESC` : sql`${sql.ref(o.sort)} DESC NULLS LAST`;
  const base = sql`FROM rm.report_payments p JOIN rm.users u ON u.id = p.user_id WHERE true ${inRange} ${search}`;
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`SELECT u.id AS user_id, u.email, u.name, u.registered_at, sum(p.amount_cents) AS net_cents, ${sql.join(perSource)},
        count(*) FILTER (WHERE p.kind = 'capture') AS purchases, count(*) FILTER (WHERE p.kind <> 'capture') AS reversals,
        min(p.at) FILTER (WHERE p.kind = 'capture') AS first_purchase_at, max(p.at) FILTER (WHERE p.kind = 'capture') AS last_purchase_at
      ${base} GROUP BY u.id, u.email, u.name, u.registered_at ORDER BY ${order}, u.id LIMIT ${o.perPage} OFFSET ${offsetOf(o.page, o.perPage)}`.execute(db),
    sql<{ n: string; net: string }>`SELECT count(DISTINCT p.user_id) AS n, COALESCE(sum(p.amount_cents), 0) AS net ${base}`.execute(db),
  ]);
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    rows: rows.rows.map(
      (r): UserReportRow<number> => ({
        user_id: String(r.user_id), email: String(r.email), name: String(r.name), registered_at: iso(r.registered_at)!, net_cents: Number(r.net_cents),
        by_source: Object.fromEntries(REPORT_SOURCES.map((s) => [s, Number(r[`src_${s}`])])) as Record<ReportSource, number>,
        purchases: Number(r.purchases), reversals: Number(r.reversals), first_purchase_at: iso(r.first_purchase_at), last_purchase_at: iso(r.last_purchase_at),
      }),
    ),
    total: Number(count.rows[0].n),
    net: Number(count.rows[0].net),
  };
}

/** One fan's purchases, refunds, voids and chargebacks, newest first, and what they paid net. */
export async function purchaseHistory(db: Db, userId: string, o: { page: number; perPage: number }) {
  const [user, rows, sums] = await Promise.all([
    db.withSchema('rm').selectFrom('users').select(['id', 'email', 'name', 'registered_at']).where('id', '=', userId).executeTakeFirst(),
    sql<Record<string, unknown>>`SELECT ${movementCols} FROM rm.report_payments p LEFT JOIN rm.users u ON u.id = p.user_id WHERE p.user_id = ${userId}
      ORDER BY p.at DESC, p.id LIMIT ${o.perPage} OFFSET ${offsetOf(o.page, o.perPage)}`.execute(db),
    sql<{ n: string; net: string }>`SELECT count(*) AS n, COALESCE(sum(amount_cents), 0) AS net FROM rm.report_payments WHERE user_id = ${userId}`.execute(db),
  ]);
  return {
    user: user ? { id: user.id, email: user.email, name: user.name, registered_at: new Date(user.registered_at!).toISOString() } : null,
    rows: rows.rows.map(toMovement),
    total: Number(sums.rows[0].n),
    net: Number(sums.rows[0].net),
  };
}

/** Finds a fan by exact email (the purchase-history page's lookup). */
export async function userIdByEmail(db: Db, email: string): Promise<string | null> {
  const r = await db.withSchema('rm').selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return r?.id ?? null;
}

/**
 * Post unlocks: one row per purchase with whether its money came back. `postIds` narrows to a
 * reuse group (a post and its versions); `promotionId` to purchases at that promotion's price.
 */
export async function unlocksOver(db: Db, o: { q: string | null; postIds: string[] | null; promotionId: string | null; page: number; perPage: number }) {
  const where = sql`c.kind = 'capture' AND c.source = 'unlocks'
    ${o.postIds ? sql`AND c.reference_id IN (${sql.join(o.postIds.length ? o.postIds : [''])})` : sql``}
    ${o.promotionId ? sql`AND c.promotion_id = ${o.promotionId}` : sql``}
    ${o.q ? sql`AND (u.email ILIKE ${like(o.q)} OR u.name ILIKE ${like(o.q)} OR po.caption ILIKE ${like(o.q)})` : sql``}`;
  const from = sql`FROM rm.report_payments c LEFT JOIN rm.users u ON u.id = c.user_id LEFT JOIN rm.posts po ON po.id = c.reference_id
    LEFT JOIN rm.report_payments r ON r.payment_id = c.payment_id AND r.kind <> 'capture'`;
  const [rows, sums] = await Promise.all([
    sql<Record<string, unknown>>`SELECT c.payment_id, c.reference_id AS post_id, COALESCE(po.root_post_id, c.reference_id) AS root_post_id, po.caption, c.user_id, u.email, u.name,
        c.amount_cents, c.promotion_id, c.at, r.kind AS reversed
      ${from} WHERE ${where} ORDER BY c.at DESC, c.id LIMIT ${o.perPage} OFFSET ${offsetOf(o.page, o.perPage)}`.execute(db),
    sql<{ n: string; net: string; buyers: string }>`SELECT count(*) AS n, COALESCE(sum(c.amount_cents + COALESCE(r.amount_cents, 0)), 0) AS net,
        count(DISTINCT c.user_id) FILTER (WHERE r.kind IS NULL) AS buyers ${from} WHERE ${where}`.execute(db),
  ]);
  return {
    rows: rows.rows.map(
      (r): UnlockRow<number> => ({
        payment_id: String(r.payment_id), post_id: String(r.post_id), root_post_id: String(r.root_post_id), caption: (r.caption as string) ?? null,
        user_id: String(r.user_id), email: (r.email as string) ?? null, name: (r.name as string) ?? null, amount_cents: Number(r.amount_cents),
        promotion_id: (r.promotion_id as string) ?? null, unlocked_at: new Date(r.at as string).toISOString(), reversed: (r.reversed as UnlockRow['reversed']) ?? null,
      }),
    ),
    total: Number(sums.rows[0].n),
    net: Number(sums.rows[0].net),
    buyers: Number(sums.rows[0].buyers),
  };
}

/** A post's reuse group (reporting groups a reused post with its older versions): the root and every version. */
export async function postGroup(db: Db, postId: string) {
  const post = await db.withSchema('rm').selectFrom('posts').select(['id', 'caption', 'price_cents', 'root_post_id']).where('id', '=', postId).executeTakeFirst();
  if (!post) return null;
  const root = post.root_post_id ?? post.id;
  const members = await db.withSchema('rm').selectFrom('posts').select('id').where((eb) => eb.or([eb('root_post_id', '=', root), eb('id', '=', root)])).orderBy('created_at').execute();
  return { id: post.id, root_post_id: root, caption: post.caption, price_cents: post.price_cents === null ? null : Number(post.price_cents), versions: members.map((m) => m.id) };
}

export const OPT_IN_STATUSES = ['pending', 'link_sent', 'opted_in', 'opt_out', 'dismissed', 'no_thanks', 'no_thanks_opt_out'] as const;

/** Fans by email opt-in status: the count of each, and the fans of one status (or all). */
export async function optInReport(db: Db, o: { status: string | null; q: string | null; page: number; perPage: number }) {
  const base = sql`FROM rm.users u LEFT JOIN rm.account_status a ON a.user_id = u.id LEFT JOIN rm.members m ON m.user_id = u.id
    WHERE u.role = 'user' AND COALESCE(m.deleted, false) = false`;
  const status = sql`COALESCE(a.email_opt_in_status, 'pending')`;
  const filter = sql`${o.status ? sql`AND ${status} = ${o.status}` : sql``} ${o.q ? sql`AND (u.email ILIKE ${like(o.q)} OR u.name ILIKE ${like(o.q)})` : sql``}`;
  const [counts, rows, total] = await Promise.all([
    sql<{ status: string; n: string }>`SELECT ${status} AS status, count(*) AS n ${base} GROUP BY 1`.execute(db),
    sql<Record<string, unknown>>`SELECT u.id AS user_id, u.email, u.name, ${status} AS status, a.opt_in_link_sent_at AS link_sent_at, u.registered_at
      ${base} ${filter} ORDER BY u.registered_at DESC, u.id LIMIT ${o.perPage} OFFSET ${offsetOf(o.page, o.perPage)}`.execute(db),
    sql<{ n: string }>`SELECT count(*) AS n ${base} ${filter}`.execute(db),
  ]);
  const c: Record<string, number> = Object.fromEntries(OPT_IN_STATUSES.map((s) => [s, 0]));
  for (const r of counts.rows) c[r.status] = Number(r.n);
  return {
    counts: c,
    rows: rows.rows.map((r) => ({
      user_id: String(r.user_id), email: String(r.email), name: String(r.name), status: String(r.status),
      link_sent_at: r.link_sent_at ? new Date(r.link_sent_at as string).toISOString() : null, registered_at: new Date(r.registered_at as string).toISOString(),
    })),
    total: Number(total.rows[0].n),
  };
}

/** Fans with the UTM values they registered with, newest first, and registrations per utm_source. */
export async function utmReport(db: Db, o: { q: string | null; source: string | null; range: DayRange | null; page: number; perPage: number }) {
  const where = sql`true ${o.source ? sql`AND t.utm_source = ${o.source}` : sql``}
    ${o.range ? sql`AND t.registered_at >= ${`${o.range.from}T00:00:00.000Z`}::timestamptz AND t.registered_at < (${o.range.to}::date + 1)::timestamptz` : sql``}
    ${o.q ? sql`AND (u.email ILIKE ${like(o.q)} OR t.utm_campaign ILIKE ${like(o.q)} OR t.utm_source ILIKE ${like(o.q)})` : sql``}`;
  const from = sql`FROM rm.user_utm t LEFT JOIN rm.users u ON u.id = t.user_id`;
  const [rows, bySource, total] = await Promise.all([
    sql<Record<string, unknown>>`SELECT t.*, u.email, u.name ${from} WHERE ${where} ORDER BY t.registered_at DESC, t.user_id LIMIT ${o.perPage} OFFSET ${offsetOf(o.page, o.perPage)}`.execute(db),
    sql<{ source: string; n: string }>`SELECT COALESCE(t.utm_source, '(none)') AS source, count(*) AS n ${from} WHERE ${where} GROUP BY 1 ORDER BY 2 DESC, 1`.execute(db),
    sql<{ n: string }>`SELECT count(*) AS n ${from} WHERE ${where}`.execute(db),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      user_id: String(r.user_id), email: (r.email as string) ?? null, name: (r.name as string) ?? null, registered_at: new Date(r.registered_at as string).toISOString(),
      ...Object.fromEntries(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'].filter((f) => r[f]).map((f) => [f, String(r[f])])),
    })),
    by_source: bySource.rows.map((r) => ({ source: r.source, count: Number(r.n) })),
    total: Number(total.rows[0].n),
  };
}

/** The creator's team at work: events written by the model and the staff below admin, newest first. */
export const INFLUENCER_ROLES = ['model', 'sub_admin', 'content_manager', 'live_stream_manager', 'support'] as const;

export async function influencerActivity(db: Db, o: { role: string | null; range: DayRange | null; page: number; perPage: number }) {
  const roles = o.role ? [o.role] : [...INFLUENCER_ROLES];
  const where = sql`a.actor_role IN (${sql.join(roles)})
    ${o.range ? sql`AND a.recorded_at >= ${`${o.range.from}T00:00:00.000Z`}::timestamptz AND a.recorded_at < (${o.range.to}::date + 1)::timestamptz` : sql``}`;
  const [rows, total] = await Promise.all([
    sql<Record<string, unknown>>`SELECT a.id, a.recorded_at, a.actor_id, u.email AS actor_email, a.actor_role, a.type, a.stream_id,
        COALESCE(a.data->>'userId', a.data->>'fanId') AS subject_user_id
      FROM rm.audit_log a LEFT JOIN rm.users u ON u.id = a.actor_id WHERE ${where} ORDER BY a.tx DESC, a.seq DESC LIMIT ${o.perPage} OFFSET ${offsetOf(o.page, o.perPage)}`.execute(db),
    sql<{ n: string }>`SELECT count(*) AS n FROM rm.audit_log a WHERE ${where}`.execute(db),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      id: String(r.id), at: new Date(r.recorded_at as string).toISOString(), actor_id: (r.actor_id as string) ?? null, actor_email: (r.actor_email as string) ?? null,
      actor_role: (r.actor_role as string) ?? null, action: String(r.type), stream_id: String(r.stream_id), subject_user_id: (r.subject_user_id as string) ?? null,
    })),
    total: Number(total.rows[0].n),
  };
}
