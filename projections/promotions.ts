// Read models: promotions, the promotion ribbon settings and the resubscribe offer
// settings, and every purchase made under a promotion or with a coupon (the promotion and coupon reports).
//
// Purchases are not written to the promotion or coupon streams: the purchase's own events carry the promotion id
// (`promotionId`) or coupon code (`couponCode`) — PostUnlockRequested, SubscriptionRequested or PaymentRequested
// (top level, or inside `purpose`) —, and the payment's events (captured, failed, reversed) say what became of it.
import { sql, type Kysely, type NotNull, type Selectable } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { promotionsTables, type ReadModelRows, type ReadModels } from './schema';
import type { Promotion, PromotionState, PromotionType } from '../domain/promotion/promotion';
import { activePromotion, PROMOTION_TYPES } from '../domain/promotion/promotion';
import { promotionSettingsDecider, type PromotionSettings, type PromotionSettingsEvent } from '../domain/promotion/promotion-settings';
import { resubscribeOfferDecider, type ResubscribeOfferEvent, type ResubscribeOfferSettings } from '../domain/offer/resubscribe-offer';
import type { ListParams } from './console-lists';
import { promotionView, type OfferPurchaseRow, type PromotionReportRow } from '../domain/promotion/wire';

export interface PromotionRow {
  id: string;
  promotion_type: PromotionType;
  data: Promotion;
  created_at: string;
  ended_at: string | null;
  ended_by: string | null;
}

export interface OfferPaymentRow {
  payment_id: string;
  promotion_id: string | null;
  coupon_code: string | null;
  kind: 'unlock' | 'subscription';
  item_id: string | null;
  user_id: string;
  amount_cents: number;
  status: 'pending' | 'captured' | 'failed' | 'reversed';
  requested_at: string;
  captured_at: string | null;
  reversed_at: string | null;
  reversal_kind: string | null;
}

const PROMOTION_SETTINGS_ID = 'promotion-settings';
const RESUBSCRIBE_OFFER_ID = 'resubscribe-offer';

/** The promotion id and coupon code a purchase event carries (top level or in its payment purpose). */
function offerTags(d: Readonly<Record<string, unknown>>): { promotionId: string | null; couponCode: string | null } {
  const purpose = (d.purpose ?? {}) as Readonly<Record<string, unknown>>;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const pick = (k: 'promotionId' | 'couponCode') => text(d[k]) ?? text(purpose[k]);
  return { promotionId: pick('promotionId'), couponCode: pick('couponCode') };
}

