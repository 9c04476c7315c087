// Read model: shop orders with their lines and every step they went through (placed, paid, shipped, …), for the
// fan's order history and the console's order list.
import { sql, type Kysely } from 'kysely';
import { needsShipping, type OrderLine, type OrderStatus, type ShippingAddress } from '../domain/shop-order/order';
import type { AnyDomainEvent } from './events';
import { defineProjection, update } from './projection';
import { shopOrdersTables, type ReadModelRows, type ReadModels } from './schema';

/** One step of an order: what it became, when, and (for staff steps) who and why. */
export interface OrderStep {
  status: OrderStatus | 'delivered' | 'tracking_changed' | 'line_refunded';
  at: string;
  by: string | null;
  note: string | null;
}

export type ShopOrderLine = OrderLine & { refunded_quantity: number };

export interface ShopOrderRow {
  id: string;
  user_id: string;
  status: OrderStatus;
  lines: ShopOrderLine[];
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  refunded_cents: number;
  address: ShippingAddress | null;
  carrier: string | null;
  tracking_number: string | null;
  failure_code: string | null;
  cancel_reason: string | null;
  history: OrderStep[];
  placed_at: string;
  paid_at: string | null;
  updated_at: string;
}

export const shopOrdersProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'shop-orders',
  tables: shopOrdersTables,
  handles: [
    'ShopOrderPlaced', 'ShopOrderPaid', 'ShopOrderPaymentFailed', 'ShopOrderDelivered', 'ShopOrderShipped', 'ShopOrderTrackingChanged',
    'ShopOrderCompleted', 'ShopOrderCancelled', 'ShopOrderLineRefunded', 'ShopOrderReversed',
  ],
  async apply(event, store) {
    const { type, data: d } = event;
    const step = (o: ShopOrderRow, s: OrderStep, change: Partial<ShopOrderRow> = {}): ShopOrderRow => ({ ...o, ...change, history: [...(o.history ?? []), s], updated_at: s.at });
    const order = (change: (o: ShopOrderRow) => ShopOrderRow) => update<ShopOrderRow>(store, 'shop_orders', { id: d.orderId }, change);
    switch (type) {
      case 'ShopOrderPlaced':
        store.put('shop_orders', {
          id: d.orderId, user_id: d.userId, status: 'placed', lines: d.lines.map((l) => ({ ...l, refunded_quantity: 0 })), subtotal_cents: d.subtotalCents,
          shipping_cents: d.shippingCents, total_cents: d.totalCents, refunded_cents: 0, address: d.address, carrier: null, tracking_number: null, failure_code: null,
          cancel_reason: null, history: [{ status: 'placed', at: d.placedAt, by: null, note: null }], placed_at: d.placedAt, paid_at: null, updated_at: d.placedAt,
        });
        return;
      case 'ShopOrderPaid':
        await order((o) => step(o, { status: 'paid', at: d.paidAt, by: null, note: null }, { status: 'paid', paid_at: d.paidAt }));
        return;
      case 'ShopOrderPaymentFailed':
        await order((o) => step(o, { status: 'failed', at: d.failedAt, by: null, note: d.failureCode }, { status: 'failed', failure_code: d.failureCode }));
        return;
      case 'ShopOrderDelivered':
        // Digital items only: delivered is fulfilled; with physical items the order waits for shipping.
        await order((o) => step(o, { status: 'delivered', at: d.deliveredAt, by: null, note: null }, { status: needsShipping(o.lines) ? o.status : 'fulfilled' }));
        return;
      case 'ShopOrderShipped':
        await order((o) => step(o, { status: 'fulfilled', at: d.shippedAt, by: d.shippedBy, note: `${d.carrier} ${d.trackingNumber}` }, { status: 'fulfilled', carrier: d.carrier, tracking_number: d.trackingNumber }));
        return;
      case 'ShopOrderTrackingChanged':
        await order((o) => step(o, { status: 'tracking_changed', at: d.changedAt, by: d.changedBy, note: `${d.carrier} ${d.trackingNumber}` }, { carrier: d.carrier, tracking_number: d.trackingNumber }));
        return;
      case 'ShopOrderCompleted':
        await order((o) => step(o, { status: 'completed', at: d.completedAt, by: null, note: null }, { status: 'completed' }));
        return;
      case 'ShopOrderCancelled':
        await order((o) => step(o, { status: 'cancelled', at: d.cancelledAt, by: d.cancelledBy, note: d.reason || null }, {
          status: 'cancelled', cancel_reason: d.reason || null, refunded_cents: d.paid ? o.total_cents : o.refunded_cents,
        }));
        return;
      case 'ShopOrderLineRefunded':
        await order((o) => {
          const lines = o.lines.map((l) => (l.lineNo === d.lineNo ? { ...l, refunded_quantity: l.refunded_quantity + d.quantity } : l));
          const all = lines.every((l) => l.refunded_quantity >= l.quantity);
          return step(o, { status: 'line_refunded', at: d.refundedAt, by: d.refundedBy, note: `line ${d.lineNo} × ${d.quantity}` }, {
            lines, refunded_cents: o.refunded_cents + d.amountCents, status: all ? 'refunded' : o.status,
          });
        });
        return;
      case 'ShopOrderReversed': {
        const status: OrderStatus = d.kind === 'chargeback' ? 'charged_back' : 'refunded';
        await order((o) => step(o, { status, at: d.reversedAt, by: null, note: d.kind }, {
          status, refunded_cents: o.total_cents, lines: o.lines.map((l) => ({ ...l, refunded_quantity: l.quantity })),
        }));
        return;
      }
    }
  },
});

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const orderOf = (r: Record<string, unknown>): ShopOrderRow & { user_name: string | null; user_email: string | null } => ({
  ...(r as unknown as ShopOrderRow & { user_name: string | null; user_email: string | null }),
  subtotal_cents: Number(r.subtotal_cents), shipping_cents: Number(r.shipping_cents), total_cents: Number(r.total_cents), refunded_cents: Number(r.refunded_cents ?? 0),
  placed_at: iso(r.placed_at)!, paid_at: iso(r.paid_at), updated_at: iso(r.updated_at)!,
});

