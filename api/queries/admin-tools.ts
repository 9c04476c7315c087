// Reads of the console's admin tools: users by email, fans' saved cards, a user's
// transactions, and the health page's figures (process, event store and projections, database, disk, outbox,
// media queue, Kafka, Janus).
import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../../projections/schema';
import { listUsers, type ListParams, type ListResult } from '../../projections/console-lists';
import { rankOf } from '../../domain/access/ranks';
import type { Role } from '../../domain/shared/wire';
import { dollarsFromCents } from '../../domain/shared/money';
import type { HealthCheck, HealthView, LookupUser, UserCardRecord, UserTransactionsView } from '../../domain/console/admin-tools-wire';
import { diskLevel, formatBytes, formatUptime, mediaQueueLevel, outboxLevel, overallLevel, projectionLevel } from '../../domain/console/health';
import { CHECKPOINT_TABLE } from '../../projections/rebuild';
import type { Services } from '../services';

const ALL_ROLES: Role[] = ['user', 'proxy_user', 'support', 'live_stream_manager', 'content_manager', 'model', 'sub_admin', 'admin', 'super_admin'];

/** The roles a staff member may look at in the lookup: lower ranks only (domain/access/ranks.ts). */
export const rolesBelow = (actor: string): Role[] => ALL_ROLES.filter((r) => rankOf(r) < rankOf(actor));

export const PAGE_SIZE = 20;

/** Users by email for the super-admin lookup: exact (`exact`) or containing the text; only lower ranks. */
export async function lookupUsers(db: Kysely<ReadModels>, actor: string, email: string, exact: boolean, pageNum: number, nowIso: string): Promise<{ rows: LookupUser[]; total: number }> {
  const filter = { [exact ? 'email_eq' : 'email_like']: email, roles: rolesBelow(actor) };
  const r = await listUsers(db, { sort: ['email', 'ASC'], range: [(pageNum - 1) * PAGE_SIZE, pageNum * PAGE_SIZE - 1], filter }, nowIso);
  if (r.rows.length === 0) return { rows: [], total: r.total };
  const ids = r.rows.map((u) => u.id);
  const [cards, wallets] = await Promise.all([
    db.withSchema('rm').selectFrom('user_cards').select(['user_id', sql<number>`jsonb_array_length(cards)`.as('n')]).where('user_id', 'in', ids).execute(),
    db.withSchema('rm').selectFrom('wallets').select(['user_id', 'balance_cents']).where('user_id', 'in', ids).execute(),
  ]);
  const cardCount = new Map(cards.map((c) => [c.user_id, Number(c.n)]));
  const balance = new Map(wallets.map((w) => [w.user_id, Number(w.balance_cents)]));
  const rows = r.rows.map((u): LookupUser => ({
    _id: u.id, name: u.name, email: u.email, role: u.role, registered_at: u.created_at.toISOString(), subscription_status: u.subscription_status,
    expiration_date: u.expiration_date ? u.expiration_date.toISOString() : null, blocked: !!u.blocked, nickname: u.nickname ?? null,
    photo_id_override: !!u.photo_id_override, migration_subscription: !!u.migration_subscription,
    total_spent_cents: Number(u.total_spent_cents), total_spent: dollarsFromCents(Number(u.total_spent_cents)),
    cards: cardCount.get(u.id) ?? 0, wallet_balance_cents: balance.get(u.id) ?? 0,
  }));
  return { rows, total: r.total };
}

/** A saved card as the statement below reads it (the card's fields are the jsonb's text). */
interface SavedCardRow {
  user_id: string;
  email: string;
  name: string;
  card_id: string;
  brand: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  added_at: string | null;
  is_primary: boolean | null;
}

