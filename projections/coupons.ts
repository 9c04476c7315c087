// Read model: coupons with their terms and whether they are enabled. Their uses and revenue come
// from the purchases that carried the code (projections/promotions.ts offer_payments).
import { sql, type Kysely, type NotNull, type Selectable } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { couponsTables, type ReadModelRows, type ReadModels } from './schema';
import type { CouponTerms } from '../domain/coupon/coupon';
import type { ListParams } from './console-lists';
import type { CouponView } from '../domain/promotion/wire';
import { couponUsage } from './promotions';

export interface CouponRow {
  id: string;
  code: string;
  terms: CouponTerms;
  disabled: boolean;
  created_at: string;
  updated_at: string;
}

export const couponsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'coupons',
  tables: couponsTables,
  handles: ['CouponCreated', 'CouponUpdated', 'CouponDisabled', 'CouponEnabled'],
  async apply(event, store) {
    const { type, data: d } = event;
    const terms = (t: CouponTerms): CouponTerms => ({ discountType: t.discountType, discountValueForInitial: t.discountValueForInitial, discountValueForRecurring: t.discountValueForRecurring });
    if (type === 'CouponCreated') {
      store.put('coupons', { id: d.couponId, code: d.code, terms: terms(d), disabled: false, created_at: d.createdAt, updated_at: d.createdAt });
      return;
    }
    const row = await store.get<CouponRow>('coupons', { id: d.couponId });
    if (!row) return;
    if (type === 'CouponUpdated') store.put('coupons', { ...row, terms: terms(d), updated_at: d.updatedAt });
    if (type === 'CouponDisabled') store.put('coupons', { ...row, disabled: true, updated_at: d.disabledAt });
    if (type === 'CouponEnabled') store.put('coupons', { ...row, disabled: false, updated_at: d.enabledAt });
  },
});

const iso = (v: unknown) => new Date(v as string).toISOString();
const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** A coupons row as read: every coupon is created with its code and times (CouponCreated above). */
type CouponRecord = Selectable<ReadModels['coupons']> & { code: string; created_at: Date; updated_at: Date };
type Created = { code: NotNull; created_at: NotNull; updated_at: NotNull };

function couponRow(r: CouponRecord): CouponRow {
  return { id: r.id, code: r.code, terms: parseJson<CouponTerms>(r.terms), disabled: !!r.disabled, created_at: iso(r.created_at), updated_at: iso(r.updated_at) };
}

/** Percent values stay percents; fixed ones (cents in the domain) are dollars on the wire. */
export const wireValue = (t: CouponTerms, v: number) => (t.discountType === 'fixed' ? v / 100 : v);

export function couponView(c: CouponRow, usage?: { uses: number; revenue_cents: number }): CouponView {
  return {
    _id: c.id,
    id: c.id,
    code: c.code,
    discount_type: c.terms.discountType,
    discount_value_for_initial: wireValue(c.terms, c.terms.discountValueForInitial),
    discount_value_for_recurring: wireValue(c.terms, c.terms.discountValueForRecurring),
    is_active: !c.disabled,
    created_at: c.created_at,
    updated_at: c.updated_at,
    uses: usage?.uses ?? 0,
    revenue_cents: usage?.revenue_cents ?? 0,
  };
}

export async function findCoupon(db: Kysely<ReadModels>, id: string): Promise<CouponRow | undefined> {
  const r = await db.withSchema('rm').selectFrom('coupons').selectAll().where('id', '=', id).$narrowType<Created>().executeTakeFirst();
  return r ? couponRow(r) : undefined;
}

export async function findCouponByCode(db: Kysely<ReadModels>, code: string): Promise<CouponRow | undefined> {
  const r = await db.withSchema('rm').selectFrom('coupons').selectAll().where('code', '=', code).$narrowType<Created>().executeTakeFirst();
  return r ? couponRow(r) : undefined;
}

const SORTS: Record<string, string> = { created_at: 'created_at', updated_at: 'updated_at', code: 'code', id: 'id' };

/** Coupons with uses and revenue. Filters: q (code contains), is_active, id (one or a list). */
export async function listCoupons(db: Kysely<ReadModels>, p: ListParams): Promise<{ rows: CouponView[]; total: number }> {
  const f = p.filter;
  const where: ReturnType<typeof sql>[] = [sql`true`];
  if (typeof f.q === 'string' && f.q.trim()) where.push(sql`code LIKE ${`%${f.q.trim().toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.is_active !== undefined && f.is_active !== '') where.push(sql`disabled = ${!(f.is_active === true || f.is_active === 'true')}`);
  const ids = f.id;
  if (Array.isArray(ids)) where.push(ids.length ? sql`id IN (${sql.join(ids.map(String))})` : sql`false`);
  else if (typeof ids === 'string' && ids) where.push(sql`id = ${ids}`);
  const cond = sql.join(where, sql` AND `);
  const dir = p.sort[1] === 'ASC' ? sql`ASC` : sql`DESC`;
  const [from, to] = p.range;
  const limit = Math.min(Math.max(to - from + 1, 1), 500);
  const rows = await sql<CouponRecord>`SELECT * FROM rm.coupons WHERE ${cond} ORDER BY ${sql.raw((Object.hasOwn(SORTS, p.sort[0]) && SORTS[p.sort[0]]) || 'created_at')} ${dir}, id ${dir} LIMIT ${limit} OFFSET ${Math.max(from, 0)}`.execute(db);
  const count = await sql<{ n: string }>`SELECT COUNT(*) AS n FROM rm.coupons WHERE ${cond}`.execute(db);
  const coupons = rows.rows.map(couponRow);
  const usage = await couponUsage(db, coupons.map((c) => c.code));
  return { total: Number(count.rows[0]?.n ?? 0), rows: coupons.map((c) => couponView(c, usage.get(c.code))) };
}