export interface OrderListQuery {
  /** One fan's orders; null: everyone's (staff). */
  userId: string | null;
  status?: string;
  q?: string;
  sort?: 'placed_at' | 'total_cents' | 'status' | 'updated_at';
  order?: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** Orders newest first (or as sorted) with the buyer's name, and how many match. */
export async function listOrders(db: Kysely<ReadModels>, o: OrderListQuery) {
  const where = sql.join([
    o.userId ? sql`o.user_id = ${o.userId}` : sql`TRUE`,
    o.status ? sql`o.status = ${o.status}` : sql`TRUE`,
    o.q ? sql`(u.name ILIKE ${`%${o.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} OR u.email ILIKE ${`%${o.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} OR o.id = ${o.q})` : sql`TRUE`,
  ], sql` AND `);
  const sort = sql.ref(`o.${o.sort ?? 'placed_at'}`);
  const order = o.order === 'ASC' ? sql`ASC` : sql`DESC`;
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`
      SELECT o.*, u.name AS user_name, u.email AS user_email FROM rm.shop_orders o LEFT JOIN rm.users u ON u.id = o.user_id
      WHERE ${where} ORDER BY ${sort} ${order}, o.id ${order} LIMIT ${o.limit} OFFSET ${o.offset}`.execute(db),
    sql<{ n: string }>`SELECT count(*) AS n FROM rm.shop_orders o LEFT JOIN rm.users u ON u.id = o.user_id WHERE ${where}`.execute(db),
  ]);
  return { rows: rows.rows.map(orderOf), total: Number(count.rows[0].n) };
}

/** One order with the buyer's name; undefined when there is none. */
export async function findOrder(db: Kysely<ReadModels>, orderId: string) {
  const rows = await sql<Record<string, unknown>>`
    SELECT o.*, u.name AS user_name, u.email AS user_email FROM rm.shop_orders o LEFT JOIN rm.users u ON u.id = o.user_id WHERE o.id = ${orderId}`.execute(db);
  return rows.rows.length ? orderOf(rows.rows[0]) : undefined;
}

/**
 * Orders whose line refunds are recorded but not all paid out (a crash or a provider outage between the order and
 * the money): the order's refunded cents are more than the refunds, voids and chargebacks its payment shows.
 */
export async function lineRefundsNotPaid(db: Kysely<ReadModels>): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    SELECT o.id FROM rm.shop_orders o
    WHERE o.refunded_cents > 0 AND o.refunded_cents > COALESCE(
      (SELECT -SUM(t.amount_cents) FROM rm.transactions t WHERE t.reference_id = o.id AND t.type IN ('refund', 'void', 'chargeback')), 0)`.execute(db);
  return rows.rows.map((r) => r.id);
}