/** Every fan's saved cards, one row per card (brand, last 4, expiry: the read model holds nothing else). */
export async function listUserCards(db: Kysely<ReadModels>, p: ListParams, now: Date): Promise<ListResult<UserCardRecord>> {
  const q = typeof p.filter.q === 'string' && p.filter.q.trim() ? `%${p.filter.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const userId = typeof p.filter.user_id === 'string' && p.filter.user_id ? p.filter.user_id : null;
  const sortable: Record<string, string> = { added_at: 'added_at', email: 'email', brand: 'brand', exp: 'exp_key' };
  const col = Object.hasOwn(sortable, p.sort[0]) ? sortable[p.sort[0]] : 'added_at';
  const dir = p.sort[1] === 'ASC' ? sql`ASC` : sql`DESC`;
  const base = sql`
    SELECT c.user_id, u.email, u.name, e->>'card_id' AS card_id, e->>'brand' AS brand, e->>'last4' AS last4, e->>'exp_month' AS exp_month,
           e->>'exp_year' AS exp_year, e->>'added_at' AS added_at, (e->>'card_id') = c.primary_card_id AS is_primary,
           lpad(e->>'exp_year', 4, '0') || lpad(e->>'exp_month', 2, '0') AS exp_key
    FROM rm.user_cards c JOIN rm.users u ON u.id = c.user_id CROSS JOIN LATERAL jsonb_array_elements(c.cards) e
    WHERE (${q}::text IS NULL OR u.email ILIKE ${q} OR u.name ILIKE ${q}) AND (${userId}::text IS NULL OR c.user_id = ${userId})`;
  const [rows, count] = await Promise.all([
    sql<SavedCardRow>`SELECT * FROM (${base}) x ORDER BY ${sql.ref(col)} ${dir} NULLS LAST, card_id LIMIT ${p.range[1] - p.range[0] + 1} OFFSET ${p.range[0]}`.execute(db),
    sql<{ n: string }>`SELECT count(*) AS n FROM (${base}) x`.execute(db),
  ]);
  const ym = now.getUTCFullYear() * 100 + now.getUTCMonth() + 1;
  return {
    total: Number(count.rows[0]?.n ?? 0),
    rows: rows.rows.map((r) => ({
      id: r.card_id, user_id: r.user_id, email: r.email, name: r.name, brand: r.brand, last4: r.last4, exp_month: r.exp_month, exp_year: r.exp_year,
      is_primary: !!r.is_primary, added_at: r.added_at ?? null,
      // A card is good through the end of its expiry month.
      expired: Number(r.exp_year.length === 2 ? `20${r.exp_year}` : r.exp_year) * 100 + Number(r.exp_month) < ym,
    })),
  };
}

/** One user's money movements (captured, failed and reversals as negative rows), newest first, 20 a page. */
export async function userTransactions(db: Kysely<ReadModels>, userId: string, pageNum: number): Promise<UserTransactionsView> {
  const base = db.withSchema('rm').selectFrom('transactions').where('user_id', '=', userId);
  const [rows, totals] = await Promise.all([
    base.select(['id', 'type', 'amount_cents', 'status', 'method', 'card', 'created_at']).orderBy('created_at', 'desc').orderBy('id').limit(PAGE_SIZE).offset((pageNum - 1) * PAGE_SIZE).execute(),
    base.select([
      sql<string>`count(*)`.as('n'),
      sql<string>`coalesce(sum(amount_cents) FILTER (WHERE status = 'captured' AND amount_cents > 0), 0)`.as('captured'),
      sql<string>`coalesce(-sum(amount_cents) FILTER (WHERE status = 'captured' AND amount_cents < 0), 0)`.as('reversed'),
    ]).executeTakeFirst(),
  ]);
  const captured = Number(totals?.captured ?? 0);
  const reversed = Number(totals?.reversed ?? 0);
  return {
    transactions: rows.map((t) => ({
      _id: t.id, type: t.type ?? '', amount_cents: Number(t.amount_cents), amount: dollarsFromCents(Number(t.amount_cents)), status: t.status ?? '', method: t.method, card: t.card,
      created_at: new Date(t.created_at!).toISOString(),
    })),
    totals: { captured_cents: captured, reversed_cents: reversed, net_cents: captured - reversed },
    currentPage: pageNum,
    totalPages: Math.max(1, Math.ceil(Number(totals?.n ?? 0) / PAGE_SIZE)),
  };
}

// ---- health ---------------------------------------------------------------------------------------------

const fmtPos = (tx: unknown, seq: unknown) => `${tx}/${seq}`;

export async function healthReport(services: Services): Promise<HealthView> {
  const { database, store, runner, config } = services;
  const db = database.db;
  const checks: HealthCheck[] = [];

  // Process
  const mem = process.memoryUsage();
  checks.push({
    name: 'Process', level: 'ok', summary: `Up ${formatUptime(process.uptime())}, ${formatBytes(mem.rss)} memory`,
    details: { uptime_seconds: Math.round(process.uptime()), rss_bytes: mem.rss, heap_used_bytes: mem.heapUsed, heap_total_bytes: mem.heapTotal, node: process.version, pid: process.pid },
  });

  // Event store and projections: each projection's checkpoint and how many events it still has to apply.
  const head = await store.headPosition();
  const cps = (await sql<{ name: string; tx: string; seq: string }>`SELECT name, tx, seq FROM ${sql.id('rm', CHECKPOINT_TABLE)} ORDER BY name`.execute(db)).rows;
  const stopped = !!runner.error || !runner.running;
  const projections = await Promise.all(cps.map(async (c) => {
    const behind = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (SELECT 1 FROM es.events WHERE (transaction_id, seq) > (${String(c.tx)}::text::xid8, ${c.seq}::bigint) LIMIT 100000) x`.execute(db);
    const lag = Number(behind.rows[0]?.n ?? 0);
    return { name: c.name, position: Number(c.tx) === 0 && Number(c.seq) === 0 ? null : fmtPos(c.tx, c.seq), lag, level: projectionLevel(lag, stopped) };
  }));
  const total = await sql<{ n: string }>`SELECT count(*) AS n FROM es.events`.execute(db);
  const maxLag = Math.max(0, ...projections.map((p) => p.lag));
  checks.push({
    name: 'Event store', level: overallLevel(projections.map((p) => p.level)),
    summary: stopped ? 'Projections stopped' : maxLag === 0 ? `${Number(total.rows[0]?.n ?? 0)} events, projections up to date` : `Projections up to ${maxLag} events behind`,
    details: { events: Number(total.rows[0]?.n ?? 0), head: head ? fmtPos(head.tx, head.seq) : null, projections: projections.length, runner: stopped ? 'stopped' : 'running', max_lag: maxLag },
  });

  // Database
  const t0 = performance.now();
  const size = await sql<{ bytes: string }>`SELECT pg_database_size(current_database()) AS bytes`.execute(db).catch(() => null);
  const pingMs = Math.round((performance.now() - t0) * 10) / 10;
  const bytes = size ? Number(size.rows[0]?.bytes ?? 0) : null;
  checks.push({
    name: 'Database', level: 'ok', summary: `${database.kind === 'postgres' ? 'PostgreSQL' : 'Embedded PGlite'}${bytes !== null ? `, ${formatBytes(bytes)}` : ''}, ${pingMs} ms`,
    details: { kind: database.kind, size_bytes: bytes, query_ms: pingMs },
  });

  // Disk (the data folder: uploads on local disk, PGlite, the secret)
  try {
    const s = await fs.promises.statfs(config.dataDir);
    const free = s.bavail * s.bsize;
    const totalBytes = s.blocks * s.bsize;
    checks.push({ name: 'Disk', level: diskLevel(free, totalBytes), summary: `${formatBytes(free)} free of ${formatBytes(totalBytes)}`, details: { path: config.dataDir, free_bytes: free, total_bytes: totalBytes } });
  } catch (e) {
    checks.push({ name: 'Disk', level: 'warn', summary: 'Not readable', details: { path: config.dataDir, error: (e as Error).message } });
  }

  // Mail outbox
  const outbox = (await sql<{ status: string; n: string }>`SELECT status, count(*) AS n FROM app.outbox GROUP BY status`.execute(db).catch(() => ({ rows: [] as { status: string; n: string }[] }))).rows;
  const byStatus = Object.fromEntries(outbox.map((o) => [o.status, Number(o.n)]));
  const failed = byStatus.failed ?? 0;
  checks.push({
    name: 'Mail outbox', level: outboxLevel(failed),
    summary: `${byStatus.sent ?? 0} sent, ${byStatus.queued ?? 0} queued, ${failed} failed${config.SMTP_URL ? '' : ' (no SMTP: kept in the outbox)'}`,
    details: { smtp: !!config.SMTP_URL, sent: byStatus.sent ?? 0, queued: byStatus.queued ?? 0, failed },
  });

  // Media queue
  const media = (await db.withSchema('rm').selectFrom('media').select(['status', sql<string>`count(*)`.as('n')]).where(sql<boolean>`coalesce(removed, false) = false`).groupBy('status').execute());
  const m = Object.fromEntries(media.map((r) => [r.status, Number(r.n)]));
  checks.push({
    name: 'Media queue', level: mediaQueueLevel(m.processing ?? 0, m.error ?? 0), summary: `${m.processing ?? 0} processing, ${m.error ?? 0} failed, ${m.ready ?? 0} ready`,
    details: { worker: config.FANCLUB_MEDIA_WORKER, processing: m.processing ?? 0, failed: m.error ?? 0, ready: m.ready ?? 0 },
  });

  // Kafka (several nodes) and Janus (live streaming), when configured
  checks.push(config.KAFKA_BROKERS
    ? { name: 'Kafka', level: services.bus ? 'ok' : 'down', summary: `${config.KAFKA_BROKERS.split(',').length} broker(s), node ${services.bus?.nodeId ?? '?'}`, details: { brokers: config.KAFKA_BROKERS, topic_prefix: config.KAFKA_TOPIC_PREFIX ?? null } }
    : { name: 'Kafka', level: 'off', summary: 'Not configured (one node)', details: {} });
  const live = services.liveMedia.status();
  checks.push(live.available
    ? { name: 'Janus', level: 'ok', summary: 'Live media server available', details: { available: true, url: live.url } }
    : { name: 'Janus', level: config.FANCLUB_LIVE === 'off' ? 'off' : 'warn', summary: live.reason, details: { available: false } });

  return { checked_at: services.clock().toISOString(), level: overallLevel(checks.map((c) => c.level)), checks, projections };
}