export const promotionsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'promotions',
  tables: promotionsTables,
  handles: [
    'PromotionCreated', 'PromotionEnded', 'PromotionSettingsUpdated', 'ResubscribeOfferSettingsSaved',
    'PostUnlockRequested', 'SubscriptionRequested', 'PaymentRequested', 'PaymentCaptured', 'PaymentFailed', 'PaymentReversed',
  ],
  async apply(event, store) {
    const { type, data: d } = event;
    switch (type) {
      case 'PromotionCreated': {
        const p = d as Promotion;
        store.put('promotions', { id: p.promotionId, promotion_type: p.offer.type, data: p, created_at: p.createdAt, ended_at: null, ended_by: null });
        return;
      }
      case 'PromotionEnded': {
        const row = await store.get<PromotionRow>('promotions', { id: d.promotionId });
        if (row && !row.ended_at) store.put('promotions', { ...row, ended_at: d.endedAt, ended_by: d.endedBy });
        return;
      }
      case 'PromotionSettingsUpdated': {
        const row = await store.get<{ values: PromotionSettings }>('promotion_config', { id: PROMOTION_SETTINGS_ID });
        const values = promotionSettingsDecider.evolve(row?.values ?? promotionSettingsDecider.initialState(), event as unknown as PromotionSettingsEvent);
        store.put('promotion_config', { id: PROMOTION_SETTINGS_ID, values });
        return;
      }
      case 'ResubscribeOfferSettingsSaved': {
        const row = await store.get<{ values: ResubscribeOfferSettings }>('promotion_config', { id: RESUBSCRIBE_OFFER_ID });
        const values = resubscribeOfferDecider.evolve(row?.values ?? resubscribeOfferDecider.initialState(), event as unknown as ResubscribeOfferEvent);
        store.put('promotion_config', { id: RESUBSCRIBE_OFFER_ID, values });
        return;
      }
      case 'PostUnlockRequested':
      case 'SubscriptionRequested':
      case 'PaymentRequested': {
        // A period nothing was charged for (a free trial or offer month) has no payment to report.
        if (typeof d.paymentId !== 'string' || !d.paymentId) return;
        const tags = offerTags(d);
        const prev = await store.get<OfferPaymentRow>('offer_payments', { payment_id: d.paymentId });
        if (!tags.promotionId && !tags.couponCode && !prev) return;
        const purpose = type === 'PaymentRequested' ? d.purpose : undefined;
        const kind = type === 'PostUnlockRequested' ? 'unlock' : type === 'SubscriptionRequested' ? 'subscription' : purpose?.kind === 'unlock' ? 'unlock' : 'subscription';
        const itemId = type === 'PostUnlockRequested' ? d.postId : purpose?.kind === 'unlock' ? purpose.postId : prev?.item_id ?? null;
        store.put('offer_payments', {
          payment_id: d.paymentId,
          promotion_id: prev?.promotion_id ?? tags.promotionId,
          coupon_code: prev?.coupon_code ?? tags.couponCode,
          kind: prev?.kind ?? kind,
          item_id: prev?.item_id ?? itemId,
          user_id: d.userId,
          amount_cents: d.amountCents,
          status: prev?.status ?? 'pending',
          requested_at: prev?.requested_at ?? d.requestedAt ?? event.metadata.at,
          captured_at: prev?.captured_at ?? null,
          reversed_at: prev?.reversed_at ?? null,
          reversal_kind: prev?.reversal_kind ?? null,
        });
        return;
      }
      case 'PaymentCaptured': {
        const row = await store.get<OfferPaymentRow>('offer_payments', { payment_id: d.paymentId });
        if (row) store.put('offer_payments', { ...row, status: 'captured', amount_cents: d.amountCents, captured_at: d.capturedAt });
        return;
      }
      case 'PaymentFailed': {
        const row = await store.get<OfferPaymentRow>('offer_payments', { payment_id: d.paymentId });
        if (row && row.status === 'pending') store.put('offer_payments', { ...row, status: 'failed' });
        return;
      }
      case 'PaymentReversed': {
        const row = await store.get<OfferPaymentRow>('offer_payments', { payment_id: d.paymentId });
        if (row) store.put('offer_payments', { ...row, status: 'reversed', reversed_at: d.reversedAt, reversal_kind: d.kind });
        return;
      }
    }
  },
});

// ---------------------------------------------------------------------------------------------------------
// Queries

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** A promotions row as read: every promotion is created with its type and time (PromotionCreated above). */
type PromotionRecord = Selectable<ReadModels['promotions']> & { promotion_type: PromotionType; created_at: Date };
type Created = { promotion_type: PromotionType; created_at: NotNull };

/** Counts and sums as a statement reads them: count(*) a bigint (a number), a sum of bigints numeric (text). */
type Figure = number | string;

function promotionRow(r: PromotionRecord): PromotionRow {
  return { id: r.id, promotion_type: r.promotion_type, data: parseJson<Promotion>(r.data), created_at: iso(r.created_at)!, ended_at: iso(r.ended_at), ended_by: r.ended_by ?? null };
}

/** The latest promotion of a type, as the read side's PromotionState (running, expired or ended). */
export async function promotionStateOf(db: Kysely<ReadModels>, type: PromotionType): Promise<PromotionState> {
  const r = await db.withSchema('rm').selectFrom('promotions').selectAll().where('promotion_type', '=', type).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1)
    .$narrowType<Created>().executeTakeFirst();
  if (!r) return { current: null, currentEnded: false, knownIds: [] };
  const row = promotionRow(r);
  return { current: row.data, currentEnded: row.ended_at !== null, knownIds: [row.id] };
}

/** Both types' latest promotion states. */
export async function promotionStates(db: Kysely<ReadModels>): Promise<Record<PromotionType, PromotionState>> {
  const [SUBSCRIPTION, LOCKED_CONTENT] = await Promise.all(PROMOTION_TYPES.map((t) => promotionStateOf(db, t)));
  return { SUBSCRIPTION, LOCKED_CONTENT };
}

/** The running promotion of each type at `now` (null when none). Stable export: the subscribe page uses it. */
export async function activePromotions(db: Kysely<ReadModels>, now: string): Promise<Record<PromotionType, Promotion | null>> {
  const s = await promotionStates(db);
  return { SUBSCRIPTION: activePromotion(s.SUBSCRIPTION, now), LOCKED_CONTENT: activePromotion(s.LOCKED_CONTENT, now) };
}

export async function findPromotion(db: Kysely<ReadModels>, id: string): Promise<PromotionRow | undefined> {
  const r = await db.withSchema('rm').selectFrom('promotions').selectAll().where('id', '=', id).$narrowType<Created>().executeTakeFirst();
  return r ? promotionRow(r) : undefined;
}

