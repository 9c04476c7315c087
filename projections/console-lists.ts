// The staff console's list queries over the read models, in react-admin's terms: sort, range, filter.
import type { Role, SubscriptionStatusCode } from '../domain/shared/wire';
import type { AdminSubscriberRecord } from '../domain/subscription/wire';
import { isoTimestamp } from '../infra/db/database';
import { storeRow, timestamptz, type ReadModels } from './schema';
import type { MediaRow } from './media';
import type { PostRow } from './posts';
import { consoleStatusSql, statusCodeSql } from './subscribers';
import { sql, type Kysely, type NotNull, type SelectQueryBuilder } from 'kysely';

export interface ListParams {
  sort: [string, 'ASC' | 'DESC'];
  range: [number, number];
  filter: Record<string, unknown>;
}

export interface ListResult<T> {
  rows: T[];
  total: number;
}

/** Applies sort (only whitelisted columns) and range to a query's selection, and counts the filtered total. */
async function page<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>, p: ListParams, sortable: Record<string, string>, tiebreak: string): Promise<ListResult<O>> {
  // Own columns only: `__proto__` or `constructor` must not name an inherited member.
  const sortColumn = Object.hasOwn(sortable, p.sort[0]) ? sortable[p.sort[0]] : Object.values(sortable)[0];
  const dir = p.sort[1] === 'ASC' ? 'asc' : 'desc';
  // react-admin's getOne/getMany arrive as an id filter (one id or a list).
  const ids = p.filter.id;
  if (Array.isArray(ids)) q = q.where(sql.ref('id'), 'in', ids.length ? ids.map(String) : ['']);
  else if (typeof ids === 'string') q = q.where(sql.ref('id'), '=', ids);
  const [from, to] = p.range;
  const limit = Math.min(Math.max(to - from + 1, 1), 500);
  const [rows, count] = await Promise.all([
    q.orderBy(sql.ref(sortColumn), dir).orderBy(sql.ref(tiebreak), dir).limit(limit).offset(Math.max(from, 0)).execute(),
    q.clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  // The builder cannot resolve a generic selection's result type: the count is found by its column.
  return { rows, total: Number(count && 'n' in count ? count.n : 0) };
}

const like = (v: unknown) => `%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** A post's status as the console shows it: error / processing (from its media), scheduled, or published. */
function postStatusFilter<O>(q: SelectQueryBuilder<ReadModels, 'posts', O>, status: string, nowIso: string) {
  const mediaWith = (s: string) => sql<boolean>`EXISTS (SELECT 1 FROM rm.media m WHERE m.id IN (SELECT jsonb_array_elements(posts.media)->>'mediaId') AND m.status = ${s})`;
  switch (status) {
    case 'error':
      return q.where(mediaWith('error'));
    case 'processing':
      return q.where(mediaWith('processing')).where(sql<boolean>`NOT ${mediaWith('error')}`);
    case 'scheduled':
      return q.where('publish_at', '>', isoTimestamp(nowIso)).where(sql<boolean>`NOT ${mediaWith('error')}`).where(sql<boolean>`NOT ${mediaWith('processing')}`);
    case 'published':
      return q.where('publish_at', '<=', isoTimestamp(nowIso)).where(sql<boolean>`NOT ${mediaWith('error')}`).where(sql<boolean>`NOT ${mediaWith('processing')}`);
    default:
      return q.where(sql<boolean>`false`);
  }
}

export async function listPosts(db: Kysely<ReadModels>, p: ListParams, nowIso: string): Promise<ListResult<PostRow>> {
  let q = db.withSchema('rm').selectFrom('posts').where('deleted', '=', false);
  if (str(p.filter.q)) q = q.where('caption', 'ilike', like(p.filter.q));
  if (str(p.filter.visibility)) q = q.where('visibility', '=', str(p.filter.visibility)!);
  if (p.filter.is_demo !== undefined) q = q.where('is_demo', '=', p.filter.is_demo === true || p.filter.is_demo === 'true');
  if (str(p.filter.status)) q = postStatusFilter(q, String(p.filter.status), nowIso);
  const r = await page(q.selectAll(), p, { publish_at: 'publish_at', created_at: 'created_at', price_cents: 'price_cents', unlock_count: 'unlock_count', revenue_cents: 'revenue_cents', caption: 'caption' }, 'id');
  return { rows: r.rows.map((row) => storeRow('posts', row) as PostRow), total: r.total };
}

export async function listMedia(db: Kysely<ReadModels>, p: ListParams): Promise<ListResult<MediaRow>> {
  // A fan's chat upload is private to that fan's conversation: not a console media item (as in the library).
  let q = db.withSchema('rm').selectFrom('media').where(sql<boolean>`NOT EXISTS (SELECT 1 FROM rm.users fu WHERE fu.id = media.uploaded_by AND fu.role = 'user')`);
  if (str(p.filter.kind)) q = q.where('kind', '=', str(p.filter.kind)!);
  if (str(p.filter.status)) q = q.where('status', '=', str(p.filter.status)!);
  const r = await page(q.selectAll(), p, { created_at: 'created_at', size: 'size', file_name: 'file_name' }, 'id');
  return { rows: r.rows.map((row) => storeRow('media', row) as MediaRow), total: r.total };
}

export function listUsers(db: Kysely<ReadModels>, p: ListParams, nowIso: string) {
  let q = db
    .withSchema('rm')
    .selectFrom((eb) =>
      eb
        .selectFrom('users as u')
        .leftJoin('subscribers as s', 's.user_id', 'u.id')
        .leftJoin('members as m', 'm.user_id', 'u.id')
        .where(sql<boolean>`COALESCE(m.deleted, false) = false`)
        .select([
          'u.id', 'u.email', 'u.name', sql<string>`COALESCE(m.role, u.role)`.as('role'), 'u.registered_at as created_at', 'u.total_spent_cents', 'u.is_demo',
          statusCodeSql(nowIso).as('subscription_status'),
          'm.nickname', sql<boolean>`COALESCE(m.blocked, false)`.as('blocked'), sql<boolean>`COALESCE(m.hidden_from_chat, false)`.as('hidden_from_chat'),
          sql<boolean>`COALESCE(m.mass_messages_muted, false)`.as('mass_messages_muted'), sql<boolean>`COALESCE(m.photo_id_override, false)`.as('photo_id_override'),
          sql<boolean>`COALESCE(m.migration_subscription, false)`.as('migration_subscription'), 's.expires_at as expiration_date',
          sql<boolean>`COALESCE(s.payment_method = 'complimentary' AND s.expires_at > ${nowIso}::timestamptz, false)`.as('complimentary'),
          sql<Record<string, boolean>>`COALESCE(m.email_preferences, '{"new_posts":true,"messages":true,"promotions":true}'::jsonb)`.as('email_preferences'),
        ])
        .as('x'),
    );
  if (str(p.filter.q)) q = q.where((eb) => eb.or([eb('email', 'ilike', like(p.filter.q)), eb('name', 'ilike', like(p.filter.q))]));
  if (str(p.filter.role)) q = q.where('role', '=', str(p.filter.role)!);
  if (p.filter.blocked !== undefined) q = q.where('blocked', '=', p.filter.blocked === true || p.filter.blocked === 'true');
  // The users list's `view` (POST /api/users/get_users_list?view; domain/console/admin-tools-wire.ts USER_VIEWS).
  if (p.filter.view === 'fans') q = q.where('role', '=', 'user');
  if (p.filter.view === 'subscribers') q = q.where('subscription_status', 'in', ['1', '2']);
  if (p.filter.view === 'blocked') q = q.where('blocked', '=', true);
  if (p.filter.view === 'staff') q = q.where('role', '!=', 'user');
  // Exact email (case-insensitive) or a part of it: the super-admin lookup (api/routes/admin-tools.ts).
  if (str(p.filter.email_eq)) q = q.where(sql`lower(email)`, '=', str(p.filter.email_eq)!.toLowerCase());
  if (str(p.filter.email_like)) q = q.where('email', 'ilike', like(p.filter.email_like));
  if (Array.isArray(p.filter.roles)) q = q.where('role', 'in', p.filter.roles.length ? p.filter.roles.map(String) : ['']);
  // Every account is written with these (projections/users.ts, members.ts), and the status CASE answers only these codes.
  const rows = q.selectAll().$narrowType<{ email: NotNull; name: NotNull; role: Role; created_at: NotNull; total_spent_cents: NotNull; subscription_status: SubscriptionStatusCode }>();
  return page(rows, p, { created_at: 'created_at', email: 'email', name: 'name', total_spent_cents: 'total_spent_cents', role: 'role' }, 'id');
}

/** Staff actions: events written by a staff role or through a proxy session, with the actor's email. */
export function listAudit(db: Kysely<ReadModels>, p: ListParams) {
  let q = db
    .withSchema('rm')
    .selectFrom((eb) =>
      eb
        .selectFrom('audit_log as a')
        .leftJoin('users as u', 'u.id', 'a.actor_id')
        .where((w) => w.or([w('a.actor_role', 'in', STAFF_ROLE_NAMES), w('a.proxy_admin_id', 'is not', null)]))
        .select([
          'a.id', 'a.recorded_at', 'a.actor_id', 'u.email as actor_email', 'a.actor_role', 'a.proxy_admin_id', 'a.type as action', 'a.stream_id', 'a.ip', 'a.data', 'a.tx', 'a.seq',
          sql<string | null>`COALESCE(a.data->>'userId', a.data->>'fanId', CASE WHEN a.stream_id ~ '^(user|member|subscription|cards)-[0-9a-f-]{36}$' THEN substring(a.stream_id from '[0-9a-f-]{36}$') END)`.as('subject_user_id'),
        ])
        .as('x'),
    );
  if (str(p.filter.actor_id)) q = q.where('actor_id', '=', str(p.filter.actor_id)!);
  if (str(p.filter.action)) q = q.where('action', '=', str(p.filter.action)!);
  if (str(p.filter.subject_user_id)) q = q.where('subject_user_id', '=', str(p.filter.subject_user_id)!);
  if (str(p.filter.recorded_at_gte)) q = q.where('recorded_at', '>=', timestamptz(str(p.filter.recorded_at_gte)!));
  if (str(p.filter.recorded_at_lte)) q = q.where('recorded_at', '<=', timestamptz(str(p.filter.recorded_at_lte)!));
  // Every event has these (projections/audit-log.ts), and its data is an object.
  const rows = q.selectAll().$narrowType<{ recorded_at: NotNull; action: NotNull; stream_id: NotNull; data: Record<string, unknown> }>();
  return page(rows, p, { recorded_at: 'tx', action: 'action' }, 'seq');
}

const STAFF_ROLE_NAMES = ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support', 'system'];

export function listSubscribers(db: Kysely<ReadModels>, p: ListParams, nowIso: string) {
  let q = db
    .withSchema('rm')
    .selectFrom((eb) =>
      eb
        .selectFrom('subscribers as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select([
          's.user_id as id', 'u.email', 'u.name', 's.price_cents', 's.recurring_price_cents', 's.payment_method', 's.started_at', 's.expires_at',
          's.next_billing_at', 's.cancelled_at', 's.cancel_reason', 's.rebill_failed_at', 's.rebill_retry_at', 's.rebill_attempts', 's.periods',
          consoleStatusSql(nowIso).as('status'),
        ])
        .as('x'),
    );
  if (str(p.filter.q)) q = q.where((eb) => eb.or([eb('email', 'ilike', like(p.filter.q)), eb('name', 'ilike', like(p.filter.q))]));
  if (str(p.filter.status)) q = q.where('status', '=', str(p.filter.status)!);
  return page(q.selectAll().$narrowType<{ status: AdminSubscriberRecord['status'] }>(), p, { started_at: 'started_at', expires_at: 'expires_at', email: 'email', price_cents: 'price_cents' }, 'id');
}

export function listTransactions(db: Kysely<ReadModels>, p: ListParams) {
  let q = db
    .withSchema('rm')
    .selectFrom((eb) =>
      eb
        .selectFrom('transactions as t')
        .leftJoin('users as u', 'u.id', 't.user_id')
        .select([
          't.id', 't.user_id', 'u.email as user_email', 't.type', 't.amount_cents', 't.currency', 't.method', 't.card', 't.status',
          't.failure_code', 't.reference_id', 't.gateway_transaction_id', 't.created_at',
        ])
        .as('x'),
    );
  if (str(p.filter.q)) q = q.where('user_email', 'ilike', like(p.filter.q));
  if (str(p.filter.type)) q = q.where('type', '=', str(p.filter.type)!);
  if (str(p.filter.status)) q = q.where('status', '=', str(p.filter.status)!);
  if (str(p.filter.user_id)) q = q.where('user_id', '=', str(p.filter.user_id)!);
  if (str(p.filter.created_at_gte)) q = q.where('created_at', '>=', timestamptz(str(p.filter.created_at_gte)!));
  if (str(p.filter.created_at_lte)) q = q.where('created_at', '<=', timestamptz(str(p.filter.created_at_lte)!));
  return page(q.selectAll(), p, { created_at: 'created_at', amount_cents: 'amount_cents', type: 'type', status: 'status' }, 'id');
}

export function listAuditLog(db: Kysely<ReadModels>, p: ListParams) {
  let q = db.withSchema('rm').selectFrom('audit_log');
  if (str(p.filter.stream_id)) q = q.where('stream_id', '=', str(p.filter.stream_id)!);
  if (str(p.filter.type)) q = q.where('type', '=', str(p.filter.type)!);
  if (str(p.filter.actor_id)) q = q.where('actor_id', '=', str(p.filter.actor_id)!);
  if (str(p.filter.subject_user_id)) {
    const id = String(p.filter.subject_user_id);
    q = q.where((eb) => eb.or([eb('actor_id', '=', id), eb(sql`data->>'userId'`, '=', id), eb('stream_id', 'like', `%-${id}`)]));
  }
  // Every event has these (projections/audit-log.ts), and its data and metadata are objects.
  const rows = q.selectAll().$narrowType<{
    position: NotNull; stream_id: NotNull; revision: NotNull; type: NotNull; recorded_at: NotNull; data: Record<string, unknown>; metadata: Record<string, unknown>;
  }>();
  return page(rows, p, { position: 'tx', recorded_at: 'recorded_at', type: 'type', stream_id: 'stream_id' }, 'seq');
}

/** A row of each list, as the database reads it (timestamps are Dates). */
export type UserListRow = ListRow<typeof listUsers>;
export type AuditListRow = ListRow<typeof listAudit>;
export type SubscriberListRow = ListRow<typeof listSubscribers>;
export type TransactionListRow = ListRow<typeof listTransactions>;
export type AuditLogListRow = ListRow<typeof listAuditLog>;
type ListRow<F extends (...args: never[]) => Promise<ListResult<unknown>>> = Awaited<ReturnType<F>>['rows'][number];

export async function countPosts(db: Kysely<ReadModels>): Promise<number> {
  const r = await db.withSchema('rm').selectFrom('posts').where('deleted', '=', false).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function subscriberCounts(db: Kysely<ReadModels>, nowIso: string, todayIso: string) {
  const r = await db
    .withSchema('rm')
    .selectFrom('subscribers')
    .select([
      sql<number>`count(*) FILTER (WHERE expires_at > ${nowIso}::timestamptz)`.as('active'),
      sql<number>`count(*) FILTER (WHERE started_at >= ${todayIso}::timestamptz)`.as('new_today'),
    ])
    .executeTakeFirstOrThrow();
  return { active: Number(r.active), newToday: Number(r.new_today) };
}
