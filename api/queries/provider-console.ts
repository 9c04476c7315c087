// Our side of the console's Sticky.io pages: the payments that went through Sticky.io (the transactions read model,
// the card router's record of where each payment was charged, and the Sticky.io adapter's books for an order id
// not yet in the log), a payment's events, and the payments of a fan found by email.
import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../../projections/schema';
import type { ListParams, ListResult } from '../../projections/console-lists';
import type { OurPaymentSummary, StickyTransactionRecord } from '../../domain/payment-providers/provider-console';
import type { Role } from '../../domain/shared/wire';

const STICKY_IO = 'sticky-io';
const REVERSALS = ['refund', 'void', 'chargeback'];

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** Our payment's row, reversal and events; null when our log has no payment with this id. */
export async function ourPayment(db: Kysely<ReadModels>, paymentId: string): Promise<OurPaymentSummary | null> {
  const rows = await sql<{
    id: string; user_id: string; email: string | null; type: string; amount_cents: number; status: OurPaymentSummary['status']; failure_code: string | null;
    card: string | null; gateway_transaction_id: string | null; order_id: string | null; created_at: Date; settled_at: Date | null;
  }>`SELECT t.id, t.user_id, u.email, t.type, t.amount_cents, t.status, t.failure_code, t.card, t.gateway_transaction_id, c.order_id, t.created_at, t.settled_at
     FROM rm.transactions t LEFT JOIN rm.users u ON u.id = t.user_id LEFT JOIN sticky_io.charges c ON c.idempotency_key = t.id
     WHERE t.id = ${paymentId} AND t.type NOT IN ('refund', 'void', 'chargeback')`.execute(db);
  const row = rows.rows[0];
  if (!row) return null;
  const [reversal, events] = await Promise.all([
    db.withSchema('rm').selectFrom('transactions').select(['type', 'amount_cents', 'created_at']).where('reference_id', '=', paymentId).where('type', 'in', REVERSALS).executeTakeFirst(),
    db.withSchema('rm').selectFrom('audit_log').select(['type', 'recorded_at', 'actor_role']).where('stream_id', '=', `payment-${paymentId}`).orderBy('tx').orderBy('seq').limit(100).execute(),
  ]);
  return {
    payment_id: row.id, user_id: row.user_id, user_email: row.email, type: row.type, amount_cents: Number(row.amount_cents), status: row.status,
    failure_code: row.failure_code, card: row.card, provider_reference: row.gateway_transaction_id ?? row.order_id,
    created_at: iso(row.created_at)!, settled_at: iso(row.settled_at),
    reversal: reversal ? { kind: reversal.type ?? 'refund', amount_cents: -Number(reversal.amount_cents), at: iso(reversal.created_at)! } : null,
    events: events.map((e) => ({ type: e.type ?? '', recorded_at: iso(e.recorded_at)!, actor_role: e.actor_role ?? null })),
  };
}

/** Whether the card router sent this payment to Sticky.io. */
export async function wentThroughSticky(db: Kysely<ReadModels>, paymentId: string): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM payment_router.card_payments WHERE payment_id = ${paymentId} AND provider = ${STICKY_IO}`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}

/** The payment an order id belongs to, by the adapter's books or our log. */
export async function paymentOfOrder(db: Kysely<ReadModels>, orderId: string): Promise<string | null> {
  const r = await sql<{ id: string }>`
    SELECT c.idempotency_key AS id FROM sticky_io.charges c WHERE c.order_id = ${orderId}
    UNION ALL
    SELECT t.id FROM rm.transactions t JOIN payment_router.card_payments p ON p.payment_id = t.id AND p.provider = ${STICKY_IO}
    WHERE t.gateway_transaction_id = ${orderId} AND t.type NOT IN ('refund', 'void', 'chargeback')
    LIMIT 1`.execute(db);
  return r.rows[0]?.id ?? null;
}

/** The Sticky.io payments of the account with this email, if its current role is one of `roles` (the caller's lower ranks). */
export async function stickyPaymentsOfEmail(db: Kysely<ReadModels>, email: string, roles: readonly Role[], limit: number): Promise<string[]> {
  if (roles.length === 0) return [];
  const r = await sql<{ id: string }>`
    SELECT t.id FROM rm.users u LEFT JOIN rm.members m ON m.user_id = u.id JOIN rm.transactions t ON t.user_id = u.id
    JOIN payment_router.card_payments p ON p.payment_id = t.id AND p.provider = ${STICKY_IO}
    WHERE lower(u.email) = lower(${email}) AND coalesce(m.role, u.role) IN (${sql.join([...roles])}) AND t.type NOT IN ('refund', 'void', 'chargeback')
    ORDER BY t.created_at DESC, t.id LIMIT ${limit}`.execute(db);
  return r.rows.map((x) => x.id);
}

const SORTABLE: Record<string, string> = { created_at: 'created_at', amount_cents: 'amount_cents', status: 'status', type: 'type' };

/** Payments that went through Sticky.io and their reversals, newest first, with the order id; at most `maxRows` (a page, or an export). */
export async function listStickyTransactions(db: Kysely<ReadModels>, p: ListParams, maxRows = 500): Promise<ListResult<StickyTransactionRecord>> {
  const f = p.filter;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const like = str(f.q) ? `%${str(f.q)!.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const ids = Array.isArray(f.id) ? f.id.map(String) : str(f.id) ? [str(f.id)!] : null;
  const base = sql`
    SELECT t.id, coalesce(t.reference_id, t.id) AS payment_id, t.user_id, u.email AS user_email, t.type, t.amount_cents, t.status, t.failure_code, t.card,
           coalesce(t.gateway_transaction_id, c.order_id) AS order_id, t.created_at
    FROM rm.transactions t
    JOIN payment_router.card_payments p ON p.provider = ${STICKY_IO}
      AND p.payment_id = CASE WHEN t.type IN ('refund', 'void', 'chargeback') THEN t.reference_id ELSE t.id END
    LEFT JOIN rm.users u ON u.id = t.user_id
    LEFT JOIN sticky_io.charges c ON c.idempotency_key = p.payment_id
    WHERE (${like}::text IS NULL OR u.email ILIKE ${like})
      AND (${str(f.status)}::text IS NULL OR t.status = ${str(f.status)})
      AND (${str(f.user_id)}::text IS NULL OR t.user_id = ${str(f.user_id)})
      AND (${str(f.created_at_gte)}::timestamptz IS NULL OR t.created_at >= ${str(f.created_at_gte)}::timestamptz)
      AND (${str(f.created_at_lte)}::timestamptz IS NULL OR t.created_at <= ${str(f.created_at_lte)}::timestamptz)
      ${ids ? sql`AND t.id IN (${sql.join(ids.length ? ids : [''])})` : sql``}`;
  const col = Object.hasOwn(SORTABLE, p.sort[0]) ? SORTABLE[p.sort[0]] : 'created_at';
  const dir = p.sort[1] === 'ASC' ? sql`ASC` : sql`DESC`;
  const limit = Math.min(Math.max(p.range[1] - p.range[0] + 1, 1), maxRows);
  const [rows, count] = await Promise.all([
    sql<StickyTransactionRecord & { created_at: Date }>`SELECT * FROM (${base}) x ORDER BY ${sql.ref(col)} ${dir}, id ${dir} LIMIT ${limit} OFFSET ${p.range[0]}`.execute(db),
    sql<{ n: string }>`SELECT count(*) AS n FROM (${base}) x`.execute(db),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    rows: rows.rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), created_at: iso(r.created_at)! })),
  };
}