export async function promotionSettingsOf(db: Kysely<ReadModels>): Promise<PromotionSettings> {
  const r = await db.withSchema('rm').selectFrom('promotion_config').select('values').where('id', '=', PROMOTION_SETTINGS_ID).executeTakeFirst();
  return r ? parseJson<PromotionSettings>(r.values) : promotionSettingsDecider.initialState();
}

export async function resubscribeOfferSettingsOf(db: Kysely<ReadModels>): Promise<ResubscribeOfferSettings> {
  const r = await db.withSchema('rm').selectFrom('promotion_config').select('values').where('id', '=', RESUBSCRIBE_OFFER_ID).executeTakeFirst();
  return r ? parseJson<ResubscribeOfferSettings>(r.values) : resubscribeOfferDecider.initialState();
}

const REPORT_SORTS: Record<string, string> = {
  created_at: 'p.created_at', purchases: 'purchases', revenue_cents: 'revenue_cents', buyers: 'buyers', promotion_type: 'p.promotion_type', id: 'p.id',
};

/**
 * Every promotion with its purchases and revenue (captured, not reversed). Filters: promotion_type, status
 * ('active' | 'expired' | 'ended', judged at `now`), id (one or a list: react-admin's getOne/getMany).
 */
export async function promotionReports(db: Kysely<ReadModels>, p: ListParams, now: string): Promise<{ rows: PromotionReportRow[]; total: number }> {
  const f = p.filter;
  const where: ReturnType<typeof sql>[] = [sql`true`];
  if (typeof f.promotion_type === 'string' && f.promotion_type) where.push(sql`p.promotion_type = ${f.promotion_type}`);
  const ids = f.id;
  if (Array.isArray(ids)) where.push(ids.length ? sql`p.id IN (${sql.join(ids.map(String))})` : sql`false`);
  else if (typeof ids === 'string' && ids) where.push(sql`p.id = ${ids}`);
  const status = typeof f.status === 'string' ? f.status : '';
  if (status === 'ended') where.push(sql`p.ended_at IS NOT NULL`);
  if (status === 'active') where.push(sql`p.ended_at IS NULL AND ((p.data->>'isRepeat')::boolean OR (p.data->>'dateExpire')::timestamptz > ${now}::timestamptz)`);
  if (status === 'expired') where.push(sql`p.ended_at IS NULL AND NOT (p.data->>'isRepeat')::boolean AND (p.data->>'dateExpire')::timestamptz <= ${now}::timestamptz`);
  const cond = sql.join(where, sql` AND `);
  const sortCol = (Object.hasOwn(REPORT_SORTS, p.sort[0]) && REPORT_SORTS[p.sort[0]]) || 'p.created_at';
  const dir = p.sort[1] === 'ASC' ? sql`ASC` : sql`DESC`;
  const [from, to] = p.range;
  const limit = Math.min(Math.max(to - from + 1, 1), 500);
  const rows = await sql<PromotionRecord & { purchases: Figure; buyers: Figure; revenue_cents: Figure; reversed: Figure }>`
    SELECT p.*, COALESCE(s.purchases, 0) AS purchases, COALESCE(s.buyers, 0) AS buyers, COALESCE(s.revenue_cents, 0) AS revenue_cents, COALESCE(s.reversed, 0) AS reversed
    FROM rm.promotions p
    LEFT JOIN (
      SELECT promotion_id,
        COUNT(*) FILTER (WHERE status = 'captured') AS purchases,
        COUNT(DISTINCT user_id) FILTER (WHERE status = 'captured') AS buyers,
        SUM(amount_cents) FILTER (WHERE status = 'captured') AS revenue_cents,
        COUNT(*) FILTER (WHERE status = 'reversed') AS reversed
      FROM rm.offer_payments WHERE promotion_id IS NOT NULL GROUP BY promotion_id
    ) s ON s.promotion_id = p.id
    WHERE ${cond}
    ORDER BY ${sql.raw(sortCol)} ${dir}, p.id ${dir}
    LIMIT ${limit} OFFSET ${Math.max(from, 0)}`.execute(db);
  const count = await sql<{ n: string }>`SELECT COUNT(*) AS n FROM rm.promotions p WHERE ${cond}`.execute(db);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    rows: rows.rows.map((r) => {
      const row = promotionRow(r);
      const revenue = Number(r.revenue_cents);
      return {
        ...promotionView(row.data, row.ended_at ? { endedAt: row.ended_at } : null, now),
        id: row.id,
        purchases: Number(r.purchases),
        buyers: Number(r.buyers),
        revenue_cents: revenue,
        revenue: revenue / 100,
        reversed: Number(r.reversed),
      };
    }),
  };
}

const PURCHASE_SORTS: Record<string, string> = { requested_at: 'o.requested_at', captured_at: 'o.captured_at', amount_cents: 'o.amount_cents', status: 'o.status', id: 'o.payment_id' };

/**
 * Purchases made under a promotion or with a coupon, newest first, with the buyer's name and email. Filters:
 * promotion_id, coupon_code (normalised by the caller), status, kind, id (payment ids), tagged ('promotion' |
 * 'coupon': only those made under a promotion / with a coupon).
 */
export async function offerPurchases(db: Kysely<ReadModels>, p: ListParams): Promise<{ rows: OfferPurchaseRow[]; total: number }> {
  const f = p.filter;
  const where: ReturnType<typeof sql>[] = [sql`true`];
  if (typeof f.promotion_id === 'string' && f.promotion_id) where.push(sql`o.promotion_id = ${f.promotion_id}`);
  if (typeof f.coupon_code === 'string' && f.coupon_code) where.push(sql`o.coupon_code = ${f.coupon_code}`);
  if (typeof f.status === 'string' && f.status) where.push(sql`o.status = ${f.status}`);
  if (typeof f.kind === 'string' && f.kind) where.push(sql`o.kind = ${f.kind}`);
  if (f.tagged === 'promotion') where.push(sql`o.promotion_id IS NOT NULL`);
  if (f.tagged === 'coupon') where.push(sql`o.coupon_code IS NOT NULL`);
  const ids = f.id;
  if (Array.isArray(ids)) where.push(ids.length ? sql`o.payment_id IN (${sql.join(ids.map(String))})` : sql`false`);
  else if (typeof ids === 'string' && ids) where.push(sql`o.payment_id = ${ids}`);
  const cond = sql.join(where, sql` AND `);
  const sortCol = (Object.hasOwn(PURCHASE_SORTS, p.sort[0]) && PURCHASE_SORTS[p.sort[0]]) || 'o.requested_at';
  const dir = p.sort[1] === 'ASC' ? sql`ASC` : sql`DESC`;
  const [from, to] = p.range;
  const limit = Math.min(Math.max(to - from + 1, 1), 500);
  // Every offer payment is written with these (PaymentRequested and the purchase events above).
  type Purchase = Selectable<ReadModels['offer_payments']> &
    Pick<OfferPaymentRow, 'kind' | 'user_id' | 'status'> & { requested_at: Date; user_name: string | null; user_email: string | null };
  const rows = await sql<Purchase>`
    SELECT o.*, u.name AS user_name, u.email AS user_email
    FROM rm.offer_payments o LEFT JOIN rm.users u ON u.id = o.user_id
    WHERE ${cond}
    ORDER BY ${sql.raw(sortCol)} ${dir} NULLS LAST, o.payment_id ${dir}
    LIMIT ${limit} OFFSET ${Math.max(from, 0)}`.execute(db);
  const count = await sql<{ n: string }>`SELECT COUNT(*) AS n FROM rm.offer_payments o WHERE ${cond}`.execute(db);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    rows: rows.rows.map((r) => ({
      id: r.payment_id,
      payment_id: r.payment_id,
      promotion_id: r.promotion_id ?? null,
      coupon_code: r.coupon_code ?? null,
      kind: r.kind,
      item_id: r.item_id ?? null,
      user_id: r.user_id,
      user_name: r.user_name ?? null,
      user_email: r.user_email ?? null,
      amount_cents: Number(r.amount_cents),
      amount: Number(r.amount_cents) / 100,
      status: r.status,
      requested_at: iso(r.requested_at)!,
      captured_at: iso(r.captured_at),
      reversed_at: iso(r.reversed_at),
    })),
  };
}

/** Uses (captured, not reversed) and revenue per coupon code. */
export async function couponUsage(db: Kysely<ReadModels>, codes: string[]): Promise<Map<string, { uses: number; revenue_cents: number }>> {
  const out = new Map<string, { uses: number; revenue_cents: number }>();
  if (codes.length === 0) return out;
  const rows = await sql<{ coupon_code: string; uses: Figure; revenue_cents: Figure }>`
    SELECT coupon_code, COUNT(*) AS uses, COALESCE(SUM(amount_cents), 0) AS revenue_cents
    FROM rm.offer_payments WHERE status = 'captured' AND coupon_code IN (${sql.join(codes)}) GROUP BY coupon_code`.execute(db);
  for (const r of rows.rows) out.set(r.coupon_code, { uses: Number(r.uses), revenue_cents: Number(r.revenue_cents) });
  return out;
}
